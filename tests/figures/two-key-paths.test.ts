/**
 * Chapter 05's two-key comparison (notebooks/figures/two-key-paths.ts): slerp turns evenly, nlerp speeds up
 * in the middle by 1/cos²(θ/4), the Euler lerps turn further than they need to, and slerp's facts 5.2–5.4.
 */

import { describe, expect, it } from "vitest";
import { interpolate, quat, scalar } from "../../lib/index.ts";
import {
  TWO_KEY_METHODS,
  slerpPairFacts,
  twoKeyEnds,
  twoKeyPaths,
  twoKeySpeedRatio,
  twoKeySpeedRows,
  twoKeySummary,
} from "../../notebooks/figures/two-key-paths.ts";

describe("twoKeyEnds and twoKeyPaths", () => {
  it("puts the keys the total angle apart, and every path starts at a and ends at b", () => {
    for (const total of [30, 90, 150, 179]) {
      const { start, end } = twoKeyEnds(total);
      expect(scalar.radToDeg(quat.angleBetween(start, end))).toBeCloseTo(total, 9);
      const paths = twoKeyPaths(start, end);
      for (const m of TWO_KEY_METHODS) {
        expect(quat.angleBetween(paths[m](0), start)).toBeLessThan(1e-7);
        expect(quat.angleBetween(paths[m](1), end)).toBeLessThan(1e-7);
      }
    }
  });
});

describe("twoKeySpeedRows and twoKeySummary", () => {
  const total = 150;
  const { start, end } = twoKeyEnds(total);
  const rows = twoKeySpeedRows(twoKeyPaths(start, end), total, 200);
  const summary = twoKeySummary(rows, total, 200);

  it("has one row per interval and method, in the legend's order", () => {
    expect(rows).toHaveLength(4 * 200);
    expect(summary.map((s) => s.method)).toEqual([...TWO_KEY_METHODS]);
  });

  it("slerp sits on 1; nlerp peaks by about 1/cos²(θ/4) (1.589 at 150°); both turn exactly the total angle", () => {
    for (const r of rows.filter((r) => r.method === "slerp")) expect(r.speed).toBeCloseTo(1, 9);
    expect(summary[0]!.ratio).toBeCloseTo(1, 9);
    // a measured speed is the average over one step of t, which rounds the peak off a little
    expect(summary[1]!.ratio).toBeCloseTo(1 / Math.cos(scalar.degToRad(total) / 4) ** 2, 1);
    expect(summary[1]!.ratio).toBeLessThan(1 / Math.cos(scalar.degToRad(total) / 4) ** 2);
    expect(summary[0]!.turnedDeg).toBeCloseTo(total, 9);
    expect(summary[1]!.turnedDeg).toBeCloseTo(total, 6);
  });

  it("the Euler lerps turn further than the least possible angle", () => {
    expect(summary[2]!.turnedDeg).toBeGreaterThan(total);
    expect(summary[3]!.turnedDeg).toBeGreaterThan(total);
  });
});

describe("the facts of section 7", () => {
  it("5.1: slerp's ratio is 1 ± 1e-9; nlerp's is 4 − 2√2 at 90°", () => {
    expect(Math.abs(twoKeySpeedRatio(179, interpolate.slerp) - 1)).toBeLessThan(1e-9);
    expect(twoKeySpeedRatio(90, interpolate.nlerp)).toBeCloseTo(4 - 2 * Math.SQRT2, 3);
  });

  it("5.2–5.4 hold over the chapter's 1000 seeded pairs", () => {
    const facts = slerpPairFacts(505, 1000);
    expect(facts.excess).toBeLessThanOrEqual(1e-12);
    expect(facts.halfError).toBeLessThan(1e-12);
    expect(facts.fixedPoint).toBe(true);
    expect(facts.wrapped).toBe(true);
  });
});
