/**
 * The modules a page's cells import are listed in its `<head>` for the browser to fetch while it parses
 * the page (tools/author/notebook-kit/preload-cells.ts): which chunks, from a bundle's import graph.
 */

import type { Rollup } from "vite";
import { describe, expect, it } from "vitest";
import { cellChunks } from "../../tools/author/notebook-kit/preload-cells.ts";

/** A bundle of chunks named by file, each with its static and dynamic imports. */
function bundle(graph: Record<string, { imports?: string[]; dynamicImports?: string[] }>): Rollup.OutputBundle {
  return Object.fromEntries(
    Object.entries(graph).map(([fileName, g]) => [
      fileName,
      { type: "chunk", fileName, imports: g.imports ?? [], dynamicImports: g.dynamicImports ?? [] },
    ]),
  ) as unknown as Rollup.OutputBundle;
}

describe("cellChunks", () => {
  const b = bundle({
    "page.js": { imports: ["runtime.js"], dynamicImports: ["lib.js", "figures.js", "runtime.js"] },
    "runtime.js": { dynamicImports: ["md.js"] },
    "lib.js": { imports: ["runtime.js"] },
    "figures.js": { imports: ["three.js", "lib.js", "plot.js"], dynamicImports: ["worker.js"] },
    "three.js": {},
    "plot.js": { imports: ["d3.js"] },
    "d3.js": {},
    "md.js": {},
    "worker.js": {},
  });

  it("lists the page's dynamic imports and all they import statically, each once", () => {
    expect(cellChunks(b["page.js"] as Rollup.OutputChunk, b)).toEqual([
      "lib.js",
      "figures.js",
      "three.js",
      "plot.js",
      "d3.js",
    ]);
  });

  it("leaves out the page, what it imports statically (Vite preloads that), and what is imported only later, by `import()`", () => {
    const listed = cellChunks(b["page.js"] as Rollup.OutputChunk, b);
    for (const file of ["page.js", "runtime.js", "md.js", "worker.js"]) expect(listed).not.toContain(file);
  });

  it("lists nothing for a page whose cells import nothing, and skips a file that is not a chunk", () => {
    const lone = bundle({ "index.js": { dynamicImports: ["style.css"] } });
    (lone as Record<string, unknown>)["style.css"] = { type: "asset", fileName: "style.css" };
    expect(cellChunks(lone["index.js"] as Rollup.OutputChunk, lone)).toEqual([]);
  });
});
