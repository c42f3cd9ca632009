// The notebooks' standard library: the CDN-free subset of notebook-kit's
// dist/src/runtime/stdlib/index.js + recommendedLibraries.js, with Plot,
// Inputs, d3, htl, KaTeX and three imported from node_modules (lockfile-pinned).
// Every builtin is lazy: a library is loaded (as its own chunk) only if a cell references it.
import * as DOM from "observable:runtime/stdlib/dom/index.js";
import * as Files from "observable:runtime/stdlib/files/index.js";
import * as Generators from "observable:runtime/stdlib/generators/index.js";
import { Mutable } from "observable:runtime/stdlib/mutable.js";
import * as Promises from "observable:runtime/stdlib/promises/index.js";

export const root = document.querySelector("main") ?? document.body;

export const library = {
  // from the kit (local code, no network)
  dark: () => Generators.dark(),
  now: () => Generators.now(),
  width: () => Generators.width(root),
  Generators: () => Generators,
  Mutable: () => Mutable,
  Promises: () => Promises, // deprecated in the kit, kept for old snippets
  DOM: () => DOM, // deprecated in the kit, kept for old snippets
  Files: () => Files, // deprecated in the kit, kept for old snippets
  md: () => import("observable:runtime/stdlib/md.js").then((_) => _.md),
  // CDN builtins replaced by local packages
  tex: () => import("./tex.js").then((_) => _.tex),
  Inputs: () => import("./inputs.js"),
  Plot: () => import("@observablehq/plot"),
  d3: () => import("d3"),
  htl: () => import("htl"),
  html: () => import("htl").then((_) => _.html),
  svg: () => import("htl").then((_) => _.svg),
  THREE: () => import("three"),
};
