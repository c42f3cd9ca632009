// @vitest-environment happy-dom
/**
 * Chapter 15's measures and walks (notebooks/figures/path-smoothing.ts): a path's cost and its blocked
 * legs, and the incremental grid walk that misses a corner the library's walk sees.
 */

import { describe, expect, it } from "vitest";
import { path } from "../../lib/index.ts";
import {
  accumulatedWalk,
  blockedCellsOnLegs,
  cellsMissedByAccumulating,
  gridPlot,
  measurePath,
} from "../../notebooks/figures/path-smoothing.ts";

const grid = path.gridFromRows(["....", ".#..", "...."]);

describe("measurePath", () => {
  it("measures a clear path and finds no blocked leg", () => {
    const m = measurePath(grid, [
      [0, 0],
      [3, 0],
      [3, 2],
    ]);
    expect(m.length).toBe(5);
    expect(m.blockedLegs).toEqual([]);
    expect(m.clearance).toBeCloseTo(
      path.clearance(grid, [
        [0, 0],
        [3, 0],
        [3, 2],
      ]),
      15,
    );
  });

  it("finds the leg through the obstacle, and the obstacle it crosses", () => {
    const m = measurePath(grid, [
      [0, 0],
      [2, 2],
      [3, 2],
    ]);
    expect(m.blockedLegs).toEqual([
      [
        [0, 0],
        [2, 2],
      ],
    ]);
    expect(blockedCellsOnLegs(grid, m.blockedLegs)).toEqual([[1, 1]]);
  });
});

describe("accumulatedWalk", () => {
  it("agrees with the library on an ordinary leg", () => {
    expect(accumulatedWalk([0, 0], [3, 1])).toEqual(path.cellsOnSegment([0, 0], [3, 1]));
  });

  it("misses the corner at t = ½ on the leg (0, 0) → (1, 7): the cell (1, 3)", () => {
    expect(cellsMissedByAccumulating([0, 0], [1, 7], path.cellsOnSegment([0, 0], [1, 7]))).toEqual([[1, 3]]);
    // Ends off the cell centres: no comparison.
    expect(cellsMissedByAccumulating([0, 0], [1.5, 7], path.cellsOnSegment([0, 0], [1.5, 7]))).toEqual([]);
  });
});

describe("gridPlot", () => {
  it("puts its caption under the chart", () => {
    const chart = gridPlot(["..", ".#"], { caption: "A leg and its cells." });
    expect(chart.querySelector("figcaption")?.textContent).toBe("A leg and its cells.");
  });
});
