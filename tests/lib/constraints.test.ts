import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Vec3, constraints, vec3 } from "../../lib/index.ts";
import { RUNS, vector } from "../helpers/arbitraries.ts";

describe("constraints.constrainDistance", () => {
  it("lands `distance` from the anchor, on the ray from the anchor through the point", () => {
    fc.assert(
      fc.property(vector, vector, fc.double({ min: 0, max: 100, noNaN: true }), (p, a, d) => {
        fc.pre(vec3.distance(p, a) > 1e-9);
        const q = constraints.constrainDistance(p, a, d);
        expect(vec3.distance(q, a)).toBeCloseTo(d, 12);
        if (d > 1e-6) expect(vec3.angleBetween(vec3.sub(q, a), vec3.sub(p, a))).toBeLessThan(1e-7);
      }),
      RUNS,
    );
  });
  it("pushes a point on its anchor along +x (or the given fallback), never NaN", () => {
    expect(constraints.constrainDistance([1, 2, 3], [1, 2, 3], 2)).toEqual([3, 2, 3]);
    expect(constraints.constrainDistance([0, 0, 0], [0, 0, 0], 1, [0, 0, -5])).toEqual([0, 0, -1]);
  });
  it("keeps a direction for a point 1e-200 from its anchor", () => {
    expect(constraints.constrainDistance([1e-200, 0, 0], [0, 0, 0], 1)).toEqual([1, 0, 0]);
  });
  it("refuses NaN, a negative distance and a zero fallback", () => {
    expect(() => constraints.constrainDistance([NaN, 0, 0], [0, 0, 0], 1)).toThrow(RangeError);
    expect(() => constraints.constrainDistance([1, 0, 0], [0, 0, 0], -1)).toThrow(/distance/);
    expect(() => constraints.constrainDistance([0, 0, 0], [0, 0, 0], 1, [0, 0, 0])).toThrow(/fallback/);
  });
});
