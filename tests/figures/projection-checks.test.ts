/**
 * Chapter 06's checks (notebooks/figures/projection-checks.ts): our matrices equal three.js's, and the
 * lecture's facts 6.1, 6.2 and 6.4 hold.
 */

import { describe, expect, it } from "vitest";
import { maxDifference, projectionFacts, threeChecks } from "../../notebooks/figures/projection-checks.ts";

describe("maxDifference", () => {
  it("is the largest absolute difference", () => {
    expect(maxDifference([1, 2, 3], [1, 2.5, 2])).toBe(1);
    expect(maxDifference([0], [0])).toBe(0);
  });
});

describe("threeChecks", () => {
  it("compares six cameras (perspective and orthographic, three depth conventions), all equal to 1e-12", () => {
    const rows = threeChecks(60, 1, 10);
    expect(rows).toHaveLength(6);
    expect(rows[0]!.camera).toBe("PerspectiveCamera(60, 1.5, 1, 10)");
    expect(rows.map((r) => r.depth)).toContain("zeroToOne, reversed");
    for (const r of rows) expect(r.difference).toBeLessThan(1e-12);
  });
});

describe("projectionFacts", () => {
  it("6.1, 6.2 and 6.4 hold, and 6.1 is stated with the exact fractions' values", () => {
    const facts = projectionFacts();
    expect(facts.depthRow).toBeLessThan(1e-14);
    expect(facts.rangeEnds).toBeLessThan(1e-12);
    expect(facts.screenCorners).toBeLessThan(1e-9);
    expect(facts.depthRowText).toContain("−1..1: (-1.0202, -2.0202)");
    expect(facts.depthRowText).toContain("0..1, far ∞: (-1.0000, -1.0000)");
  });
});
