import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { vec3 } from "../../lib/index.ts";
import { RUNS, unitVector, vector } from "../helpers/arbitraries.ts";
import { TIGHT } from "../helpers/tolerance.ts";

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
