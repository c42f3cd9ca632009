/**
 * Two rules for a chapter's TypeScript cells:
 * - **Short.** A cell says which inputs feed which figure; the logic behind it (a simulation, a diagram or
 *   table builder, the data of a chart) lives in `notebooks/figures/`, where it is typed, unit-tested
 *   (`tests/figures/`) and read like the library (docs/architecture.md, "lib → notebooks"). Every
 *   TypeScript cell of every page has at most {@link MAX_LINES} lines. Markdown cells are prose and are
 *   not counted.
 * - **No three.js of its own.** The kit turns a cell's `import` into a dynamic import of the whole
 *   module as one namespace, which keeps all of three.js in the bundle (186 kB gzip against the 142 kB
 *   the figures' named imports keep); a cell reaches three through `notebooks/figures/`.
 *
 * And one for the figure modules that draw charts: they import Plot from `notebooks/runtime/plot.js`, the
 * course's Plot with its defaults (plain-number labels on log axes), as the cells' `Plot` is.
 */

import { readFileSync, readdirSync } from "node:fs";
import { basename } from "node:path";
import { describe, expect, it } from "vitest";
import { compileNotebook } from "../../tools/author/notebook-kit/compile.ts";
import { courseNotebooks } from "../../tools/author/notebook-kit/typecheck-cells.ts";
import { fromRoot } from "../../tools/author/root.ts";

/** The most lines a TypeScript cell may have, counted without its leading and trailing blank lines. */
const MAX_LINES = 20;

const pages = await Promise.all(
  (await courseNotebooks()).map(async (path) => [basename(path), await compileNotebook(path)] as const),
);
const codeCells = (nb: (typeof pages)[number][1]) => nb.cells.filter((c) => c.mode === "ts" || c.mode === "js");

describe("notebook cells", () => {
  it.each(pages)("%s: no TypeScript cell over 20 lines", (_, nb) => {
    const long = codeCells(nb)
      .map((c) => ({ cell: c.id, lines: c.value.trim().split("\n").length }))
      .filter((c) => c.lines > MAX_LINES);
    expect(long, "move the logic into notebooks/figures/, with a test in tests/figures/").toEqual([]);
  });

  it.each(pages)("%s: no cell imports three.js itself", (_, nb) => {
    const importing = codeCells(nb)
      .filter((c) => /\bfrom\s*["']three(\/[^"']*)?["']|\bimport\s*\(\s*["']three/.test(c.value))
      .map((c) => c.id);
    expect(importing, "use or add a helper in notebooks/figures/").toEqual([]);
  });

  it("figure modules draw with the course's Plot (runtime/plot.js), not the package's", () => {
    const dir = fromRoot("notebooks/figures");
    const direct = readdirSync(dir).filter((f) =>
      /from\s*["']@observablehq\/plot["']/.test(readFileSync(`${dir}/${f}`, "utf8")),
    );
    expect(direct).toEqual([]);
  });
});
