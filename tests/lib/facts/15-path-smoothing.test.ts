/**
 * Chapter 15's facts (path smoothing), each computed: docs/curriculum.md lists them with this file, and the
 * chapter shows the same numbers in a live cell (notebooks/15-path-smoothing.html).
 */

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { path } from "../../../lib/index.ts";
import { RUNS } from "../../helpers/arbitraries.ts";
import { TIGHT } from "../../helpers/tolerance.ts";
import { PATH_EXAMPLE } from "../../../notebooks/figures/path-example.ts";

describe("chapter 15: path smoothing", () => {
  type GridPoint15 = path.GridPoint;
  /** The chapter's example map (notebooks/figures/path-example.ts). */
  const grid15 = path.gridFromRows(PATH_EXAMPLE.rows);
  const raw15 = path.aStar(grid15, PATH_EXAMPLE.start, PATH_EXAMPLE.goal)!;
  const thin15 = (a: GridPoint15, b: GridPoint15) => path.lineOfSight(grid15, a, b);
  /** Random 16 × 10 grids, a fifth of the cells blocked (the corners (0, 0) and (15, 9) free). */
  const randomRaw15 = fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 160, maxLength: 160 }).map((cells) =>
    Array.from({ length: 10 }, (_, j) =>
      cells
        .slice(16 * j, 16 * j + 16)
        .map((u, i) => (u === 0 && !(i === 0 && j === 0) && !(i === 15 && j === 9) ? "#" : "."))
        .join(""),
    ),
  );

  it("fact 15.1: on the example grid the blog's loop returns a last leg through the obstacle (14, 8); the fixed loop's every leg is clear", () => {
    const blog = path.blogSmoothPath(raw15, thin15);
    const fixed = path.smoothPath(raw15, thin15);
    expect(blog).toEqual([[0, 9], [7, 7], [10, 9], [15, 8]]); // prettier-ignore
    const [from, to] = blog.slice(-2) as [GridPoint15, GridPoint15];
    expect(thin15(from, to)).toBe(false);
    expect(path.cellsOnSegment(from, to).filter(([i, j]) => grid15.blocked(i, j))).toEqual([[14, 8]]);
    expect(blog.slice(0, -1).every((p, k) => k === 0 || thin15(blog[k - 1]!, p))).toBe(true); // only the last leg is bad
    expect(fixed).toEqual([[0, 9], [7, 7], [10, 9], [15, 9], [15, 8]]); // prettier-ignore
    expect(fixed.slice(1).every((p, k) => thin15(fixed[k]!, p))).toBe(true);
  });

  it("fact 15.2: the smoothed path starts and ends where the raw one does, is a subsequence of it, and is never longer", () => {
    expect(path.smoothingProblem(raw15, path.smoothPath(raw15, thin15), thin15)).toBeUndefined();
    fc.assert(
      fc.property(randomRaw15, fc.constantFrom(0, 0.2, 0.3, 0.45), (rows, r) => {
        const g = path.gridFromRows(rows);
        const raw = path.aStar(g, [0, 0], [15, 9]);
        if (!raw) return;
        const clear = (a: GridPoint15, b: GridPoint15) => path.lineOfSight(g, a, b, r);
        const smooth = path.smoothPath(raw, clear);
        expect(path.smoothingProblem(raw, smooth, clear)).toBeUndefined();
        // Never longer, up to the rounding of two sums of square roots (a few ulps of a length ≤ 40).
        expect(path.pathLength(smooth)).toBeLessThanOrEqual(path.pathLength(raw) * (1 + TIGHT.rtol));
      }),
      RUNS,
    );
  });

  it("fact 15.3: with an agent radius r = 0.3 the thick test keeps clearance ≥ r (0.316) where the thin ray does not (0.069)", () => {
    const r = 0.3;
    const thin = path.smoothPath(raw15, thin15);
    const thick = path.smoothPath(raw15, (a, b) => path.lineOfSight(grid15, a, b, r));
    expect(path.clearance(grid15, thin)).toBeCloseTo(1 / Math.sqrt(212), 12); // the corner (5.5, 7.5) to the leg (0, 9)–(7, 7)
    expect(path.clearance(grid15, thin)).toBeLessThan(r);
    expect(path.clearance(grid15, thick)).toBeCloseTo(1 / Math.sqrt(10), 12);
    expect(path.clearance(grid15, thick)).toBeGreaterThanOrEqual(r);
    fc.assert(
      fc.property(randomRaw15, fc.double({ min: 0.05, max: 0.45, noNaN: true }), (rows, radius) => {
        const g = path.gridFromRows(rows);
        const raw = path.aStar(g, [0, 0], [15, 9]);
        if (!raw) return;
        const smooth = path.smoothPath(raw, (a, b) => path.lineOfSight(g, a, b, radius));
        expect(path.clearance(g, smooth)).toBeGreaterThanOrEqual(radius);
      }),
      RUNS,
    );
  });
});
