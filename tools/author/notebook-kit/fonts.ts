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
 */

import type { Plugin } from "vite";

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
