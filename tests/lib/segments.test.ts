import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Vec3, segments, vec3 } from "../../lib/index.ts";
import { RUNS, vector } from "../helpers/arbitraries.ts";

describe("segments.closestPointOnSegment", () => {
  it("is no farther from p than any point of the segment (checked on a fine sample)", () => {
    fc.assert(
      fc.property(vector, vector, vector, (p, a, b) => {
        const { point, t } = segments.closestPointOnSegment(p, a, b);
        expect(t).toBeGreaterThanOrEqual(0);
        expect(t).toBeLessThanOrEqual(1);
        const best = vec3.distance(p, point);
        for (let i = 0; i <= 64; i++) {
          expect(best).toBeLessThanOrEqual(vec3.distance(p, vec3.lerp(a, b, i / 64)) + 1e-9);
        }
      }),
      RUNS,
    );
  });
  it("clamps to the ends and returns b itself at t = 1", () => {
    const b: Vec3 = [0.1, 0.2, 0.3];
    expect(segments.closestPointOnSegment([5, 5, 5], [0, 0, 0], b)).toEqual({ point: b, t: 1 });
    expect(segments.closestPointOnSegment([-5, 0, 0], [0, 0, 0], [1, 0, 0])).toEqual({ point: [0, 0, 0], t: 0 });
  });
  it("treats a zero-length segment as a point, never 0/0", () => {
    expect(segments.closestPointOnSegment([4, 0, 0], [1, 1, 1], [1, 1, 1])).toEqual({ point: [1, 1, 1], t: 0 });
  });
  it("refuses NaN", () => {
    expect(() => segments.closestPointOnSegment([0, 0, 0], [NaN, 0, 0], [1, 0, 0])).toThrow(/a is not a point/);
  });
});
