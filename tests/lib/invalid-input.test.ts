/**
 * docs/conventions.md §1: "Degenerate input gets a clear answer, never a silent NaN." Every
 * conversion entry point of lib/ that takes angles or matrices throws a RangeError
 * naming itself and the argument for NaN or infinite input, and the matrix
 * conversions refuse matrices that are not rotations — while still accepting
 * rotations as they arrive in practice (float32 storage, 1e-6 noise, long products).
 */

import { describe, expect, it } from "vitest";
import {
  type EulerAngles,
  type Mat3,
  type Quat,
  type Vec3,
  axisAngle,
  euler,
  mat3,
  quat,
  vec3,
} from "../../lib/index.ts";

const NON_FINITE: [string, number][] = [
  ["NaN", Number.NaN],
  ["+∞", Infinity],
  ["−∞", -Infinity],
];

/** A rotation with nothing special about it. */
const R = quat.toMat3(quat.normalize([0.3, -0.5, 0.2, 0.8]));

/** Matrices that are not rotations, each one way of failing. */
const NOT_ROTATIONS: [string, Mat3][] = [
  ["the zero matrix", [0, 0, 0, 0, 0, 0, 0, 0, 0]],
  ["the reflection diag(−1, 1, 1)", [-1, 0, 0, 0, 1, 0, 0, 0, 1]],
  ["the point reflection −I", [-1, 0, 0, 0, -1, 0, 0, 0, -1]],
  ["a rotation times a reflection (det −1)", mat3.multiply(R, [1, 0, 0, 0, 1, 0, 0, 0, -1])],
  ["a rotation scaled by 1.01", R.map((x) => 1.01 * x) as Mat3],
  ["a shear", [1, 0, 0, 0.1, 1, 0, 0, 0, 1]],
  ["a matrix far from orthonormal", [1, 2, 3, 4, 5, 6, 7, 8, 10]],
  ["a rank-one matrix", [1, 1, 1, 1, 1, 1, 1, 1, 1]],
  ["a rotation with one entry off by 1e-3", R.map((x, i) => (i === 4 ? x + 1e-3 : x)) as Mat3],
  ["a matrix with a NaN entry", R.map((x, i) => (i === 7 ? Number.NaN : x)) as Mat3],
  ["a matrix with an infinite entry", R.map((x, i) => (i === 0 ? Infinity : x)) as Mat3],
];

/** Rotations as they arrive in practice: each must still convert, to about its distance from exact. */
const NEAR_ROTATIONS: [string, Mat3, number][] = [
  ["stored as float32", R.map(Math.fround) as Mat3, 1e-7],
  ["with 1e-6 noise on every entry", R.map((x, i) => x + 1e-6 * Math.sin(7 * i + 1)) as Mat3, 3e-6],
  ["after 10⁵ float64 products", repeatedProduct(100_000), 1e-10],
  ["rounded to 6 decimals", R.map((x) => Math.round(x * 1e6) / 1e6) as Mat3, 2e-6],
];

/** `mat3.rotationX(1e-5)` multiplied into itself `n` times, then undone in one exact step. */
function repeatedProduct(n: number): Mat3 {
  let m = mat3.identity();
  const step = mat3.rotationX(1e-5);
  for (let i = 0; i < n; i++) m = mat3.multiply(m, step);
  return mat3.multiply(R, mat3.multiply(mat3.rotationX(-n * 1e-5), m));
}

const MATRIX_CONVERSIONS: [string, (m: Mat3) => unknown][] = [
  ["quat.fromMat3", (m) => quat.fromMat3(m)],
  ["axisAngle.fromMat3", (m) => axisAngle.fromMat3(m)],
  ["euler.fromMat3", (m) => euler.fromMat3(m, "ZYX")],
];

describe.each(MATRIX_CONVERSIONS)("%s", (name, convert) => {
  describe("on a matrix that is not a rotation", () => {
    it.each(NOT_ROTATIONS)(`throws a RangeError naming ${name} and m for %s`, (_, m) => {
      expect(() => convert(m)).toThrow(RangeError);
      expect(() => convert(m)).toThrow(new RegExp(`^${name.replace(".", "\\.")}: m is not a rotation`));
    });
  });
  describe("on a rotation as it arrives in practice", () => {
    it.each(NEAR_ROTATIONS)("accepts one %s, and answers within its drift", (_, m, drift) => {
      const q = quat.fromMat3(m); // the rotation m stands for
      const back = convert(m);
      const r =
        name === "quat.fromMat3"
          ? (back as Quat)
          : name === "axisAngle.fromMat3"
            ? quat.fromAxisAngle((back as { axis: Vec3 }).axis, (back as { angle: number }).angle)
            : euler.toQuat(back as EulerAngles, "ZYX");
      expect(quat.angleBetween(r, quat.fromMat3(R))).toBeLessThan(drift);
      expect(quat.angleBetween(r, q)).toBeLessThan(drift);
    });
  });
});

describe("mat3.isRotation and assertRotation", () => {
  it("accept exact rotations and refuse every non-rotation above", () => {
    expect(mat3.isRotation(R)).toBe(true);
    expect(mat3.isRotation(mat3.identity())).toBe(true);
    for (const [, m] of NOT_ROTATIONS) expect(mat3.isRotation(m)).toBe(false);
  });
  it("accept drift up to ROTATION_TOLERANCE, in the Frobenius norm of mᵀm − I", () => {
    const stretch = (e: number): Mat3 => [1 + e, 0, 0, 0, 1, 0, 0, 0, 1]; // ‖mᵀm − I‖ = 2e + e²
    expect(mat3.isRotation(stretch(0.4 * mat3.ROTATION_TOLERANCE))).toBe(true);
    expect(mat3.isRotation(stretch(0.6 * mat3.ROTATION_TOLERANCE))).toBe(false);
    expect(mat3.isRotation(stretch(0.6 * mat3.ROTATION_TOLERANCE), 1e-3)).toBe(true);
  });
  it("say why a matrix is refused, naming the argument", () => {
    expect(() => mat3.assertRotation([-1, 0, 0, 0, 1, 0, 0, 0, 1], "f: m")).toThrow(
      /^f: m is not a rotation.*reflection/,
    );
    expect(() => mat3.assertRotation([2, 0, 0, 0, 1, 0, 0, 0, 1], "f: m")).toThrow(/‖mᵀm − I‖ = 3\.00e\+0/);
    expect(() => mat3.assertRotation([Number.NaN, 0, 0, 0, 1, 0, 0, 0, 1], "f: m")).toThrow(/non-finite.*\[NaN, 0/);
    expect(() => mat3.assertRotation(mat3.identity(), "f: m")).not.toThrow();
  });
});

describe("angles that are NaN or infinite", () => {
  const calls: [string, (a: number) => unknown][] = [
    ["quat.fromAxisAngle", (a) => quat.fromAxisAngle([0, 0, 1], a)],
    ["axisAngle.toMat3", (a) => axisAngle.toMat3([0, 0, 1], a)],
    ["axisAngle.rotateVec3", (a) => axisAngle.rotateVec3([0, 0, 1], a, [1, 0, 0])],
    ["axisAngle.rodriguesSteps", (a) => axisAngle.rodriguesSteps([0, 0, 1], a, [1, 0, 0])],
    ["axisAngle.viaCanonicalRotations", (a) => axisAngle.viaCanonicalRotations([0, 0, 1], a)],
    ["mat3.rotationX", (a) => mat3.rotationX(a)],
    ["mat3.rotationY", (a) => mat3.rotationY(a)],
    ["mat3.rotationZ", (a) => mat3.rotationZ(a)],
    ["euler.toMat3", (a) => euler.toMat3([0.1, a, 0.3], "XYZ")],
    ["euler.toQuat", (a) => euler.toQuat([a, 0.2, 0.3], "ZXZ", "extrinsic")],
    ["quat.pow", (t) => quat.pow([0, 0, 0.6, 0.8], t)],
  ];
  describe.each(calls)("%s", (name, call) => {
    it.each(NON_FINITE)(`throws a RangeError naming ${name} for %s`, (_, a) => {
      expect(() => call(a)).toThrow(RangeError);
      expect(() => call(a)).toThrow(new RegExp(`^${name.replace(".", "\\.")}: \\w+ must be finite`));
    });
  });
});

describe("vectors and quaternions with a NaN or infinite component", () => {
  const bad: [string, Vec3][] = [
    ["[NaN, 0, 1]", [Number.NaN, 0, 1]],
    ["[0, ∞, 1]", [0, Infinity, 1]],
    ["[0, 1, −∞]", [0, 1, -Infinity]],
  ];
  const calls: [string, string, (v: Vec3) => unknown][] = [
    ["quat.fromAxisAngle", "axis", (v) => quat.fromAxisAngle(v, 1)],
    ["axisAngle.toMat3", "axis", (v) => axisAngle.toMat3(v, 1)],
    ["quat.fromTwoVectors", "u", (v) => quat.fromTwoVectors(v, [1, 0, 0])],
    ["quat.fromTwoVectors", "v", (v) => quat.fromTwoVectors([1, 0, 0], v)],
    ["vec3.normalize", "v", (v) => vec3.normalize(v)],
    ["quat.normalize", "q", (v) => quat.normalize([v[0], v[1], v[2], 1])],
  ];
  describe.each(calls)("%s", (name, arg, call) => {
    it.each(bad)(`throws a RangeError naming ${name} and ${arg} for %s`, (_, v) => {
      expect(() => call(v)).toThrow(RangeError);
      expect(() => call(v)).toThrow(new RegExp(`^${name.replace(".", "\\.")}: ${arg} `));
    });
  });
});
