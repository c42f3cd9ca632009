/**
 * Chapter 14's small helpers (notebooks/figures/ray-marching.ts): the bisection the shadow edges are
 * found with, and the probe circles of section 5.
 */

import { describe, expect, it } from "vitest";
import { sdf } from "../../lib/index.ts";
import { rmBisectRise, rmProbeCircles } from "../../notebooks/figures/ray-marching.ts";

describe("rmBisectRise", () => {
  it("finds where a rising function reaches the level, to the last bit", () => {
    expect(rmBisectRise((x) => x * x, 2, 0, 3)).toBeCloseTo(Math.SQRT2, 15);
    const step = rmBisectRise((x) => (x >= 0.75 ? 1 : 0), 1, 0, 3);
    expect(step).toBeGreaterThanOrEqual(0.75);
    expect(step - 0.75).toBeLessThan(1e-15);
  });

  it("returns the upper end when the level is never reached", () => {
    expect(rmBisectRise(() => 0, 1, 0, 3)).toBe(3);
  });
});

describe("rmProbeCircles", () => {
  it("draws one closed circle per field, of the field's value at the probe, keyed by name and value", () => {
    const unit = sdf.sphere([0, 0, 0], 1);
    const rows = rmProbeCircles([3, 0, 0], { exact: unit, half: (p) => unit(p) / 2 });
    expect(new Set(rows.map((r) => r.kind))).toEqual(new Set(["exact: 2.000", "half: 1.000"]));
    for (const r of rows) {
      const radius = r.kind.startsWith("exact") ? 2 : 1;
      expect(Math.hypot(r.x - 3, r.y)).toBeCloseTo(radius, 12);
    }
    const exact = rows.filter((r) => r.kind.startsWith("exact"));
    expect(exact[0]!.x).toBeCloseTo(exact.at(-1)!.x, 12);
  });
});
