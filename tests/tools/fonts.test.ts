/**
 * The pages' fonts (tools/author/notebook-kit/fonts.ts): the kit's template loses its six Fontsource
 * stylesheets for notebooks/runtime/fonts.css, whose every face is a woff2 file that exists, KaTeX's
 * stylesheet keeps only its woff2 sources, and the build keeps of each text font only the glyphs the
 * course's text uses.
 */

import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, resolve } from "node:path";
import { Blob, Face } from "harfbuzzjs";
import subsetFont from "subset-font";
import { describe, expect, it } from "vitest";
import {
  courseFontsTemplate,
  katexWoff2Only,
  siteCharacters,
  subsetTextFonts,
} from "../../tools/author/notebook-kit/fonts.ts";
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

  it("collect the characters of the course's text: escapes and references decoded, ASCII always", () => {
    const chars = siteCharacters(["θ", "\\u03c0 \\u{1D40}", "&#x2113; &#8734;"]);
    for (const c of ["θ", "π", "ᵀ", "ℓ", "∞", "A", "~", " ", "−"]) expect(chars.has(c), c).toBe(true);
    expect(chars.has("é")).toBe(false);
    expect(chars.has("\n")).toBe(false);
  });

  it("keep, in the build, every glyph of the course's text that the font has, under a new name", async () => {
    const file = "source-serif-4-greek-wght-normal.woff2";
    const original = readFileSync(fromRoot(`node_modules/@fontsource-variable/source-serif-4/files/${file}`));
    const name = "assets/source-serif-4-greek-wght-normal-Ab12Cd34.woff2";
    const bundle: Record<string, { type: "asset"; fileName: string; source: string | Uint8Array }> = {
      [name]: { type: "asset", fileName: name, source: original },
      "page.html": { type: "asset", fileName: "page.html", source: `<style>src: url(./${name})</style><p>Ψ</p>` },
    };
    const emitFile = (f: { fileName: string; source: Uint8Array }) => (bundle[f.fileName] = { type: "asset", ...f });
    const generate = subsetTextFonts().generateBundle as (this: unknown, o: unknown, b: unknown) => Promise<void>;
    await generate.call({ emitFile }, {}, bundle);

    const [renamed, ...others] = Object.keys(bundle).filter((f) => f.endsWith(".woff2"));
    expect(others).toEqual([]);
    expect(renamed).toMatch(/^assets\/source-serif-4-greek-wght-normal-[\w-]{8}\.woff2$/);
    expect(renamed).not.toBe(name);
    expect(bundle["page.html"]!.source).toContain(`url(./${renamed})`);
    const subset = bundle[renamed!]!.source as Uint8Array;
    expect(subset.length).toBeLessThan(original.length / 2);

    // What a font has of `probe`: subsetting keeps exactly the probe's characters the font holds (as
    // sfnt, which HarfBuzz reads), so the question reads the same for the original and the subset.
    const course = [...siteCharacters(["Ψ", readFileSync(fromRoot("notebooks/03-axis-angle.html"), "utf8")])];
    const probe = [...course, "ζ"].join("");
    const has = async (woff2: Uint8Array) => {
      const sfnt = await subsetFont(Buffer.from(woff2), probe, { targetFormat: "sfnt" });
      return new Set([...new Face(new Blob(sfnt), 0).collectUnicodes()].map((c) => String.fromCodePoint(c)));
    };
    const before = await has(original);
    const after = await has(subset);
    const wanted = course.filter((c) => before.has(c));
    expect(wanted).toEqual(expect.arrayContaining(["θ", "π", "Ψ"]));
    expect(wanted.filter((c) => !after.has(c))).toEqual([]);
    expect([before.has("ζ"), after.has("ζ")]).toEqual([true, false]); // the course never writes a zeta
  });
});
