import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Vec3, vec3 } from "../../lib/index.ts";
import { RUNS, unitVector, vector } from "../helpers/arbitraries.ts";
import { TIGHT } from "../helpers/tolerance.ts";

/** A non-zero vector of small integers: scaling it by any power of two in 2^±900 is exact. */
const integerVector: fc.Arbitrary<Vec3> = fc
  .tuple(
    fc.integer({ min: -1000, max: 1000 }),
    fc.integer({ min: -1000, max: 1000 }),
    fc.integer({ min: -1000, max: 1000 }),
  )
  .filter((v) => v.some((x) => x !== 0));

describe("vec3 arithmetic", () => {
  it("adds, subtracts, scales and negates componentwise", () => {
    expect(vec3.add([1, 2, 3], [4, 5, 6])).toEqual([5, 7, 9]);
    expect(vec3.sub([1, 2, 3], [4, 5, 6])).toEqual([-3, -3, -3]);
    expect(vec3.scale([1, 2, 3], -2)).toEqual([-2, -4, -6]);
    expect(vec3.negate([1, 0, -1])).toEqual([-1, -0, 1]);
    expect(vec3.lerp([0, 0, 0], [2, 4, 6], 0.25)).toEqual([0.5, 1, 1.5]);
    expect(vec3.distance([1, 1, 1], [2, 3, 3])).toBe(3);
  });
  it("follows the right-hand rule: X × Y = Z, Y × Z = X, Z × X = Y", () => {
    expect(vec3.cross([1, 0, 0], [0, 1, 0])).toEqual([0, 0, 1]);
    expect(vec3.cross([0, 1, 0], [0, 0, 1])).toEqual([1, 0, 0]);
    expect(vec3.cross([0, 0, 1], [1, 0, 0])).toEqual([0, 1, 0]);
  });
  it("cross is perpendicular to both factors", () => {
    fc.assert(
      fc.property(vector, vector, (a, b) => {
        const c = vec3.cross(a, b);
        const scale = vec3.length(a) * vec3.length(b);
        return (
          Math.abs(vec3.dot(c, a)) <= 1e-13 * scale * vec3.length(a) &&
          Math.abs(vec3.dot(c, b)) <= 1e-13 * scale * vec3.length(b)
        );
      }),
      RUNS,
    );
  });
});

describe("vec3.normalize", () => {
  it("returns a unit vector in the same direction", () => {
    fc.assert(
      fc.property(vector, (v) => Math.abs(vec3.length(vec3.normalize(v)) - 1) < 1e-15),
      RUNS,
    );
  });
  it("throws a RangeError naming the argument for a zero vector", () => {
    expect(() => vec3.normalize([0, 0, 0])).toThrow(/vec3\.normalize: v has zero/);
    expect(() => vec3.normalize([Number.NaN, 0, 0])).toThrow(RangeError);
  });
  it.each([
    ["[NaN, 0, 0]", [Number.NaN, 0, 0]],
    ["[0, ∞, 0]", [0, Infinity, 0]],
    ["[1, 2, −∞]", [1, 2, -Infinity]],
  ] as [string, Vec3][])("throws a RangeError naming the argument for %s", (_, v) => {
    expect(() => vec3.normalize(v)).toThrow(/vec3\.normalize: v has zero length or non-finite components/);
  });
  it("normalizes vectors whose squares underflow: [1e-170, 0, 0] → [1, 0, 0] exactly", () => {
    expect(vec3.normalize([1e-170, 0, 0])).toEqual([1, 0, 0]);
    expect(vec3.normalize([0, -5e-324, 0])).toEqual([0, -1, 0]);
    expect(vec3.normalize([3e-170, 4e-170, 0])).toBeCloseToVec([0.6, 0.8, 0], TIGHT);
  });
  it("normalizes vectors whose squares overflow: [1e300, 1e300, 0] → [√½, √½, 0]", () => {
    expect(vec3.normalize([1e300, 1e300, 0])).toBeCloseToVec([Math.SQRT1_2, Math.SQRT1_2, 0], TIGHT);
    expect(vec3.normalize([0, 0, -Number.MAX_VALUE])).toEqual([0, 0, -1]);
  });
  it("gives the same bits as v/|v| wherever |v|² neither underflows nor overflows", () => {
    fc.assert(
      fc.property(vector, fc.integer({ min: -400, max: 400 }), (v, e) => {
        const w = vec3.scale(v, 2 ** e);
        const len = Math.sqrt(w[0] * w[0] + w[1] * w[1] + w[2] * w[2]);
        expect(vec3.normalize(w)).toEqual([w[0] / len, w[1] / len, w[2] / len]);
      }),
      RUNS,
    );
  });
});

describe("vec3.angleBetween", () => {
  it("is exact at right angles and for opposite vectors", () => {
    expect(vec3.angleBetween([1, 0, 0], [0, 2, 0])).toBe(Math.PI / 2);
    expect(vec3.angleBetween([1, 0, 0], [-3, 0, 0])).toBe(Math.PI);
    expect(vec3.angleBetween([1, 2, 3], [2, 4, 6])).toBe(0);
  });
  it("resolves angles of 1e-10 rad, where acos of the dot product returns 0", () => {
    const a = 1e-10;
    const got = vec3.angleBetween([1, 0, 0], [Math.cos(a), Math.sin(a), 0]);
    expect(Math.abs(got - a)).toBeLessThan(1e-24);
    expect(Math.acos(Math.cos(a))).toBe(0); // what the naive formula sees
  });
  it("throws for a zero vector", () => {
    expect(() => vec3.angleBetween([0, 0, 0], [1, 0, 0])).toThrow(/vec3\.angleBetween: a has zero length/);
  });
  it("throws a RangeError naming the argument for NaN or infinite components", () => {
    expect(() => vec3.angleBetween([Number.NaN, 0, 0], [1, 0, 0])).toThrow(
      /vec3\.angleBetween: a has zero length or non-finite/,
    );
    expect(() => vec3.angleBetween([1, 0, 0], [0, Infinity, 0])).toThrow(
      /vec3\.angleBetween: b has zero length or non-finite/,
    );
  });

  describe("for vectors whose products overflow or underflow", () => {
    const angle = Math.atan2(2, 1); // between [1, 0, 0] and [1, 2, 0]: 63.4°
    it("is exact at 1e200, where the naive formula overflows to atan2(∞, ∞) = π/4", () => {
      expect(vec3.angleBetween([1e200, 0, 0], [1e200, 2e200, 0])).toBeCloseTo(angle, 15);
      const s = 2 ** 664; // ≈ 1e200, a power of two: the scaled vectors are exact
      expect(vec3.angleBetween([s, 0, 0], [s, 2 * s, 0])).toBe(vec3.angleBetween([1, 0, 0], [1, 2, 0]));
    });
    it("is exact at 1e-200, where the naive formula sees two zero vectors", () => {
      expect(vec3.angleBetween([1e-200, 0, 0], [1e-200, 2e-200, 0])).toBeCloseTo(angle, 15);
      const s = 2 ** -664;
      expect(vec3.angleBetween([s, 0, 0], [s, 2 * s, 0])).toBe(vec3.angleBetween([1, 0, 0], [1, 2, 0]));
    });
    it("is exact for one huge and one tiny vector", () => {
      expect(vec3.angleBetween([2 ** 664, 0, 0], [2 ** -664, 2 ** -663, 0])).toBe(
        vec3.angleBetween([1, 0, 0], [1, 2, 0]),
      );
      expect(vec3.angleBetween([1e-300, 0, 0], [-1e300, 0, 0])).toBe(Math.PI);
    });
    it("gives the same bits as for the vectors scaled by any power of two", () => {
      fc.assert(
        fc.property(integerVector, integerVector, fc.integer({ min: -900, max: 900 }), (a, b, e) => {
          expect(vec3.angleBetween(vec3.scale(a, 2 ** e), b)).toBe(vec3.angleBetween(a, b));
        }),
        RUNS,
      );
    });
  });
});

describe("vec3.powerOfTwoScale", () => {
  it("brings the largest component to about 1 with an exact power of two", () => {
    for (const v of [
      [1e-300, 0, 0],
      [0, 3e200, -1],
      [5e-324, 0, 0],
      [0, 0, Number.MAX_VALUE],
      [0.75, 0, 0],
    ] as Vec3[]) {
      const s = vec3.powerOfTwoScale(v);
      expect(Number.isInteger(Math.log2(s))).toBe(true);
      const big = Math.max(...vec3.scale(v, s).map(Math.abs));
      expect(big).toBeGreaterThanOrEqual(v[0] === 5e-324 ? 2 ** -52 : 0.5);
      expect(big).toBeLessThanOrEqual(2);
    }
  });
  it("throws a RangeError naming the argument for a zero or non-finite vector", () => {
    expect(() => vec3.powerOfTwoScale([0, 0, 0])).toThrow(/vec3\.powerOfTwoScale: v has zero length/);
    expect(() => vec3.powerOfTwoScale([0, Number.NaN, 0], "f: u")).toThrow(/f: u has zero length or non-finite/);
  });
});

describe("vec3.projectOnPlane", () => {
  it("removes the component along the normal", () => {
    fc.assert(
      fc.property(vector, vector, (v, n) => {
        const p = vec3.projectOnPlane(v, n);
        return Math.abs(vec3.dot(p, vec3.normalize(n))) <= 1e-13 * (1 + vec3.length(v));
      }),
      RUNS,
    );
  });
  it("throws for a zero normal", () => {
    expect(() => vec3.projectOnPlane([1, 2, 3], [0, 0, 0])).toThrow(/normal has zero length/);
  });
});

describe("vec3.orthogonal", () => {
  it("returns a unit vector perpendicular to its argument", () => {
    fc.assert(
      fc.property(unitVector, (v) => {
        const o = vec3.orthogonal(v);
        return Math.abs(vec3.dot(o, v)) < 1e-15 && Math.abs(vec3.length(o) - 1) < 1e-15;
      }),
      RUNS,
    );
    expect(vec3.orthogonal([0, 0, 1])).toBeCloseToVec([0, 1, 0], TIGHT);
  });
});

describe("vec3.assertPoint and assertPoints", () => {
  it("takes three finite numbers, however large (a sum of them may overflow; the check does not add them)", () => {
    for (const p of [
      [0, -0, 1],
      [1.7e308, 1.7e308, -1.7e308],
      [5e-324, -5e-324, 0],
    ]) {
      expect(vec3.assertPoint(p, "p")).toBe(p);
    }
    expect(() =>
      vec3.assertPoints(
        [
          [0, 0, 0],
          [1.7e308, 1.7e308, 1.7e308],
        ],
        "ps",
      ),
    ).not.toThrow();
  });
  it.each([
    ["NaN", [0, Number.NaN, 0]],
    ["∞", [0, 0, Number.POSITIVE_INFINITY]],
    ["−∞", [Number.NEGATIVE_INFINITY, 0, 0]],
    ["a string", ["1", 2, 3]],
    ["a hole", [1, , 3]], // a sparse array: no second entry
    ["two numbers", [1, 2]],
    ["four numbers", [1, 2, 3, 4]],
    ["a typed array", new Float64Array(3)],
    ["an object", { 0: 1, 1: 2, 2: 3, length: 3 }],
    ["null", null],
  ])("refuses %s, naming the argument (and the entry of a list)", (_, p) => {
    expect(() => vec3.assertPoint(p, "segments.f: a")).toThrow(
      /^segments\.f: a is not a point with finite coordinates/,
    );
    expect(() => vec3.assertPoints([[0, 0, 0], p], "fit.g: points")).toThrow(/^fit\.g: points\[1\] is not a point/);
  });
});
