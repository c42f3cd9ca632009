/**
 * How the course's headless Chromium is launched (tools/author/browser.ts): the features it turns off
 * must reach the switch Chromium reads — only the last `--disable-features` counts, and the npm
 * package's own arguments already carry one.
 */

import { describe, expect, it } from "vitest";
import { withDisabledFeatures } from "../../tools/author/browser.ts";

describe("withDisabledFeatures", () => {
  it("adds a --disable-features switch where there is none", () => {
    expect(withDisabledFeatures(["--no-sandbox"])).toEqual(["--no-sandbox", "--disable-features=RenderDocument"]);
  });

  it("joins the last --disable-features switch, keeping its features and every other argument in place", () => {
    const args = ["--disable-features=A", "--headless", "--disable-features=IsolateOrigins,site-per-process", "--x"];
    expect(withDisabledFeatures(args)).toEqual([
      "--disable-features=A",
      "--headless",
      "--disable-features=IsolateOrigins,site-per-process,RenderDocument",
      "--x",
    ]);
    expect(args[2], "the caller's array is left alone").toBe("--disable-features=IsolateOrigins,site-per-process");
  });

  it("reaches the switch Chromium reads with the arguments @sparticuz/chromium gives", async () => {
    const { default: sparticuz } = await import("@sparticuz/chromium");
    const args = withDisabledFeatures(sparticuz.args);
    const last = args.findLast((a) => a.startsWith("--disable-features="))!;
    expect(last.split("=")[1]!.split(",")).toEqual(expect.arrayContaining(["RenderDocument", "IsolateOrigins"]));
  });
});
