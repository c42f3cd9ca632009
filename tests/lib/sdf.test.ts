import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Vec3, sdf, vec3 } from "../../lib/index.ts";
import { RUNS, unitVector, vector } from "../helpers/arbitraries.ts";

/** Rounding of a few operations on coordinates of size ≤ 10. */
const ROUND = 1e-12;
const positive = fc.double({ min: 0.05, max: 3, noNaN: true });
const halfExtents = fc.tuple(positive, positive, positive) as fc.Arbitrary<Vec3>;

/** The distance from p to the box by brute force over its surface's closest point (clamp, then push to a face). */
function boxDistance(p: Vec3, c: Vec3, h: Vec3): number {
  const q = p.map((x, i) => x - c[i]!) as Vec3;
  const inside = q.every((x, i) => Math.abs(x) <= h[i]!);
  if (!inside) return vec3.length(q.map((x, i) => x - Math.max(-h[i]!, Math.min(h[i]!, x))) as Vec3);
  return -Math.min(...q.map((x, i) => h[i]! - Math.abs(x)));
}

describe("sdf.sphere", () => {
  it("is |p − c| − r: negative inside, zero on the surface", () => {
    const f = sdf.sphere([1, 2, 3], 2);
    expect(f([1, 2, 3])).toBe(-2);
    expect(f([3, 2, 3])).toBe(0);
    expect(f([1, 2, 8])).toBe(3);
  });
  it("is 1-Lipschitz (the property sphere tracing relies on)", () => {
    fc.assert(
      fc.property(vector, positive, vector, vector, (c, r, p, q) => {
        const f = sdf.sphere(c, r);
        expect(Math.abs(f(p) - f(q))).toBeLessThanOrEqual(vec3.distance(p, q) + ROUND);
      }),
      RUNS,
    );
  });
  it("treats radius 0 as a point and refuses a negative radius or NaN", () => {
    expect(sdf.sphere([0, 0, 0], 0)([0, 3, 4])).toBe(5);
    expect(() => sdf.sphere([0, 0, 0], -1)).toThrow(/sdf.sphere: radius must be ≥ 0/);
    expect(() => sdf.sphere([0, 0, 0], NaN)).toThrow(/sdf.sphere: radius/);
    expect(() => sdf.sphere([0, NaN, 0], 1)).toThrow(/sdf.sphere: center is not a point/);
  });
});

describe("sdf.box", () => {
  it("is the exact distance outside (face, edge, corner) and minus the nearest face inside", () => {
    fc.assert(
      fc.property(vector, halfExtents, vector, (c, h, p) => {
        expect(sdf.box(c, h)(p)).toBeCloseTo(boxDistance(p, c, h), 10);
      }),
      RUNS,
    );
  });
  it("measures an edge and a corner with the round part, not the largest component", () => {
    const f = sdf.box([0, 0, 0], [1, 1, 1]);
    expect(f([2, 2, 0])).toBe(Math.SQRT2);
    expect(f([2, 2, 2])).toBeCloseTo(Math.sqrt(3), 15);
    expect(f([0, 0, 0])).toBe(-1);
    expect(f([0.5, 0, 0])).toBe(-0.5);
  });
  it("allows a flat box and refuses a negative half-extent", () => {
    expect(sdf.box([0, 0, 0], [1, 1, 0])([0, 0, 2])).toBe(2);
    expect(() => sdf.box([0, 0, 0], [1, -1, 1])).toThrow(/sdf.box: halfExtents must be ≥ 0/);
    expect(() => sdf.box([0, 0, 0], [1, Infinity, 1])).toThrow(/sdf.box: halfExtents is not a point/);
  });
});

describe("sdf.plane", () => {
  it("normalizes the normal and measures p·n̂ − offset", () => {
    const f = sdf.plane([0, 0, 4], 1);
    expect(f([7, -3, 1])).toBe(0);
    expect(f([0, 0, -1])).toBe(-2);
  });
  it("refuses a zero normal and a non-finite offset", () => {
    expect(() => sdf.plane([0, 0, 0], 0)).toThrow(/sdf.plane: normal/);
    expect(() => sdf.plane([0, 1, 0], NaN)).toThrow(/sdf.plane: offset/);
  });
});

describe("sdf.union, sdf.intersection, sdf.smoothUnion", () => {
  const a = sdf.sphere([-1, 0, 0], 1.2);
  const b = sdf.box([1, 0, 0], [1, 0.5, 0.5]);
  it("union is the min and intersection the max of the parts", () => {
    fc.assert(
      fc.property(vector, (p) => {
        expect(sdf.union(a, b)(p)).toBe(Math.min(a(p), b(p)));
        expect(sdf.intersection(a, b)(p)).toBe(Math.max(a(p), b(p)));
      }),
      RUNS,
    );
  });
  it("smoothUnion never exceeds the union, dips by k/4 where the parts are equal, and is the union at k = 0", () => {
    fc.assert(
      fc.property(vector, fc.double({ min: 0, max: 2, noNaN: true }), (p, k) => {
        const s = sdf.smoothUnion(k, a, b)(p);
        expect(s).toBeLessThanOrEqual(Math.min(a(p), b(p)));
        expect(s).toBeGreaterThanOrEqual(Math.min(a(p), b(p)) - k / 4 - ROUND);
      }),
      RUNS,
    );
    const same = sdf.smoothUnion(0.8, sdf.sphere([-1, 0, 0], 1), sdf.sphere([1, 0, 0], 1));
    expect(same([0, 2, 0])).toBeCloseTo(Math.sqrt(5) - 1 - 0.2, 15);
    expect(sdf.smoothUnion(0, a, b)([0.1, 0.2, 0.3])).toBe(sdf.union(a, b)([0.1, 0.2, 0.3]));
  });
  it("smoothUnion stays 1-Lipschitz (a safe bound)", () => {
    const s = sdf.smoothUnion(1, a, b);
    fc.assert(
      fc.property(vector, unitVector, (p, d) => {
        const q = vec3.add(p, vec3.scale(d, 1e-3));
        expect(Math.abs(s(p) - s(q))).toBeLessThanOrEqual(1e-3 * (1 + 1e-9));
      }),
      RUNS,
    );
  });
  it("refuses no shapes and a negative k", () => {
    expect(() => sdf.union()).toThrow(/sdf.union: at least one shape/);
    expect(() => sdf.intersection()).toThrow(/sdf.intersection: at least one shape/);
    expect(() => sdf.smoothUnion(-1, a)).toThrow(/sdf.smoothUnion: k must be ≥ 0/);
  });
});

describe("sdf.scaled", () => {
  const unit = sdf.sphere([0, 0, 0], 1);
  it("never exceeds the true distance to the ellipsoid (checked against a dense sample of its surface)", () => {
    const s: Vec3 = [0.5, 1, 1.5];
    const f = sdf.scaled(unit, s);
    const surface: Vec3[] = [];
    for (let i = 0; i <= 60; i++)
      for (let j = 0; j < 120; j++) {
        const th = (Math.PI * i) / 60;
        const ph = (2 * Math.PI * j) / 120;
        surface.push([s[0] * Math.sin(th) * Math.cos(ph), s[1] * Math.sin(th) * Math.sin(ph), s[2] * Math.cos(th)]);
      }
    fc.assert(
      fc.property(vector, (p) => {
        const truth = Math.min(...surface.map((q) => vec3.distance(p, q)));
        if (f(p) > 0) expect(f(p)).toBeLessThanOrEqual(truth + 1e-9);
      }),
      { numRuns: 60 },
    );
  });
  it("is exact along the shortest axis and for a uniform scale", () => {
    expect(sdf.scaled(unit, [0.5, 1, 1])([2, 0, 0])).toBe(1.5);
    expect(sdf.scaled(unit, [2, 2, 2])([0, 5, 0])).toBe(3);
  });
  it("refuses a zero or negative factor", () => {
    expect(() => sdf.scaled(unit, [1, 0, 1])).toThrow(/sdf.scaled: factors must be > 0/);
  });
});

describe("sdf.march", () => {
  const ball = sdf.sphere([0, 0, 5], 1);
  it("counts evaluations: a head-on hit 4 away is found on the second", () => {
    expect(sdf.march(ball, [0, 0, 0], [0, 0, 1])).toEqual({ hit: true, t: 4, steps: 2, point: [0, 0, 4], distance: 0 });
  });
  it("normalizes the direction, so t is a distance", () => {
    expect(sdf.march(ball, [0, 0, 0], [0, 0, 10]).t).toBe(4);
  });
  it("hits on the first step when the origin is inside (a negative distance is a hit)", () => {
    const r = sdf.march(ball, [0, 0, 5], [1, 0, 0]);
    expect(r).toMatchObject({ hit: true, t: 0, steps: 1, distance: -1 });
  });
  it("lands within ε of the surface, never beyond it, for a true distance", () => {
    fc.assert(
      fc.property(unitVector, (d) => {
        const r = sdf.march(ball, [0, 0, 0], d, { epsilon: 1e-6 });
        if (r.hit) {
          expect(r.distance).toBeGreaterThanOrEqual(0);
          expect(r.distance).toBeLessThan(1e-6);
          expect(ball(r.point)).toBeCloseTo(r.distance, 12);
        } else expect(r.t > 100 || r.steps === 256).toBe(true);
      }),
      RUNS,
    );
  });
  it("starting on the surface is a hit at t = 0 on the first step", () => {
    expect(sdf.march(ball, [0, 0, 4], [0, 1, 0])).toMatchObject({ hit: true, t: 0, steps: 1, distance: 0 });
  });
  it("a ray parallel to a plane keeps its clearance and stops past maxDistance, not at maxSteps", () => {
    const r = sdf.march(sdf.plane([0, 1, 0], -1), [0, 0, 0], [1, 0, 0], { maxDistance: 10 });
    expect(r).toMatchObject({ hit: false, steps: 11, distance: 1 });
    expect(r.t).toBe(11);
  });
  it("stops past maxDistance and after maxSteps", () => {
    const miss = sdf.march(ball, [2, 0, 0], [0, 0, 1], { maxDistance: 20 });
    expect(miss.hit).toBe(false);
    expect(miss.t).toBeGreaterThan(20);
    const graze = sdf.march(ball, [0.999, 0, 0], [0, 0, 1], { maxSteps: 10 });
    expect(graze).toMatchObject({ hit: false, steps: 10 });
  });
  it("with stepScale > 1 can step through the surface (a negative distance at the hit)", () => {
    const r = sdf.march(ball, [0, 0, 0], [0, 0, 1], { stepScale: 1.25 });
    expect(r.hit).toBe(true);
    expect(r.distance).toBe(-1);
  });
  it("refuses bad arguments and a NaN distance", () => {
    expect(() => sdf.march(ball, [0, 0, 0], [0, 0, 0])).toThrow(/sdf.march: direction/);
    expect(() => sdf.march(ball, [NaN, 0, 0], [0, 0, 1])).toThrow(/sdf.march: origin/);
    expect(() => sdf.march(ball, [0, 0, 0], [0, 0, 1], { epsilon: 0 })).toThrow(/epsilon must be > 0/);
    expect(() => sdf.march(ball, [0, 0, 0], [0, 0, 1], { maxSteps: 2.5 })).toThrow(/maxSteps/);
    expect(() => sdf.march(ball, [0, 0, 0], [0, 0, 1], { stepScale: -1 })).toThrow(/stepScale/);
    expect(() => sdf.march(() => NaN, [0, 0, 0], [0, 0, 1])).toThrow(/f returned NaN/);
  });
  it("marchPath records one sample per step, and agrees with march", () => {
    const { result, samples } = sdf.marchPath(ball, [0.9, 0, 0], [0, 0, 1]);
    expect(result).toEqual(sdf.march(ball, [0.9, 0, 0], [0, 0, 1]));
    expect(samples.length).toBe(result.steps);
    expect(samples.at(-1)!.t).toBe(result.t);
  });
});

describe("sdf.normal", () => {
  it("matches the analytic sphere normal to 1e-6 everywhere on the surface", () => {
    const c: Vec3 = [0.3, -0.2, 1];
    const f = sdf.sphere(c, 1.3);
    fc.assert(
      fc.property(unitVector, (u) => {
        const n = sdf.normal(f, vec3.add(c, vec3.scale(u, 1.3)));
        expect(vec3.distance(n, u)).toBeLessThan(1e-6);
      }),
      RUNS,
    );
  });
  it("is unit length even where |∇f| ≠ 1 (a scaled shape)", () => {
    const n = sdf.normal(sdf.scaled(sdf.sphere([0, 0, 0], 1), [0.5, 1, 1]), [0.3, 0.5, 0.3]);
    expect(vec3.length(n)).toBeCloseTo(1, 15);
  });
  it("refuses where the gradient vanishes, and a bad h", () => {
    expect(() => sdf.normal(sdf.sphere([0, 0, 0], 1), [0, 0, 0])).toThrow(/sdf.normal: the gradient vanishes/);
    expect(() => sdf.normal(sdf.sphere([0, 0, 0], 1), [1, 0, 0], 0)).toThrow(/sdf.normal: h must be > 0/);
  });
});
