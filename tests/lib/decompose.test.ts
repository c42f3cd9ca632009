import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Mat3, type Quat, decompose, mat3, quat } from "../../lib/index.ts";
import { RUNS, rotation, unitQuat, unitVector } from "../helpers/arbitraries.ts";
import { CHAIN, TIGHT } from "../helpers/tolerance.ts";

const I = mat3.identity();
const fromRows = (...rows: number[][]): Mat3 => mat3.transpose(rows.flat() as Mat3);
const diag = (a: number, b: number, c: number): Mat3 => [a, 0, 0, 0, b, 0, 0, 0, c];
const frobenius = (a: Readonly<Mat3>, b: Readonly<Mat3>) => Math.hypot(...a.map((x, i) => x - b[i]!));
const udvt = (u: Mat3, s: readonly number[], v: Mat3) =>
  mat3.multiply(u, mat3.multiply(diag(s[0]!, s[1]!, s[2]!), mat3.transpose(v)));
const relative = (m: Mat3): Partial<{ atol: number; rtol: number }> => ({
  atol: 1e-12 * Math.max(1e-300, ...m.map(Math.abs)),
  rtol: 0,
});

/** A general matrix with entries in [−10, 10] (any sign of determinant, any conditioning). */
const matrix: fc.Arbitrary<Mat3> = fc
  .array(fc.double({ min: -10, max: 10, noNaN: true }), { minLength: 9, maxLength: 9 })
  .map((xs) => xs as Mat3);

/** `R·S` with S symmetric positive definite: singular values in [0.1, 10] along random axes. */
const rotationTimesSpd: fc.Arbitrary<{ r: Mat3; m: Mat3 }> = fc
  .tuple(rotation, rotation, fc.array(fc.double({ min: 0.1, max: 10, noNaN: true }), { minLength: 3, maxLength: 3 }))
  .map(([r, axes, [a, b, c]]) => {
    const spd = mat3.multiply(axes, mat3.multiply(diag(a!, b!, c!), mat3.transpose(axes)));
    return { r, m: mat3.multiply(r, spd) };
  });

/** Matrices that are hard in one way each: rank-deficient, repeated singular values, reflections, tiny, huge. */
const EDGE: [string, Mat3][] = [
  ["the zero matrix", [0, 0, 0, 0, 0, 0, 0, 0, 0]],
  ["the identity", I],
  ["a rank-one matrix", [1, 2, 3, 2, 4, 6, 3, 6, 9]],
  ["a rank-two matrix", fromRows([1, 0, 0], [0, 2, 0], [0, 0, 0])],
  ["collinear columns with a zero column", fromRows([1, 2, 0], [1, 2, 0], [1, 2, 0])],
  ["the reflection diag(1, 1, −1)", diag(1, 1, -1)],
  ["the point reflection −I", diag(-1, -1, -1)],
  ["the half turn diag(−1, −1, 1)", diag(-1, -1, 1)],
  [
    "a scaled rotation (all singular values equal)",
    quat.toMat3(quat.fromAxisAngle([1, 2, 3], 2)).map((x) => 3 * x) as Mat3,
  ],
  ["two equal singular values", mat3.multiply(mat3.rotationX(0.4), diag(2, 2, 0.5))],
  ["a shear", fromRows([1, 5, 0], [0, 1, 0], [0, 0, 1])],
  // Found by the property tests: entries 1e-150 apart, where a column is only the rounding residue of another.
  [
    "entries of wildly different sizes (a rounding residue)",
    [0, 1.962170500370024e-156, 0, 3.333552146048589e-32, 0, 0, -2.422381816380298e-119, 0, 0],
  ],
  [
    "entries of wildly different sizes (another)",
    [
      -1.5033940224778559e-50, -2.444717756841296e-101, 0, 2.247296271545433e-17, 0, 4.480620884847858e-63,
      3.4092752959978887e-74, 0, 0,
    ],
  ],
  ["entries near 1e-300", [1e-300, 2e-300, 0, -1e-300, 3e-300, 1e-300, 0, 0, 5e-301]],
  ["entries near 1e300", [1e300, 2e300, 0, -1e300, 3e300, 1e300, 0, 0, 5e299]],
  [
    "badly conditioned (s = 1, 1e-8, 1e-15)",
    mat3.multiply(mat3.rotationZ(0.3), mat3.multiply(diag(1, 1e-8, 1e-15), mat3.rotationY(1))),
  ],
];

describe("decompose.symmetricEigen", () => {
  it("returns descending values and unit vectors with S·v = λ·v, the vectors a rotation", () => {
    fc.assert(
      fc.property(matrix, (a) => {
        const s = mat3.multiply(a, mat3.transpose(a)); // symmetric positive semidefinite
        const { values, vectors } = decompose.symmetricEigen(s);
        expect(values[0]).toBeGreaterThanOrEqual(values[1]);
        expect(values[1]).toBeGreaterThanOrEqual(values[2]);
        expect(mat3.multiply(mat3.transpose(vectors), vectors)).toBeCloseToVec(I, TIGHT);
        expect(mat3.determinant(vectors)).toBeCloseTo(1, 14);
        const back = mat3.multiply(vectors, mat3.multiply(diag(...values), mat3.transpose(vectors)));
        expect(back).toBeCloseToVec(s, relative(s));
      }),
      RUNS,
    );
  });
  it("finds the eigenvalues of a diagonal matrix exactly, sorted", () => {
    const { values, vectors } = decompose.symmetricEigen(diag(2, 5, 3));
    expect(values).toEqual([5, 3, 2]);
    expect(vectors).toEqual([0, 1, 0, 0, 0, 1, 1, 0, 0]);
  });
  it("uses only the symmetric part of a non-symmetric matrix", () => {
    const m = fromRows([1, 2, 0], [0, 1, 0], [0, 0, 3]);
    expect(decompose.symmetricEigen(m).values).toBeCloseToVec(
      decompose.symmetricEigen(fromRows([1, 1, 0], [1, 1, 0], [0, 0, 3])).values,
      TIGHT,
    );
  });
  it("gives zeros and the identity for the zero matrix, and any basis of a repeated eigenvalue", () => {
    expect(decompose.symmetricEigen([0, 0, 0, 0, 0, 0, 0, 0, 0])).toEqual({ values: [0, 0, 0], vectors: I });
    const { values, vectors } = decompose.symmetricEigen(fromRows([2, 1, 0], [1, 2, 0], [0, 0, 1]));
    expect(values).toBeCloseToVec([3, 1, 1], TIGHT);
    expect(mat3.column(vectors, 0)).toBeCloseToVec([Math.SQRT1_2, Math.SQRT1_2, 0], TIGHT);
    expect(mat3.multiply(mat3.transpose(vectors), vectors)).toBeCloseToVec(I, TIGHT);
  });
  it("keeps the small eigenvalues of a graded matrix to full relative accuracy", () => {
    const { values } = decompose.symmetricEigen(diag(1, 1e-20, 1e-40));
    expect(values).toEqual([1, 1e-20, 1e-40]);
  });
  it("throws RangeError naming itself for NaN or ∞", () => {
    expect(() => decompose.symmetricEigen([Number.NaN, 0, 0, 0, 1, 0, 0, 0, 1])).toThrow(
      /decompose\.symmetricEigen: m has a non-finite entry NaN at index 0/,
    );
    expect(() => decompose.symmetricEigen([1, 0, 0, 0, 1, 0, 0, 0, Infinity])).toThrow(RangeError);
  });
});

describe("decompose.svd", () => {
  const check = (m: Mat3) => {
    const { u, s, v } = decompose.svd(m);
    expect(mat3.multiply(mat3.transpose(u), u)).toBeCloseToVec(I, TIGHT);
    expect(mat3.multiply(mat3.transpose(v), v)).toBeCloseToVec(I, TIGHT);
    expect(mat3.determinant(v)).toBeCloseTo(1, 14);
    expect(s[0]).toBeGreaterThanOrEqual(s[1]);
    expect(s[1]).toBeGreaterThanOrEqual(s[2]);
    expect(s[2]).toBeGreaterThanOrEqual(0);
    expect(udvt(u, s, v)).toBeCloseToVec(m, relative(m));
  };
  it("factors m = U·diag(s)·Vᵀ to 1e-12 with UᵀU = VᵀV = I, s descending and ≥ 0, det V = +1", () => {
    fc.assert(fc.property(matrix, check), RUNS);
  });
  it.each(EDGE)("factors %s", (_, m) => check(m));
  it("gives det U the sign of det m, and det U = +1 for a singular m", () => {
    fc.assert(
      fc.property(matrix, (m) => {
        const det = mat3.determinant(m);
        const du = mat3.determinant(decompose.svd(m).u);
        if (Math.abs(det) > 1e-6) expect(Math.sign(du)).toBe(Math.sign(det));
      }),
      RUNS,
    );
    for (const m of [EDGE[0]![1], EDGE[2]![1], EDGE[3]![1]])
      expect(mat3.determinant(decompose.svd(m).u)).toBeCloseTo(1, 14);
  });
  it("gives the singular values of a rotation times a diagonal exactly: s = |diagonal|, sorted", () => {
    const r = quat.toMat3(quat.fromAxisAngle([1, -2, 0.5], 1.1));
    expect(decompose.svd(mat3.multiply(r, diag(-2, 7, 0.5))).s).toBeCloseToVec([7, 2, 0.5], CHAIN);
    expect(decompose.svd([0, 0, 0, 0, 0, 0, 0, 0, 0])).toEqual({ u: I, s: [0, 0, 0], v: I });
  });
  it("keeps the smallest singular value of an ill-conditioned matrix to relative accuracy (never forms mᵀm)", () => {
    expect(decompose.svd(diag(1, 1e-10, 1e-20)).s).toEqual([1, 1e-10, 1e-20]);
    const m = mat3.multiply(mat3.rotationZ(0.3), mat3.multiply(diag(1, 1e-8, 1e-15), mat3.rotationY(1)));
    const s = decompose.svd(m).s;
    expect(Math.abs(s[2] - 1e-15)).toBeLessThan(1e-16 * 4); // ~ ulps of ‖m‖ = 1, as any backward-stable SVD
  });
  it("is invariant to scale: svd(k·m).s = k·svd(m).s", () => {
    const m = EDGE[10]![1];
    expect(decompose.svd(m.map((x) => 1e200 * x) as Mat3).s).toBeCloseToVec(
      decompose.svd(m).s.map((x) => 1e200 * x),
      CHAIN,
    );
  });
  it("throws RangeError naming itself for NaN or ∞", () => {
    expect(() => decompose.svd([1, 0, 0, 0, -Infinity, 0, 0, 0, 1])).toThrow(
      /decompose\.svd: m has a non-finite entry -Infinity at index 4/,
    );
  });
});

describe("decompose.polarRotation", () => {
  it("returns a rotation (det +1, RᵀR = I) for every matrix, including reflections and rank-deficient ones", () => {
    const check = (m: Mat3) => {
      const r = decompose.polarRotation(m);
      expect(mat3.determinant(r)).toBeCloseTo(1, 14);
      expect(mat3.orthonormalityError(r)).toBeLessThan(1e-14);
    };
    fc.assert(fc.property(matrix, check), RUNS);
    for (const [, m] of EDGE) check(m);
  });
  it("recovers R from m = R·S with S symmetric positive definite, to 1e-12", () => {
    fc.assert(
      fc.property(rotationTimesSpd, ({ r, m }) => {
        expect(decompose.polarRotation(m)).toBeCloseToVec(r, CHAIN);
      }),
      RUNS,
    );
  });
  it("is nearer to m than any perturbed rotation (in the Frobenius norm)", () => {
    fc.assert(
      fc.property(matrix, unitVector, fc.double({ min: 1e-4, max: Math.PI, noNaN: true }), (m, axis, angle) => {
        const r = decompose.polarRotation(m);
        const other = mat3.multiply(quat.toMat3(quat.fromAxisAngle(axis, angle)), r);
        expect(frobenius(r, m)).toBeLessThanOrEqual(frobenius(other, m) + 1e-12);
      }),
      RUNS,
    );
  });
  it("is nearer than Gram–Schmidt, and does not depend on the order of the columns", () => {
    fc.assert(
      fc.property(rotation, matrix, (r, noise) => {
        const m = r.map((x, i) => x + 0.05 * noise[i]!) as Mat3;
        if (mat3.determinant(m) <= 0.1) return;
        const p = decompose.polarRotation(m);
        expect(frobenius(p, m)).toBeLessThanOrEqual(frobenius(mat3.gramSchmidt(m), m) + 1e-12);
        const swap = (x: Mat3): Mat3 => [x[3], x[4], x[5], x[0], x[1], x[2], -x[6], -x[7], -x[8]]; // columns y, x, −z
        expect(decompose.polarRotation(swap(m))).toBeCloseToVec(swap(p), CHAIN);
      }),
      RUNS,
    );
  });
  it("returns a rotation unchanged, and the identity for the zero matrix and for positive diagonals", () => {
    fc.assert(
      fc.property(rotation, (r) => {
        expect(decompose.polarRotation(r)).toBeCloseToVec(r, TIGHT);
      }),
      RUNS,
    );
    expect(decompose.polarRotation([0, 0, 0, 0, 0, 0, 0, 0, 0])).toEqual(I);
    expect(decompose.polarRotation(diag(2, 3, 4))).toEqual(I);
  });
  it("flips the direction of the smallest singular value when det m < 0", () => {
    // diag(3, −1, 2): the nearest orthogonal matrix is the reflection diag(1, −1, 1); the sign fix undoes the
    // flip of the smallest singular value (|−1|), leaving the identity, with tr(Rᵀm) = 3 + 2 − 1.
    const m = diag(3, -1, 2);
    const { u, v } = decompose.svd(m);
    expect(mat3.determinant(mat3.multiply(u, mat3.transpose(v)))).toBeCloseTo(-1, 14);
    expect(decompose.polarRotation(m)).toBeCloseToVec(I, TIGHT);
    fc.assert(
      fc.property(matrix, (a) => {
        const { s } = decompose.svd(a);
        const r = decompose.polarRotation(a);
        const trace = r.reduce((sum, x, i) => sum + x * a[i]!, 0); // tr(Rᵀm)
        const sign = mat3.determinant(a) < 0 ? -1 : 1;
        expect(trace).toBeCloseTo(s[0] + s[1] + sign * s[2], 11);
      }),
      RUNS,
    );
  });
  it("throws RangeError naming itself for NaN or ∞", () => {
    expect(() => decompose.polarRotation([1, 0, 0, 0, 1, 0, 0, Number.NaN, 1])).toThrow(
      /decompose\.polarRotation: m has a non-finite entry/,
    );
  });
});

describe("decompose.mullerStep", () => {
  it("is exactly zero at the answer and pulls towards it elsewhere", () => {
    const q = quat.fromAxisAngle([1, 2, 3], 0.7);
    const omega = decompose.mullerStep(quat.toMat3(q), q).omega;
    expect(Math.hypot(...omega)).toBeLessThan(1e-15);
    const { next } = decompose.mullerStep(quat.toMat3(q), quat.identity());
    expect(quat.angleBetween(next, q)).toBeLessThan(0.7);
  });
  it("throws RangeError for a zero quaternion or a non-finite matrix", () => {
    expect(() => decompose.mullerStep(I, [0, 0, 0, 0])).toThrow(/decompose\.mullerStep: q is the zero quaternion/);
    expect(() => decompose.mullerStep(I, [0, 0, Number.NaN, 1])).toThrow(/decompose\.mullerStep: q must be finite/);
    expect(() => decompose.mullerStep([Infinity, 0, 0, 0, 1, 0, 0, 0, 1], [0, 0, 0, 1])).toThrow(
      /decompose\.mullerStep: m/,
    );
  });
});

describe("decompose.mullerRotation", () => {
  const polarQuat = (m: Mat3): Quat => quat.fromMat3(decompose.polarRotation(m));
  it("converges to the polar rotation from the identity for R·S with S positive definite", () => {
    fc.assert(
      fc.property(rotationTimesSpd, ({ m }) => {
        const result = decompose.mullerRotation(m, { maxIterations: 10_000 });
        expect(result.converged).toBe(true);
        expect(result.rotation).toBeSameRotation(polarQuat(m), 1e-9);
      }),
      RUNS,
    );
  });
  it("converges to the polar rotation for general matrices with distinct singular values, from any start", () => {
    fc.assert(
      fc.property(matrix, unitQuat, (m, start) => {
        const { s } = decompose.svd(m);
        if (s[1] - s[2] < 0.05 * s[0] || s[2] < 0.05 * s[0]) return; // near-ties are ill-posed, flat ones slow
        const result = decompose.mullerRotation(m, { start, maxIterations: 10_000 });
        expect(result.converged).toBe(true);
        expect(result.rotation).toBeSameRotation(polarQuat(m), 1e-8);
      }),
      RUNS,
    );
  });
  it("warm-started from the previous frame, needs the steps the frame's change takes to shrink to the tolerance", () => {
    // A deformation S turning by δ per frame; the rate near the answer is σ₁/(σ₁ + σ₂ + σ₃) ≈ 0.40 per step.
    const spd = fromRows([1.2, 0.1, 0], [0.1, 0.9, 0.05], [0, 0.05, 1]);
    const s = mat3.multiply(quat.toMat3(quat.fromAxisAngle([0, 1, 1], 2)), spd); // 2 rad from the identity
    const rate = (([a, b, c]) => a / (a + b + c))(decompose.svd(s).s);
    for (const [delta, tolerance, most] of [
      [1e-3, 1e-3, 1], // a per-frame budget of one step keeps up
      [1e-2, 1e-3, 3],
      [1e-2, 1e-9, 17],
    ] as const) {
      let previous = decompose.mullerRotation(s, { tolerance }).rotation;
      for (let frame = 1; frame <= 30; frame++) {
        const m = mat3.multiply(quat.toMat3(quat.fromAxisAngle([1, 1, 0], delta * frame)), s);
        const warm = decompose.mullerRotation(m, { start: previous, tolerance });
        const cold = decompose.mullerRotation(m, { tolerance });
        expect(warm.iterations).toBeLessThanOrEqual(most);
        expect(warm.iterations).toBeLessThanOrEqual(Math.ceil(Math.log(tolerance / delta) / Math.log(rate)) + 1);
        expect(warm.iterations).toBeLessThan(cold.iterations); // cold: from the identity, 2 rad away
        expect(warm.rotation).toBeSameRotation(polarQuat(m), 2 * tolerance);
        previous = warm.rotation;
      }
    }
  });
  it("escapes the half-turn stall: ω = 0 at the identity for diag(−1, −1, 1), yet it returns the half turn", () => {
    const m = diag(-1, -1, 1);
    expect(decompose.mullerStep(m, quat.identity()).omega).toEqual([0, 0, 0]);
    const result = decompose.mullerRotation(m);
    expect(result).toMatchObject({ converged: true, restarts: 1 });
    expect(result.rotation).toBeSameRotation([0, 0, 1, 0]);
    // other saddles: a half turn about any axis, from the identity and from rotations 1e-13 off the stall
    fc.assert(
      fc.property(unitVector, unitVector, (axis, off) => {
        const half = quat.fromAxisAngle(axis, Math.PI);
        const start = quat.fromAxisAngle(off, 1e-13);
        const r = decompose.mullerRotation(quat.toMat3(half), { start });
        expect(r.converged).toBe(true);
        expect(r.rotation).toBeSameRotation(half, 1e-9);
      }),
      RUNS,
    );
  });
  it("returns the start for the zero matrix, and one of the nearest rotations for diag(1, 1, −1)", () => {
    const start = quat.fromAxisAngle([0, 1, 0], 0.3);
    expect(decompose.mullerRotation([0, 0, 0, 0, 0, 0, 0, 0, 0], { start })).toEqual({
      rotation: start,
      iterations: 0,
      converged: true,
      restarts: 0,
    });
    const m = diag(1, 1, -1);
    const r = quat.toMat3(decompose.mullerRotation(m).rotation);
    expect(frobenius(r, m)).toBeCloseTo(frobenius(decompose.polarRotation(m), m), 12);
  });
  it("reports converged: false when maxIterations runs out, still with a unit quaternion", () => {
    const m = fromRows([1, 0.3, 0], [0, 1, 0], [0, 0, 1]);
    const r = decompose.mullerRotation(m, { maxIterations: 3 });
    expect(r).toMatchObject({ iterations: 3, converged: false });
    expect(quat.length(r.rotation)).toBeCloseTo(1, 15);
  });
  it("throws RangeError naming the argument for bad input", () => {
    expect(() => decompose.mullerRotation([Number.NaN, 0, 0, 0, 1, 0, 0, 0, 1])).toThrow(
      /decompose\.mullerRotation: m has a non-finite/,
    );
    expect(() => decompose.mullerRotation(I, { start: [0, 0, 0, 0] })).toThrow(
      /decompose\.mullerRotation: opts\.start is the zero quaternion/,
    );
    expect(() => decompose.mullerRotation(I, { maxIterations: -1 })).toThrow(/opts\.maxIterations/);
    expect(() => decompose.mullerRotation(I, { maxIterations: 1.5 })).toThrow(/opts\.maxIterations/);
    expect(() => decompose.mullerRotation(I, { tolerance: 0 })).toThrow(/opts\.tolerance/);
    expect(() => decompose.mullerRotation(I, { tolerance: Number.NaN })).toThrow(/opts\.tolerance/);
  });
});
