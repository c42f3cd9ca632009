// @vitest-environment happy-dom
/**
 * Figure snapshots, as Observable Plot keeps its own: every chapter runs in Node (as in cells.test.ts)
 * and each chart Plot draws is written as an SVG file under `__snapshots__/figures/` and compared with
 * the committed one, so a changed figure shows up as a diff to review, not as a surprise on the page.
 * Open a snapshot in a browser to see the chart (at the 640 px width tests/notebooks/dom.ts reports).
 *
 * After a deliberate change to a chart (or to lib/ under one), regenerate and review the diff:
 *
 *     npx vitest run --project course tests/notebooks/figures.test.ts -u
 *
 * That also deletes the snapshot of a chart that is gone; without `-u` a leftover snapshot fails. A new
 * chart's snapshot is written by its first run (with `CI` set, it fails instead): review and commit it.
 *
 * A snapshot is named by chapter and cell id, `05-cell-27.svg` (`-2`, `-3`, … for a cell's later charts):
 * the id is the one in the notebook's `<script id="27">`, which the kit keeps when cells are added,
 * moved or edited. What is compared, and what is left out (ids, last-bit rounding, HTML legends and
 * captions), is described in plot-svg.ts. Every chart in the course is deterministic — the random ones
 * draw from seeded generators, the width is fixed, Plot measures no text — so none is skipped; one
 * that is not would fail the second run of this test, and belongs in `SKIPPED` with its reason.
 */

import "./dom.ts";
import { mkdirSync, readdirSync, unlinkSync } from "node:fs";
import { join } from "node:path";
import * as Plot from "@observablehq/plot";
import { describe, expect, it } from "vitest";
import { plotSvgs, serializeSvg } from "./plot-svg.ts";
import { type CompiledNotebook, formatResults, renderNotebook } from "./run-notebook.ts";

// Plain string paths: under happy-dom, `URL` is happy-dom's and node:url's fileURLToPath rejects it.
const notebooksDir = join(import.meta.dirname, "../../notebooks");
const snapshotsDir = join(import.meta.dirname, "__snapshots__/figures");
const chapters = readdirSync(notebooksDir)
  .filter((f) => /^\d\d-.*\.html$/.test(f))
  .sort();

/** Charts left out, by snapshot name (`"11-cell-62"`), each with the reason it cannot be compared. */
const SKIPPED: Record<string, string> = {};

const load = (path: string): Promise<CompiledNotebook> => import(/* @vite-ignore */ `${path}?notebook`);

describe("each chapter's Plot charts match their snapshots", () => {
  it.each(chapters)("%s", { timeout: 180_000 }, async (name) => {
    const chapter = name.slice(0, 2);
    // A chart that never rendered must fail here, not go missing from the comparison.
    const results = await renderNotebook(await load(join(notebooksDir, name)), { timeout: 60_000 });
    const failed = results.filter((r) => r.status !== "fulfilled");
    expect(failed, formatResults(failed)).toEqual([]);

    const files: string[] = [];
    for (const r of results) {
      for (const [k, svg] of plotSvgs(r.root).entries()) {
        const key = `${chapter}-cell-${r.id}${k ? `-${k + 1}` : ""}`;
        if (key in SKIPPED) continue;
        files.push(`${key}.svg`);
        const file = join(snapshotsDir, `${key}.svg`);
        // soft: one run lists every changed chart of the chapter, not only the first
        await expect.soft(serializeSvg(svg, `${name}, cell ${r.id}`)).toMatchFileSnapshot(file, `${key}.svg`);
      }
    }
    expect(files.length, "at least one chart per chapter").toBeGreaterThan(0);

    mkdirSync(snapshotsDir, { recursive: true });
    const stale = readdirSync(snapshotsDir).filter((f) => f.startsWith(`${chapter}-cell-`) && !files.includes(f));
    if (expect.getState().snapshotState.snapshotUpdateState === "all")
      for (const f of stale) unlinkSync(join(snapshotsDir, f));
    else expect(stale, "snapshots of charts that are gone: rerun with -u to delete them").toEqual([]);
  });
});

describe("the figure snapshot", () => {
  const chart = (y: number, { label = "y", stroke = "black" } = {}) =>
    Plot.plot({
      width: 200,
      height: 100,
      y: { label },
      marks: [Plot.frame(), Plot.line([0, y, 2], { x: (_, i) => i, y: (d) => d, stroke, clip: true })],
    });
  const text = (svg: SVGSVGElement | HTMLElement) => serializeSvg(svg as SVGSVGElement, "test");

  it("is the same text for the same chart, though Plot numbers its clip paths on", () => {
    const a = text(chart(1));
    expect(a).toMatch(/clip-path="url\(#id-1\)"/);
    expect(text(chart(1))).toBe(a);
  });

  it("changes when a point moves by a pixel, a colour or a label changes", () => {
    const a = text(chart(1));
    expect(text(chart(1.02))).not.toBe(a); // 1.02 on a 0…2 scale of ~70 px: ~0.7 px
    expect(text(chart(1, { stroke: "red" }))).not.toBe(a);
    expect(text(chart(1, { label: "z" }))).not.toBe(a);
  });

  it("does not change with the last bits of a computation", () => {
    expect(text(chart(1 + 1e-12))).toBe(text(chart(1)));
  });

  it("finds Plot's charts in a cell's output, not other svgs", () => {
    const root = document.createElement("div");
    const marks = [Plot.dot(["a", "b"], { x: (d) => d, fill: (d) => d })];
    const figure = Plot.plot({ color: { legend: true }, marks }); // swatches (each an svg), then the chart
    root.append(figure, document.createElementNS("http://www.w3.org/2000/svg", "svg"));
    expect(figure.querySelectorAll("svg").length).toBeGreaterThan(1);
    expect(plotSvgs(root)).toEqual([figure.querySelector("svg.plot-d6a7b5")]);
  });
});
