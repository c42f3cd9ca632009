/**
 * Chapter 12's facts (closest points between segments), each computed: docs/curriculum.md lists them with this file, and the
 * chapter shows the same numbers in a live cell (notebooks/12-closest-points-between-segments.html).
 */

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Vec3, random, segments, vec3 } from "../../../lib/index.ts";
import { RUNS, vector } from "../../helpers/arbitraries.ts";
import { CHAIN, TIGHT } from "../../helpers/tolerance.ts";

describe("chapter 12: closest points between segments", () => {
  const pair = segments.closestPointsOnSegments;
  it("fact 12.1: the parallel segments (1,−2,0)–(1,2,0) and (−1,−2,0)–(−1,2,0) are 2 apart", () => {
    const r = pair([1, -2, 0], [1, 2, 0], [-1, -2, 0], [-1, 2, 0]);
    expect(r.distance).toBe(2);
    // Not unique: any pair across the overlap is closest. The returned one lies on both segments, 2 apart.
    expect(r.onAB[0]).toBe(1);
    expect(r.onCD[0]).toBe(-1);
    expect(r.onAB[1]).toBe(r.onCD[1]);
  });
  it("fact 12.2: the parallel, disjoint segments (0,0,0)–(1,0,0) and (3,1,0)–(5,1,0) are √5 apart", () => {
    const r = pair([0, 0, 0], [1, 0, 0], [3, 1, 0], [5, 1, 0]);
    expect(r).toMatchObject({ s: 1, t: 0, onAB: [1, 0, 0], onCD: [3, 1, 0] });
    expect(r.distance).toBeCloseTo(Math.sqrt(5), 14);
  });
  it("fact 12.3: a zero-length segment gives the point-to-segment answer, never NaN", () => {
    fc.assert(
      fc.property(vector, vector, vector, (p, c, d) => {
        const onCD = segments.closestPointOnSegment(p, c, d);
        const r = pair(p, p, c, d);
        expect([r.s, r.t, r.distance]).toEqual([0, onCD.t, vec3.distance(p, onCD.point)]);
        expect(r.onCD).toBeCloseToVec(onCD.point, TIGHT);
        const q = pair(c, d, p, p); // the point second
        expect([q.s, q.t, q.distance]).toEqual([onCD.t, 0, r.distance]);
        expect(pair(p, p, c, c).distance).toBe(vec3.distance(p, c));
      }),
      RUNS,
    );
  });
  it("fact 12.4: on random pairs the distance is the true minimum over both parameters (an independent search)", () => {
    // For fixed s the best t is the point-to-segment answer, and g(s) = min_t |P(s) − Q(t)| is convex:
    // a ternary search over s, sharing no code with closestPointsOnSegments.
    const search = (a: Vec3, b: Vec3, c: Vec3, d: Vec3): number => {
      const g = (s: number) => {
        const p = vec3.lerp(a, b, s);
        return vec3.distance(p, segments.closestPointOnSegment(p, c, d).point);
      };
      let [lo, hi] = [0, 1];
      for (let i = 0; i < 200; i++) {
        const [m1, m2] = [lo + (hi - lo) / 3, hi - (hi - lo) / 3];
        if (g(m1) <= g(m2)) hi = m2;
        else lo = m1;
      }
      return Math.min(g(0), g(1), g((lo + hi) / 2));
    };
    fc.assert(
      fc.property(vector, vector, vector, vector, (a, b, c, d) => {
        const r = pair(a, b, c, d);
        const best = search(a, b, c, d);
        // never farther than the search (to rounding), and never nearer: it is a real pair on the segments
        expect(r.distance).toBeLessThanOrEqual(best + CHAIN.atol + CHAIN.rtol * best);
        expect(r.distance).toBeGreaterThanOrEqual(best - 1e-9 * (1 + best));
        expect(r.onAB).toBeCloseToVec(vec3.lerp(a, b, r.s), CHAIN);
        expect(r.onCD).toBeCloseToVec(vec3.lerp(c, d, r.t), CHAIN);
      }),
      RUNS,
    );
  });
});
