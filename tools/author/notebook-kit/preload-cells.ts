/**
 * A chapter's cells import the library, the figures, three.js and Plot with `import()` (the kit compiles
 * each cell's `import` so), and a dynamic import is fetched only when its cell runs: after the page's
 * HTML is parsed and laid out and the runtime has started, ~270 ms into a load here. Then the browser
 * fetches ~1.3 MB of modules and compiles them before the first figure can draw, while the work of the
 * page's first quarter-second could have covered it.
 *
 * Every cell of a page runs when the page opens, so every module its cells import will be needed: this
 * plugin lists them in the page's `<head>` as `<link rel="modulepreload">`, which the browser fetches and
 * compiles (off the main thread) while it parses the page. The chunks are the entry's dynamic imports and
 * what they import in turn; the runtime's own lazy builtins (`md`, `tex`, `Inputs`, `Plot` as a builtin)
 * are left to load when a cell asks for them, as some pages never do. Vite's preload helper sees the
 * links already in the document and does not add them twice.
 */

import { posix, sep } from "node:path";
import type { Plugin, Rollup } from "vite";

/**
 * The chunks `entry`'s dynamic imports load, with everything they import statically, in the order a
 * breadth-first walk meets them; never `entry` itself or a chunk it already imports statically (those
 * are preloaded by Vite already).
 */
export function cellChunks(entry: Rollup.OutputChunk, bundle: Rollup.OutputBundle): string[] {
  const already = new Set([entry.fileName, ...entry.imports]);
  const found: string[] = [];
  const queue = [...entry.dynamicImports];
  while (queue.length) {
    const file = queue.shift()!;
    if (already.has(file)) continue;
    already.add(file);
    const chunk = bundle[file];
    if (chunk?.type !== "chunk") continue;
    found.push(file);
    queue.push(...chunk.imports);
  }
  return found;
}

/** Adds a `<link rel="modulepreload">` per chunk the page's cells import (see the top of this module). */
export function preloadCells(): Plugin {
  let root = ".";
  return {
    name: "course-preload-cells",
    apply: "build",
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: "post",
      handler(_html, { chunk, bundle, filename }) {
        if (!chunk || !bundle) return undefined;
        // The page's folder in the output mirrors its folder under the root; `base` is "./" (relative).
        const dir = posix.dirname(posix.relative(root.split(sep).join("/"), filename.split(sep).join("/")));
        return cellChunks(chunk, bundle).map((file) => ({
          tag: "link",
          attrs: { rel: "modulepreload", crossorigin: true, href: `./${posix.relative(dir, file)}` },
          injectTo: "head" as const,
        }));
      },
    },
  };
}
