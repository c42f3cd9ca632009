/**
 * The pages' fonts: only the files and styles the course uses, all woff2.
 *
 * - The kit's page template imports six Fontsource stylesheets (Inter, Source Serif 4 and Spline Sans
 *   Mono, each upright and italic, each in seven scripts). {@link courseFontsTemplate} swaps them for
 *   notebooks/runtime/fonts.css, which declares only what the chapters set: Source Serif 4 (the prose,
 *   upright and italic, Latin, Latin Extended and Greek), Inter (tables, captions) and Spline Sans Mono
 *   (code), both upright Latin. The browser fetches a declared file only when the page shows a
 *   character in its range.
 * - KaTeX's stylesheet offers each of its fonts as woff2, woff and ttf; {@link katexWoff2Only} keeps the
 *   woff2 (every browser the course supports reads it), so the build emits 20 KaTeX files instead of 60.
 *   A KaTeX font is fetched only when a formula on the page uses it (`@font-face` loads on demand).
 * - A Fontsource file holds every glyph of its script range: the Latin Extended file of Source Serif 4 is
 *   42 kB, and the course sets two of its characters (ℓ, and the ᵀ it falls back for). The build keeps
 *   only the glyphs the site can show ({@link subsetTextFonts}, HarfBuzz's hb-subset compiled to wasm;
 *   the fonts' SIL Open Font License allows modified copies). The variable weight axis is kept, so every
 *   weight still comes from the one file.
 */

import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import subsetFont from "subset-font";
import type { Plugin } from "vite";
import { fromRoot } from "../root.ts";

/** The kit template's Fontsource imports, replaced by the course's own declarations. */
const FONTSOURCE_IMPORT = /^\s*@import url\("@fontsource-variable\/[^"]+"\);\s*$/gm;

/** The page template with the course's fonts instead of every Fontsource style and script. */
export function courseFontsTemplate(template: string): string {
  let replaced = false;
  const html = template.replace(FONTSOURCE_IMPORT, () => {
    if (replaced) return "";
    replaced = true;
    return `      @import url("./runtime/fonts.css");`;
  });
  if (!replaced) throw new Error("the kit's page template no longer imports its fonts from @fontsource-variable");
  return html;
}

/** KaTeX's stylesheet with woff2 sources only. */
export function katexWoff2Only(): Plugin {
  return {
    name: "course-katex-woff2",
    enforce: "pre",
    transform(code, id) {
      if (!/[\\/]katex[\\/]dist[\\/]katex(\.min)?\.css$/.test(id.split("?")[0]!)) return undefined;
      const css = code.replace(
        /,\s*url\([^)]*\.woff\) format\("woff"\)|,\s*url\([^)]*\.ttf\) format\("truetype"\)/g,
        "",
      );
      if (/\.ttf\)|\.woff\)/.test(css)) this.warn("katex.min.css: a font source other than woff2 is left");
      return { code: css, map: null };
    },
  };
}

/** The course's text fonts as the build emits them, e.g. `assets/inter-latin-wght-normal-DqGufNeO.woff2`. */
const TEXT_FONT = /(?:^|\/)(?:source-serif-4|inter|spline-sans-mono)-[a-z-]+-wght-(?:normal|italic)-[\w-]+\.woff2$/;

/**
 * Where the text the pages set comes from: the chapters and their figures and runtime, the library's
 * messages, the comparisons' and the checks' wording (the "your turn" panel shows both), the page chrome.
 * The packages' own text (Plot's and d3's numbers, Inputs' labels) is ASCII but for the few characters
 * in {@link PACKAGE_CHARACTERS}.
 */
const TEXT_SOURCES = ["notebooks", "lib", "tools/isomorphic", "tests/exercises", "tools/author/notebook-kit"];

/** Characters the packages print: d3-format's minus sign, ellipses and dashes, × in Plot's titles. */
const PACKAGE_CHARACTERS = "−…–—×·‘’“”′″•";

/**
 * Every character in `texts`, with JavaScript's `\u` escapes and HTML's numeric references decoded, and
 * always printable ASCII, the no-break space and {@link PACKAGE_CHARACTERS}, for what a page prints at run
 * time (numbers, a student's own error messages). A character outside the set (an accent in a student's
 * own message) falls back to a system font: the Latin-1 letters alone would double the Latin files.
 *
 * @example [...siteCharacters(["θ = \\u03c0"])].includes("π") // → true
 */
export function siteCharacters(texts: readonly string[]): Set<string> {
  const chars = new Set<string>(PACKAGE_CHARACTERS);
  const add = (codePoint: number) => {
    if (codePoint >= 0x20 && codePoint <= 0x10ffff) chars.add(String.fromCodePoint(codePoint));
  };
  for (let c = 0x20; c < 0x7f; c++) add(c);
  add(0xa0);
  for (const text of texts) {
    for (const ch of text) add(ch.codePointAt(0)!);
    for (const m of text.matchAll(
      /\\u\{([0-9a-fA-F]{1,6})\}|\\u([0-9a-fA-F]{4})|&#x([0-9a-fA-F]{1,6});|&#(\d{1,7});/g,
    )) {
      add(m[4] === undefined ? parseInt(m[1] ?? m[2] ?? m[3]!, 16) : Number(m[4]));
    }
  }
  return chars;
}

/** The text of every file under the course's {@link TEXT_SOURCES} (those this copy of the course has). */
function courseTexts(): string[] {
  const read = (path: string): string[] => {
    if (!existsSync(path)) return [];
    if (statSync(path).isFile()) return /\.(html|ts|js|css|md)$/.test(path) ? [readFileSync(path, "utf8")] : [];
    return readdirSync(path).flatMap((name) => read(join(path, name)));
  };
  return TEXT_SOURCES.flatMap((dir) => read(fromRoot(dir)));
}

/**
 * Build only: each text font keeps the glyphs of the course's text ({@link siteCharacters} of its
 * sources and of the built pages and stylesheets) and its weight axis, and is renamed by its new
 * content's hash (the stylesheets follow), so a browser never keeps an old subset cached under the
 * name of a new one. Source Serif 4's Latin file: 51 kB → 39 kB; its Latin Extended one: 42 kB → 2 kB.
 */
export function subsetTextFonts(): Plugin {
  return {
    name: "course-subset-text-fonts",
    apply: "build",
    enforce: "post",
    async generateBundle(_options, bundle) {
      const texts = courseTexts();
      const fonts: { fileName: string; source: Uint8Array }[] = [];
      for (const file of Object.values(bundle)) {
        if (file.type !== "asset") continue;
        if (typeof file.source === "string") texts.push(file.source);
        else if (TEXT_FONT.test(file.fileName)) fonts.push({ fileName: file.fileName, source: file.source });
      }
      const text = [...siteCharacters(texts)].join("");
      const renamed = new Map<string, string>();
      for (const font of fonts) {
        const source = await subsetFont(Buffer.from(font.source), text, { targetFormat: "woff2" });
        const hash = createHash("sha256").update(source).digest("base64url").slice(0, 8);
        const fileName = font.fileName.replace(/(wght-(?:normal|italic))-[\w-]+\.woff2$/, `$1-${hash}.woff2`);
        delete bundle[font.fileName];
        this.emitFile({ type: "asset", fileName, source });
        renamed.set(font.fileName.split("/").pop()!, fileName.split("/").pop()!);
      }
      for (const file of Object.values(bundle)) {
        if (file.type === "asset" && typeof file.source === "string") {
          file.source = file.source.replace(/[\w-]+\.woff2/g, (name) => renamed.get(name) ?? name);
        }
      }
    },
  };
}
