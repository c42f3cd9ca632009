/** `npm start` opens a browser only where one can be opened (else Vite prints an xdg-open stack trace). */

import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { canOpenBrowser } from "../../tools/author/notebook-kit/kit.ts";

const withOpener = mkdtempSync(join(tmpdir(), "xdg-"));
writeFileSync(join(withOpener, "xdg-open"), "#!/bin/sh\n", { mode: 0o755 });

describe("canOpenBrowser", () => {
  it("does not open one in CI or when NO_OPEN is set", () => {
    expect(canOpenBrowser({ CI: "1", DISPLAY: ":0", PATH: withOpener }, "linux")).toBe(false);
    expect(canOpenBrowser({ NO_OPEN: "1" }, "darwin")).toBe(false);
  });
  it("on Linux needs a desktop session and xdg-open", () => {
    expect(canOpenBrowser({ PATH: withOpener }, "linux")).toBe(false);
    expect(canOpenBrowser({ DISPLAY: ":0", PATH: "/nonexistent" }, "linux")).toBe(false);
    expect(canOpenBrowser({ DISPLAY: ":0", PATH: withOpener }, "linux")).toBe(true);
    expect(canOpenBrowser({ WAYLAND_DISPLAY: "wayland-0", PATH: withOpener }, "linux")).toBe(true);
  });
  it("elsewhere leaves it to the system", () => {
    expect(canOpenBrowser({}, "darwin")).toBe(true);
  });
});
