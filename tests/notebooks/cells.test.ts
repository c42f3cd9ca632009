// @vitest-environment happy-dom
/**
 * Every cell of every chapter runs in Node with the real Observable runtime and must fulfil; a fixture
 * notebook of deliberately broken cells proves the test notices each kind of failure.
 *
 * The same run keeps the figure snapshots, as Observable Plot keeps its own: each chart Plot draws is
 * written as an SVG file under `__snapshots__/figures/` and compared with the committed one, so a
 * changed figure shows up as a diff to review, not as a surprise on the page. Open a snapshot in a
 * browser to see the chart (at the 640 px width tests/notebooks/dom.ts reports). After a deliberate
 * change to a chart (or to lib/ under one), regenerate and review the diff:
 *
 *     npx vitest run --project course tests/notebooks/cells.test.ts -u
 *
 * That also deletes the snapshot of a chart that is gone; without `-u` a leftover snapshot fails. A new
 * chart's snapshot is written by its first run (with `CI` set, it fails instead): review and commit it.
 * The snapshots stay with the instructor (students change neither notebooks nor `lib/`): where the
 * folder is absent, as in the student edition, the cells are still run and the charts not compared.
 *
 * A snapshot is named by chapter and cell id, `05-cell-27.svg` (`-2`, `-3`, … for a cell's later charts):
 * the id is the one in the notebook's `<script id="27">`, which the kit keeps when cells are added,
 * moved or edited. What is compared, and what is left out (ids, last-bit rounding, HTML legends), is
 * described in plot-svg.ts; the snapshot's first line holds the chart's caption, which every chart must
 * have. Every chart in the course is deterministic — the random ones
 * draw from seeded generators, the width is fixed, Plot measures no text — so none is skipped; one
 * that is not would fail the second run of this test, and belongs in `SKIPPED` with its reason.
 */

import "./dom.ts";
import { existsSync, readdirSync, unlinkSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { chartCaption, plotSvgs, serializeSvg } from "./plot-svg.ts";
import { type CellRender, type CompiledNotebook, formatResults, renderNotebook, runNotebook } from "./run-notebook.ts";

// Plain string paths: under happy-dom, `URL` is happy-dom's and node:url's fileURLToPath rejects it.
const notebooksDir = join(import.meta.dirname, "../../notebooks");
const snapshotsDir = join(import.meta.dirname, "__snapshots__/figures");
const notebooks = readdirSync(notebooksDir)
  .filter((f) => f.endsWith(".html"))
  .sort();

/** Charts left out, by snapshot name (`"11-cell-62"`), each with the reason it cannot be compared. */
const SKIPPED: Record<string, string> = {};

const load = (path: string): Promise<CompiledNotebook> => import(/* @vite-ignore */ `${path}?notebook`);

/** Compares each Plot chart of chapter `name` with its snapshot; fails on a snapshot whose chart is gone. */
async function expectChartsMatch(name: string, results: readonly CellRender[]) {
  const chapter = name.slice(0, 2);
  const files: string[] = [];
  for (const r of results) {
    for (const [k, svg] of plotSvgs(r.root).entries()) {
      const key = `${chapter}-cell-${r.id}${k ? `-${k + 1}` : ""}`;
      if (key in SKIPPED) continue;
      files.push(`${key}.svg`);
      const caption = chartCaption(svg);
      // A chart says what it shows, for the reader who cannot see it (Plot's `caption` option).
      expect.soft(caption, `${key}: give the chart a caption (Plot's \`caption\` option)`).not.toBe("");
      // soft: one run lists every changed chart of the chapter, not only the first
      await expect
        .soft(serializeSvg(svg, `${name}, cell ${r.id}: ${caption}`))
        .toMatchFileSnapshot(join(snapshotsDir, `${key}.svg`), `${key}.svg`);
    }
  }
  expect(files.length, "at least one chart per chapter").toBeGreaterThan(0);
  const stale = readdirSync(snapshotsDir).filter((f) => f.startsWith(`${chapter}-cell-`) && !files.includes(f));
  if (expect.getState().snapshotState.snapshotUpdateState === "all")
    for (const f of stale) unlinkSync(join(snapshotsDir, f));
  else expect(stale, "snapshots of charts that are gone: rerun with -u to delete them").toEqual([]);
}

describe("notebook cells in Node", () => {
  it.each(notebooks)(
    "%s: every cell fulfils, and a chapter's Plot charts match their snapshots",
    { timeout: 180_000 },
    async (name) => {
      // 60 s: a loaded machine once left a chapter's cells pending past the runtime's usual 10 s.
      const results = await renderNotebook(await load(join(notebooksDir, name)), { timeout: 60_000 });
      expect(results.length).toBeGreaterThan(0);
      const failed = results.filter((r) => r.status !== "fulfilled");
      // A chart that never rendered must fail here, not go missing from the comparison.
      expect(failed, formatResults(failed)).toEqual([]);
      if (/^\d\d-/.test(name) && existsSync(snapshotsDir)) await expectChartsMatch(name, results);
      // Every live figure (a 3D scene, a rendered image) says its key numbers in text that updates: its
      // readout line (figures/caption.ts) is filled by the cell that draws it.
      const silent = results.flatMap((r) =>
        Array.from(r.root.querySelectorAll(".course-figure .figure-readout"))
          .filter((line) => !line.textContent?.trim())
          .map((line) => `cell ${r.id}: ${line.parentElement?.querySelector(".figure-caption")?.textContent}`),
      );
      expect(silent, "fill each figure's readout with the numbers it shows (fig.readout(…))").toEqual([]);
    },
  );
});

describe("the cell test catches broken cells", () => {
  it("reports each failure in fixtures/broken.html with its notebook, cell and error", async () => {
    const results = await runNotebook(await load(join(import.meta.dirname, "fixtures/broken.html")), { timeout: 1500 });
    const byId = Object.fromEntries(results.map((r) => [r.id, r]));
    expect(byId[1]).toMatchObject({ status: "fulfilled" }); // markdown with good math
    expect(byId[2]).toMatchObject({ notebook: "broken.html", status: "rejected", error: "Error: deliberate failure" });
    expect(byId[3]).toMatchObject({ status: "rejected", error: expect.stringMatching(/nope is not defined/) });
    expect(byId[4]).toMatchObject({ status: "rejected" }); // depends on the failing cell 2
    expect(byId[5]).toMatchObject({ status: "rejected", error: expect.stringMatching(/^compile:/) });
    expect(byId[6]).toMatchObject({ status: "pending", error: expect.stringMatching(/still pending/) });
    expect(byId[7]).toMatchObject({ status: "rejected", error: expect.stringMatching(/KaTeX/) });
    expect(byId[8]).toMatchObject({ status: "rejected", error: expect.stringMatching(/nothing/) });
    expect(byId[9]).toMatchObject({ status: "rejected", error: expect.stringMatching(/KaTeX parse error/) });
    expect(formatResults(results)).toMatch(/broken\.html cell 2 \(js\): rejected — Error: deliberate failure/);
  });
});
