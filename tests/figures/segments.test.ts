/**
 * Chapter 12's comparisons and checks (notebooks/figures/segments.ts): the case table marks what is right,
 * the scale sweep measures what it says, and the plain ternary search agrees with the library.
 */

import { describe, expect, it } from "vitest";
import { random, segments } from "../../lib/index.ts";
import {
  SEGMENT_CASES,
  type SegmentDistanceMethod,
  againstSearchCheck,
  pointAsSegmentCheck,
  scaleErrorRows,
  segmentDistanceBySearch,
  segmentMethodsTable,
} from "../../notebooks/figures/segments.ts";

const ours: SegmentDistanceMethod = ["ours", (...e) => segments.closestPointsOnSegments(...e).distance];
const nan: SegmentDistanceMethod = ["nan", () => NaN];
const off: SegmentDistanceMethod = ["off", (...e) => segments.closestPointsOnSegments(...e).distance * (1 + 1e-9)];

describe("SEGMENT_CASES", () => {
  it("hold the exact distances the library computes", () => {
    for (const c of SEGMENT_CASES) {
      expect(segments.closestPointsOnSegments(...c.ends).distance, c.name).toBeCloseTo(c.exact, 12);
    }
  });
});

describe("segmentMethodsTable", () => {
  it("marks ours right everywhere, NaN and a 1e-9 error wrong", () => {
    const rows = segmentMethodsTable(SEGMENT_CASES, [ours, nan, off]);
    expect(rows).toHaveLength(SEGMENT_CASES.length);
    expect(rows[1]).toEqual({
      case: "parallel, apart (fact 12.2)",
      exact: "2.236",
      ours: "2.236 ✓",
      nan: "NaN ✗",
      off: "2.236 ✗",
    });
    expect(rows.every((r) => r.ours!.endsWith("✓") && r.nan === "NaN ✗")).toBe(true);
  });
});

describe("scaleErrorRows", () => {
  it("goes k by k in the methods' order, with errors floored at 1e-17", () => {
    const rows = scaleErrorRows(SEGMENT_CASES[1]!.ends, [ours, off], [-3, 0, 3]);
    expect(rows.map((r) => `${r.k} ${r.method}`)).toEqual(["-3 ours", "-3 off", "0 ours", "0 off", "3 ours", "3 off"]);
    expect(rows.filter((r) => r.method === "ours").every((r) => r.error < 1e-14)).toBe(true);
    expect(rows.filter((r) => r.method === "off").every((r) => Math.abs(r.error - 1e-9) < 1e-12)).toBe(true);
    expect(Math.min(...rows.map((r) => r.error))).toBeGreaterThanOrEqual(1e-17);
  });
});

describe("the checks of facts 12.3 and 12.4", () => {
  it("find the ternary search equal to ours on a case worked by hand", () => {
    expect(segmentDistanceBySearch([0, 0, 0], [4, 0, 0], [1, 1, 0], [-1, 0, 0])).toBeCloseTo(1 / Math.sqrt(5), 12);
  });

  it("pass on random segments", () => {
    const rng = random.seeded(7);
    const points = pointAsSegmentCheck(rng, 50);
    expect(points.nonFinite).toBe(0);
    expect(points.worst).toBeLessThan(1e-12);
    const search = againstSearchCheck(rng, 50);
    expect(search.below).toBe(0);
    expect(search.worst).toBeLessThan(1e-9);
  });
});
