// The notebooks' standard library: the CDN-free subset of notebook-kit's
// dist/src/runtime/stdlib/index.js + recommendedLibraries.js, with Plot,
// Inputs, htl and KaTeX imported from node_modules (lockfile-pinned). No `d3` builtin: Plot needs only
// parts of d3, and a builtin would ship all of it to every chapter (import it where needed). No `THREE`
// builtin either: a builtin, like a cell's own `import`, loads a whole module as one namespace, which
// keeps all of three.js (186 kB gzip); the chapters reach three through notebooks/figures/, whose named
// imports the bundler trims to what the figures use (142 kB). tests/notebooks/cell-rules.test.ts holds
// the cells to that.
// Every builtin is lazy: a library is loaded (as its own chunk) only if a cell references it.
import * as DOM from "observable:runtime/stdlib/dom/index.js";
import * as Files from "observable:runtime/stdlib/files/index.js";
import * as Generators from "observable:runtime/stdlib/generators/index.js";
import { Mutable } from "observable:runtime/stdlib/mutable.js";
import * as Promises from "observable:runtime/stdlib/promises/index.js";

export const root = document.querySelector("main") ?? document.body;

/**
 * The width of `main` in CSS pixels, as the kit's `width` builtin reports it, except that a width of 0 is
 * never reported: 0 means `main` is not laid out at that moment (hidden, or the browser re-laying the page
 * for a print or a full-page capture), and a figure drawn 0 px wide gets negative sizes — Plot's frame is
 * the width less its margins, "-60" — which the browser logs as errors. The last real width stands instead.
 */
function laidOutWidth(target) {
  return Generators.observe((notify) => {
    let width;
    const observer = new ResizeObserver(([entry]) => {
      const w = entry.contentRect.width;
      if (w > 0 && w !== width) notify((width = w));
    });
    observer.observe(target);
    return () => observer.disconnect();
  });
}

export const library = {
  // from the kit (local code, no network)
  dark: () => Generators.dark(),
  now: () => Generators.now(),
  width: () => laidOutWidth(root),
  Generators: () => Generators,
  Mutable: () => Mutable,
  Promises: () => Promises, // deprecated in the kit, kept for old snippets
  DOM: () => DOM, // deprecated in the kit, kept for old snippets
  Files: () => Files, // deprecated in the kit, kept for old snippets
  md: () => import("./md.js").then((_) => _.md), // the kit's, faster for live prose
  // CDN builtins replaced by local packages
  tex: () => import("./tex.js").then((_) => _.tex),
  Inputs: () => import("./inputs.js"),
  Plot: () => import("./plot.js"), // Plot, with plain-number ticks on log axes
  htl: () => import("htl"),
  html: () => import("htl").then((_) => _.html),
  svg: () => import("htl").then((_) => _.svg),
};
