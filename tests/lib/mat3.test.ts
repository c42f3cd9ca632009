import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Mat3, mat3, vec3 } from "../../lib/index.ts";
import { RUNS, angle, rotation } from "../helpers/arbitraries.ts";
import { describeOutParameter } from "../helpers/outParameter.ts";
import { CHAIN, TIGHT } from "../helpers/tolerance.ts";

const I = mat3.identity();

describe("mat3 canonical rotations", () => {
  it("turn the axes by the right-hand rule: X→Y about Z, Y→Z about X, Z→X about Y", () => {
    const q = Math.PI / 2;
    expect(mat3.transformVec3(mat3.rotationZ(q), [1, 0, 0])).toBeCloseToVec([0, 1, 0], TIGHT);
    expect(mat3.transformVec3(mat3.rotationX(q), [0, 1, 0])).toBeCloseToVec([0, 0, 1], TIGHT);
    expect(mat3.transformVec3(mat3.rotationY(q), [0, 0, 1])).toBeCloseToVec([1, 0, 0], TIGHT);
  });
  it("store columns first: entry (row 0, column 1) of Rz(90°) is −1", () => {
    expect(mat3.get(mat3.rotationZ(Math.PI / 2), 0, 1)).toBe(-1);
    expect(mat3.rotationZ(Math.PI / 2)[3]).toBe(-1);
  });
  it("add angles about the same axis", () => {
    fc.assert(
      fc.property(angle, angle, (a, b) => {
        expect(mat3.multiply(mat3.rotationX(a), mat3.rotationX(b))).toBeCloseToVec(mat3.rotationX(a + b), TIGHT);
      }),
      RUNS,
    );
  });
});

describe("mat3.multiply", () => {
  it("applies the right factor first", () => {
    const v: [number, number, number] = [1, 2, 3];
    const a = mat3.rotationX(0.3);
    const b = mat3.rotationY(0.7);
    expect(mat3.transformVec3(mat3.multiply(a, b), v)).toBeCloseToVec(
      mat3.transformVec3(a, mat3.transformVec3(b, v)),
      TIGHT,
    );
  });
  it("does not commute: Rx(90°)·Ry(90°) ≠ Ry(90°)·Rx(90°)", () => {
    const ab = mat3.multiply(mat3.rotationX(Math.PI / 2), mat3.rotationY(Math.PI / 2));
    const ba = mat3.multiply(mat3.rotationY(Math.PI / 2), mat3.rotationX(Math.PI / 2));
    expect(ab).not.toBeCloseToVec(ba, CHAIN);
  });
});

describeOutParameter("mat3.multiply", mat3.multiply, [mat3.rotationX(0.3), mat3.rotationZ(1.1)]);

describe("mat3.transpose, determinant, invert", () => {
  it("RᵀR = I and det R = +1 for any rotation", () => {
    fc.assert(
      fc.property(rotation, (r) => {
        expect(mat3.multiply(mat3.transpose(r), r)).toBeCloseToVec(I, TIGHT);
        expect(mat3.determinant(r)).toBeCloseTo(1, 14);
      }),
      RUNS,
    );
  });
  it("invert agrees with transpose for rotations and undoes a general matrix", () => {
    fc.assert(
      fc.property(rotation, (r) => {
        expect(mat3.invert(r)).toBeCloseToVec(mat3.transpose(r), CHAIN);
      }),
      RUNS,
    );
    const m: Mat3 = [2, 1, 0, 0, 3, 1, 1, 0, 4];
    expect(mat3.multiply(mat3.invert(m), m)).toBeCloseToVec(I, TIGHT);
  });
  it("invert throws a RangeError naming the function for a singular matrix", () => {
    expect(() => mat3.invert([1, 2, 3, 2, 4, 6, 0, 0, 1])).toThrow(/mat3\.invert: m is singular/);
    expect(() => mat3.invert([0, 0, 0, 0, 0, 0, 0, 0, 0])).toThrow(RangeError);
  });
  it("determinant is −1 for a reflection", () => {
    expect(mat3.determinant([-1, 0, 0, 0, 1, 0, 0, 0, 1])).toBe(-1);
  });
});

describe("mat3.orthonormalityError and gramSchmidt", () => {
  it("is its definition, sqrt(Σ (mᵀm − I)ᵢⱼ²) with mᵀm by mat3.multiply, to the bit", () => {
    const definition = (m: Mat3) =>
      Math.sqrt(
        mat3.multiply(mat3.transpose(m), m).reduce((sum, p, i) => {
          const d = p - (i % 4 === 0 ? 1 : 0);
          return sum + d * d;
        }, 0),
      );
    const entry = fc.oneof(
      fc.double({ min: -2, max: 2, noNaN: true }),
      fc.constantFrom(0, -0, 1, -1, 1e-200, 1e200, NaN),
    );
    fc.assert(
      fc.property(fc.tuple(entry, entry, entry, entry, entry, entry, entry, entry, entry), (m) => {
        expect(mat3.orthonormalityError(m)).toBe(definition(m));
      }),
      { numRuns: 20000 },
    );
    fc.assert(
      fc.property(rotation, (m) => {
        expect(mat3.orthonormalityError(m)).toBe(definition(m));
      }),
      RUNS,
    );
  });
  it("error is 0 for the identity and grows with a skew", () => {
    expect(mat3.orthonormalityError(I)).toBe(0);
    expect(mat3.orthonormalityError([1, 0.01, 0, 0, 1, 0, 0, 0, 1])).toBeGreaterThan(0.01);
  });
  it("Gram–Schmidt repairs drift, keeps the first column's direction and stays a rotation", () => {
    fc.assert(
      fc.property(rotation, fc.integer({ min: 1, max: 1000 }), (r, seed) => {
        const noisy = r.map((x, i) => x + 1e-3 * Math.sin(seed * (i + 1))) as Mat3;
        const fixed = mat3.gramSchmidt(noisy);
        expect(mat3.orthonormalityError(fixed)).toBeLessThan(1e-14);
        expect(mat3.determinant(fixed)).toBeCloseTo(1, 14);
        expect(vec3.angleBetween(mat3.column(fixed, 0), mat3.column(noisy, 0))).toBeLessThan(1e-15);
      }),
      RUNS,
    );
  });
  it("throws when the columns are dependent", () => {
    expect(() => mat3.gramSchmidt([1, 0, 0, 2, 0, 0, 0, 0, 1])).toThrow(/mat3\.gramSchmidt: column 1/);
  });
});

describe("mat3.fromColumns, column, crossMatrix", () => {
  it("builds and reads columns", () => {
    const m = mat3.fromColumns([1, 2, 3], [4, 5, 6], [7, 8, 9]);
    expect(m).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(mat3.column(m, 2)).toEqual([7, 8, 9]);
  });
  it("[v]× w = v × w", () => {
    expect(mat3.transformVec3(mat3.crossMatrix([1, 2, 3]), [4, 5, 6])).toEqual(vec3.cross([1, 2, 3], [4, 5, 6]));
  });
});
