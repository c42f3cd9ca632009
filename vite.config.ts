/**
 * The course site: every `notebooks/*.html` is a page, built by the Notebook Kit's Vite plugin and run by
 * our offline runtime (see tools/author/notebook-kit/kit.ts). `npm start` serves it, `npm run build` writes dist/.
 */

import { readdirSync, realpathSync } from "node:fs";
import { config as kitViteConfig, observable } from "@observablehq/notebook-kit/vite";
import { defineConfig } from "vite";
import { coursePlugin } from "./tools/author/notebook-kit/course-plugin.ts";
import { canOpenBrowser, notebookAliases } from "./tools/author/notebook-kit/kit.ts";
import { fromRoot } from "./tools/author/root.ts";
import { markdownMath } from "./tools/author/notebook-kit/markdown-math.ts";
import { courseFontsTemplate, katexWoff2Only, subsetTextFonts } from "./tools/author/notebook-kit/fonts.ts";
import { pageChrome } from "./tools/author/notebook-kit/page-chrome.ts";
import { preloadCells } from "./tools/author/notebook-kit/preload-cells.ts";

/** The kit's own Vite config (base "./", appType "mpa"; its aliases are replaced by ours). */
const kitConfig = kitViteConfig();
const pages = readdirSync(fromRoot("notebooks")).filter((f) => f.endsWith(".html"));

export default defineConfig({
  base: kitConfig.base, // "./": dist/ can be served from any sub-path
  appType: kitConfig.appType, // "mpa"
  root: fromRoot("notebooks"),
  publicDir: false,
  resolve: { alias: notebookAliases },
  plugins: [
    observable({ transformNotebook: markdownMath(), transformTemplate: courseFontsTemplate }),
    katexWoff2Only(),
    subsetTextFonts(),
    coursePlugin(),
    pageChrome(),
    preloadCells(),
  ],
  server: {
    open: canOpenBrowser() ? "/" : false,
    // The course, and its packages wherever they really are (node_modules may be a link, as in a copy of
    // the course that shares the installed packages).
    fs: { allow: [fromRoot("."), realpathSync(fromRoot("node_modules"))] },
  },
  // Dev only: let the dependency optimizer see the runtime's lazy imports at start-up; otherwise it finds
  // Plot, d3, three … on the first page load, re-optimizes and reloads the page.
  optimizeDeps: {
    entries: ["runtime/*.js", "figures/**/*.ts"],
    include: ["@observablehq/plot", "@observablehq/inputs", "@observablehq/runtime", "d3", "htl", "katex", "three"],
  },
  build: {
    outDir: fromRoot("dist"),
    emptyOutDir: true,
    chunkSizeWarningLimit: 600, // three.js's chunk is ~580 kB minified (the parts the figures use)
    rolldownOptions: {
      input: Object.fromEntries(pages.map((f) => [f.replace(/\.html$/, ""), fromRoot(`notebooks/${f}`)])),
      // three.js in one chunk of its own, shared by every chapter and cached after the first.
      output: { codeSplitting: { groups: [{ name: "three", test: /[\\/]node_modules[\\/]three[\\/]/ }] } },
    },
  },
});
