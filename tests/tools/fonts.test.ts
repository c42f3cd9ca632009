/**
 * The pages' fonts (tools/author/notebook-kit/fonts.ts): the kit's template loses its six Fontsource
 * stylesheets for notebooks/runtime/fonts.css, whose every face is a woff2 file that exists, and
 * KaTeX's stylesheet keeps only its woff2 sources.
 */

import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { courseFontsTemplate, katexWoff2Only } from "../../tools/author/notebook-kit/fonts.ts";
import { fromRoot } from "../../tools/author/root.ts";

const require = createRequire(import.meta.url);

describe("the course's fonts", () => {
  it("replace the kit template's Fontsource imports with notebooks/runtime/fonts.css", () => {
    const template = readFileSync(
      fromRoot("node_modules/@observablehq/notebook-kit/dist/src/templates/default.html"),
      "utf8",
    );
    expect(template).toMatch(/@fontsource-variable/);
    const html = courseFontsTemplate(template);
    expect(html).not.toMatch(/@fontsource-variable/);
    expect(html.match(/@import url\("\.\/runtime\/fonts\.css"\);/g)).toHaveLength(1);
    expect(html).toMatch(/@import url\("observable:styles\/index\.css"\);/);
  });

  it("declare woff2 files that exist, Source Serif 4 for the prose, Inter and the monospace upright", () => {
    const css = readFileSync(fromRoot("notebooks/runtime/fonts.css"), "utf8");
    const urls = [...css.matchAll(/url\(([^)]+)\)/g)].map((m) => m[1]!);
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) {
      expect(url).toMatch(/\.woff2$/);
      expect(existsSync(resolve(dirname(fromRoot("notebooks/runtime/fonts.css")), url)), url).toBe(true);
    }
    const faces = [...css.matchAll(/font-family: "([^"]+)";\s*font-style: (\w+);/g)].map((m) => `${m[1]} ${m[2]}`);
    expect(new Set(faces)).toEqual(
      new Set([
        "Source Serif 4 Variable normal",
        "Source Serif 4 Variable italic",
        "Inter Variable normal",
        "Spline Sans Mono Variable normal",
      ]),
    );
  });

  it("keep only KaTeX's woff2 sources", () => {
    const id = require.resolve("katex/dist/katex.min.css");
    const plugin = katexWoff2Only();
    const warnings: string[] = [];
    const transform = plugin.transform as (this: unknown, code: string, id: string) => { code: string } | undefined;
    const out = transform.call({ warn: (m: string) => warnings.push(m) }, readFileSync(id, "utf8"), id)!;
    expect(out.code).toMatch(/\.woff2\) format\("woff2"\)/);
    expect(out.code).not.toMatch(/\.(woff|ttf)\)/);
    expect(warnings).toEqual([]);
  });
});
