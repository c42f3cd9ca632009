import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Vec3, quat, segments, vec3 } from "../../lib/index.ts";
import { RUNS, unitQuat, vector } from "../helpers/arbitraries.ts";

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
  it("is the same answer at 1e-200 and 1e200 as at unit scale (scaled first, no underflow or overflow)", () => {
    for (const k of [1e-200, 1e200, 2 ** -1070]) {
      const sc = (v: Vec3): Vec3 => [v[0] * k, v[1] * k, v[2] * k];
      const r = segments.closestPointOnSegment(sc([1, 5, 0]), sc([0, 0, 0]), sc([2, 0, 0]));
      expect(r.t).toBe(0.5);
      expect(r.point).toEqual(sc([1, 0, 0]));
    }
    const near = segments.closestPointOnSegment([1e308, 0, 0], [-1e308, 0, 0], [1.5e308, 0, 0]); // b − a overflows
    expect(near.t).toBeCloseTo(0.8, 15);
  });
  it("fills out and allocates nothing when given one", () => {
    const out: segments.SegmentPoint = { point: [NaN, NaN, NaN], t: NaN };
    expect(segments.closestPointOnSegment([1, 5, 0], [0, 0, 0], [2, 0, 0], out)).toBe(out);
    expect(out).toEqual({ point: [1, 0, 0], t: 0.5 });
    expect(() => segments.closestPointOnSegment([0, 0, 0], [0, 0, 0], [Infinity, 0, 0], out)).toThrow(
      /b is not a point/,
    );
    expect(() => segments.closestPointOnSegment([0, NaN, 0], [0, 0, 0], [1, 0, 0], out)).toThrow(/p is not a point/);
  });
});

/**
 * An independent search for min over s, t of |P(s) − Q(t)|: for each s the best t is the point-to-segment
 * answer (exact), and g(s) = min_t |P(s) − Q(t)| is convex, so a ternary search over s converges.
 */
function searchDistance(a: Vec3, b: Vec3, c: Vec3, d: Vec3): number {
  const g = (s: number) => {
    const p = vec3.lerp(a, b, s);
    return vec3.distance(p, segments.closestPointOnSegment(p, c, d).point);
  };
  let lo = 0,
    hi = 1;
  for (let i = 0; i < 200; i++) {
    const m1 = lo + (hi - lo) / 3,
      m2 = hi - (hi - lo) / 3;
    if (g(m1) <= g(m2)) hi = m2;
    else lo = m1;
  }
  return Math.min(g(0), g(1), g((lo + hi) / 2));
}

/** Rounding-sized slack on distances of unit-size segments: a few ulps of the coordinates (≤ 10). */
const DIST = { atol: 1e-12, rtol: 1e-12 };
const close = (x: number, y: number, tol = DIST) => Math.abs(x - y) <= tol.atol + tol.rtol * Math.abs(y);

/** The pair lies on its segments: parameters in [0, 1] and the points at them, at the stated distance. */
function expectConsistent(r: segments.SegmentPair, a: Vec3, b: Vec3, c: Vec3, d: Vec3): void {
  expect(r.s).toBeGreaterThanOrEqual(0);
  expect(r.s).toBeLessThanOrEqual(1);
  expect(r.t).toBeGreaterThanOrEqual(0);
  expect(r.t).toBeLessThanOrEqual(1);
  expect(r.onAB).toBeCloseToVec(vec3.lerp(a, b, r.s), DIST);
  expect(r.onCD).toBeCloseToVec(vec3.lerp(c, d, r.t), DIST);
  expect(r.distance).toBe(vec3.distance(r.onAB, r.onCD));
}

describe("segments.closestPointsOnSegments", () => {
  it("matches an independent search over both parameters on random pairs", () => {
    fc.assert(
      fc.property(vector, vector, vector, vector, (a, b, c, d) => {
        const r = segments.closestPointsOnSegments(a, b, c, d);
        expectConsistent(r, a, b, c, d);
        expect(close(r.distance, searchDistance(a, b, c, d), { atol: 1e-9, rtol: 1e-9 })).toBe(true);
      }),
      RUNS,
    );
  });
  it("is symmetric: swapping the segments swaps s and t, reversing one maps s to 1 − s", () => {
    fc.assert(
      fc.property(vector, vector, vector, vector, (a, b, c, d) => {
        const r = segments.closestPointsOnSegments(a, b, c, d);
        expect(close(segments.closestPointsOnSegments(c, d, a, b).distance, r.distance)).toBe(true);
        expect(close(segments.closestPointsOnSegments(b, a, c, d).distance, r.distance)).toBe(true);
      }),
      RUNS,
    );
  });
  it("returns the lines' closest pair when it lies inside both segments", () => {
    const r = segments.closestPointsOnSegments([0, 0, 0], [2, 0, 0], [1, -1, 1], [1, 1, 1]);
    expect(r).toEqual({ s: 0.5, t: 0.5, onAB: [1, 0, 0], onCD: [1, 0, 1], distance: 1 });
  });
  it("clamps to the ends, and returns b and d themselves there", () => {
    const b: Vec3 = [0.1, 0.2, 0.3];
    const d: Vec3 = [0.7, 0.9, 0.3];
    const r = segments.closestPointsOnSegments([-1, -1, 0.3], b, d, [3, 3, 0.3]);
    expect(r.s).toBe(1);
    expect(r.onAB).toEqual(b);
    expect(r.t).toBe(0);
    expect(r.onCD).toEqual(d);
  });

  describe("when the segments cross", () => {
    it("returns the crossing point on both, distance 0", () => {
      const r = segments.closestPointsOnSegments([-1, 0, 0], [1, 0, 0], [0, -1, 0], [0, 1, 0]);
      expect(r).toEqual({ s: 0.5, t: 0.5, onAB: [0, 0, 0], onCD: [0, 0, 0], distance: 0 });
    });
    it("finds the true pair when only the lines cross (clamping s and t separately does not)", () => {
      const r = segments.closestPointsOnSegments([0, 0, 0], [4, 0, 0], [1, 1, 0], [-1, 0, 0]);
      expect(r.s).toBe(0);
      expect(close(r.distance, 1 / Math.sqrt(5))).toBe(true);
    });
  });

  describe("when the segments are parallel", () => {
    it("gives fact 12.1's distance 2 at the middle of the overlap", () => {
      const r = segments.closestPointsOnSegments([1, -2, 0], [1, 2, 0], [-1, -2, 0], [-1, 2, 0]);
      expect(r).toEqual({ s: 0.5, t: 0.5, onAB: [1, 0, 0], onCD: [-1, 0, 0], distance: 2 });
    });
    it("gives fact 12.2's √5 at the nearest ends when they do not overlap", () => {
      const r = segments.closestPointsOnSegments([0, 0, 0], [1, 0, 0], [3, 1, 0], [5, 1, 0]);
      expect(r).toMatchObject({ s: 1, t: 0, distance: Math.sqrt(5) });
    });
    it("handles opposite directions, containment and touching ends", () => {
      const opposite = segments.closestPointsOnSegments([0, 0, 0], [4, 0, 0], [3, 1, 0], [1, 1, 0]);
      expect(opposite).toMatchObject({ s: 0.5, t: 0.5, distance: 1 });
      const inside = segments.closestPointsOnSegments([0, 0, 0], [10, 0, 0], [4, 0, 3], [6, 0, 3]);
      expect(inside).toMatchObject({ s: 0.5, t: 0.5, distance: 3 });
      const touching = segments.closestPointsOnSegments([0, 0, 0], [1, 0, 0], [1, 0, 0], [2, 0, 0]);
      expect(touching.distance).toBe(0);
      const collinearApart = segments.closestPointsOnSegments([0, 0, 0], [1, 0, 0], [3, 0, 0], [2, 0, 0]);
      expect(collinearApart).toMatchObject({ s: 1, t: 1, distance: 1 });
    });
    it("stays right when rounding makes them only nearly parallel (rotated coordinates)", () => {
      fc.assert(
        fc.property(unitQuat, vector, fc.double({ min: -3, max: 3, noNaN: true }), (q, offset, shift) => {
          const R = (p: Vec3) => vec3.add(offset, quat.rotateVec3(q, p));
          const [a, b, c, d] = [R([0, 0, 0]), R([2, 0, 0]), R([shift, 1.5, 0]), R([shift + 1, 1.5, 0])];
          const r = segments.closestPointsOnSegments(a, b, c, d);
          expectConsistent(r, a, b, c, d);
          const gap = Math.max(0, shift - 2, -1 - shift); // along the line: how far apart the intervals are
          expect(close(r.distance, Math.hypot(1.5, gap))).toBe(true);
        }),
        RUNS,
      );
    });
  });

  describe("when a segment has zero length", () => {
    it("gives the point-to-segment answer with s = 0 or t = 0, never NaN", () => {
      const r1 = segments.closestPointsOnSegments([1, 1, 0], [1, 1, 0], [0, 0, 0], [2, 0, 0]);
      expect(r1).toEqual({ s: 0, t: 0.5, onAB: [1, 1, 0], onCD: [1, 0, 0], distance: 1 });
      const r2 = segments.closestPointsOnSegments([0, 0, 0], [2, 0, 0], [1, 1, 0], [1, 1, 0]);
      expect(r2).toEqual({ s: 0.5, t: 0, onAB: [1, 0, 0], onCD: [1, 1, 0], distance: 1 });
      const both = segments.closestPointsOnSegments([1, 2, 3], [1, 2, 3], [1, 2, 7], [1, 2, 7]);
      expect(both).toEqual({ s: 0, t: 0, onAB: [1, 2, 3], onCD: [1, 2, 7], distance: 4 });
    });
    it("keeps tiny segments (1e-9 long) as segments, with no absolute epsilon", () => {
      const r = segments.closestPointsOnSegments([0, 0, 0], [1e-9, 0, 0], [2e-9, -1e-9, 0], [2e-9, 1e-9, 0]);
      expect(r.s).toBe(1);
      expect(close(r.distance, 1e-9, { atol: 1e-24, rtol: 1e-12 })).toBe(true);
    });
  });

  describe("at any scale (issue 19: it returned 0 at 1e-200 and NaN at 1e200)", () => {
    const cases: [string, Vec3, Vec3, Vec3, Vec3][] = [
      ["skew", [0, 0, 0], [2, 0, 0], [1, -1, 1], [1, 1, 1]],
      ["parallel, overlapping", [1, -2, 0], [1, 2, 0], [-1, -2, 0], [-1, 2, 0]],
      ["CD a point", [0, 0, 0], [2, 0, 0], [1, 1, 0], [1, 1, 0]],
      ["lines cross, segments do not", [0, 0, 0], [4, 0, 0], [1, 1, 0], [-1, 0, 0]],
    ];
    for (const [label, a, b, c, d] of cases) {
      it(`${label}: same parameters, points and distance (× the scale) at 1e-200, 1e200 and 2⁻¹⁰⁷⁰`, () => {
        const unit = segments.closestPointsOnSegments(a, b, c, d);
        for (const k of [1e-200, 1e200, 2 ** -1070]) {
          const sc = (v: Vec3): Vec3 => [v[0] * k, v[1] * k, v[2] * k];
          const r = segments.closestPointsOnSegments(sc(a), sc(b), sc(c), sc(d));
          expect(r.s).toBe(unit.s);
          expect(r.t).toBe(unit.t);
          expect(Number.isFinite(r.distance)).toBe(true);
          if (k < 1e-300) continue; // subnormal coordinates hold only a few digits: parameters only
          expect(Math.abs(r.distance / k - unit.distance)).toBeLessThanOrEqual(
            1e-15 * Math.max(1, unit.distance) + (k < 1e-300 ? 1e-6 : 0),
          );
          expect(r.onAB.every(Number.isFinite) && r.onCD.every(Number.isFinite)).toBe(true);
        }
      });
    }
    it("finite points whose differences overflow (coordinates near ±1e308)", () => {
      const r = segments.closestPointsOnSegments([-1e308, 1, 0], [1e308, 1, 0], [0, -1e308, 0], [0, 1e308, 0]);
      expect(r.s).toBeCloseTo(0.5, 15);
      expect(r.t).toBeCloseTo(0.5, 15);
      expect(r.distance).toBeLessThanOrEqual(1e308 * 1e-15); // 0, to the rounding of t at this size
    });
  });
  it("fills out and allocates nothing when given one, writing only after reading the inputs", () => {
    const out: segments.SegmentPair = { s: NaN, t: NaN, onAB: [NaN, NaN, NaN], onCD: [NaN, NaN, NaN], distance: NaN };
    expect(segments.closestPointsOnSegments([0, 0, 0], [2, 0, 0], [1, -1, 1], [1, 1, 1], out)).toBe(out);
    expect(out).toEqual({ s: 0.5, t: 0.5, onAB: [1, 0, 0], onCD: [1, 0, 1], distance: 1 });
    const a: Vec3 = [0, 0, 0];
    const aliased = { s: 0, t: 0, onAB: a, onCD: [0, 0, 0] as Vec3, distance: 0 };
    segments.closestPointsOnSegments(a, [2, 0, 0], [1, -1, 1], [1, 1, 1], aliased);
    expect(aliased.onAB).toEqual([1, 0, 0]);
    expect(aliased.onCD).toEqual([1, 0, 1]);
  });
  it("never changes its inputs", () => {
    const args: [Vec3, Vec3, Vec3, Vec3] = [[0, 0, 0], [1, 0, 0], [0, 1, 1], [1, 1, 1]]; // prettier-ignore
    const copy = JSON.parse(JSON.stringify(args));
    segments.closestPointsOnSegments(...args);
    expect(args).toEqual(copy);
  });
  it("refuses NaN and infinite coordinates, naming the argument", () => {
    expect(() => segments.closestPointsOnSegments([0, 0, 0], [1, 0, 0], [0, NaN, 0], [1, 1, 1])).toThrow(
      /closestPointsOnSegments: c is not a point/,
    );
    expect(() => segments.closestPointsOnSegments([0, 0, 0], [1, 0, 0], [0, 0, 0], [Infinity, 1, 1])).toThrow(
      /closestPointsOnSegments: d is not a point/,
    );
  });
});

describe("segments.capsuleGap and capsulesCollide", () => {
  const pill = (a: Vec3, b: Vec3, radius: number): segments.Capsule => ({ a, b, radius });
  it("is the segments' distance minus both radii", () => {
    fc.assert(
      fc.property(vector, vector, vector, vector, (a, b, c, d) => {
        const gap = segments.capsuleGap(pill(a, b, 0.5), pill(c, d, 0.25));
        expect(close(gap, segments.closestPointsOnSegments(a, b, c, d).distance - 0.75)).toBe(true);
      }),
      RUNS,
    );
  });
  it("handles side-by-side (parallel) pills, spheres, touching and overlap", () => {
    expect(segments.capsuleGap(pill([0, 0, 0], [2, 0, 0], 1), pill([0, 1.5, 0], [2, 1.5, 0], 1))).toBe(-0.5);
    expect(segments.capsuleGap(pill([0, 0, 0], [0, 0, 0], 1), pill([3, 0, 0], [3, 0, 0], 2))).toBe(0);
    expect(segments.capsulesCollide(pill([0, 0, 0], [0, 0, 0], 1), pill([3, 0, 0], [3, 0, 0], 2))).toBe(true);
    expect(segments.capsulesCollide(pill([0, 0, 0], [2, 0, 0], 0.5), pill([1, -1, 2], [1, 1, 2], 0.5))).toBe(false);
  });
  it("refuses a negative or non-finite radius, naming it", () => {
    expect(() => segments.capsuleGap(pill([0, 0, 0], [1, 0, 0], -1), pill([0, 0, 0], [1, 0, 0], 1))).toThrow(
      /capsuleGap: p.radius/,
    );
    expect(() => segments.capsuleGap(pill([0, 0, 0], [1, 0, 0], 1), pill([0, 0, 0], [1, 0, 0], NaN))).toThrow(
      /capsuleGap: q.radius/,
    );
  });
});
