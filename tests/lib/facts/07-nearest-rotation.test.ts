/**
 * Chapter 07's facts (the nearest rotation), each computed: docs/curriculum.md lists them with this file, and the
 * chapter shows the same numbers in a live cell (notebooks/07-nearest-rotation.html).
 */

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Mat3, type Vec3, axisAngle, decompose, mat3, quat, random, scalar, vec3 } from "../../../lib/index.ts";
import { RUNS, angle, rotation, unitQuat } from "../../helpers/arbitraries.ts";
import { CHAIN, TIGHT } from "../../helpers/tolerance.ts";

const I = mat3.identity();

describe("chapter 07: the nearest rotation", () => {
  /** The basis of fact 7.1: columns x = (1, 0.3, 0), y = (0, 1, 0), z = (0, 0, 1). */
  const M: Mat3 = [1, 0.3, 0, 0, 1, 0, 0, 0, 1];
  const frobenius = (a: Readonly<Mat3>, b: Readonly<Mat3>) => Math.hypot(...a.map((x, i) => x - b[i]!));
  const columnAnglesDeg = (r: Mat3) =>
    ([0, 1, 2] as const).map((j) => scalar.radToDeg(vec3.angleBetween(mat3.column(r, j), mat3.column(M, j))));

  it("fact 7.1: Gram–Schmidt turns the columns by 0°, 16.70°, 0°, the polar rotation by 8.17°, 8.53°, 0° and is nearer (0.2127 vs 0.2937)", () => {
    const gs = mat3.gramSchmidt(M);
    const polar = decompose.polarRotation(M);
    const [g0, g1, g2] = columnAnglesDeg(gs);
    expect(g0).toBe(0); // the first column is kept exactly
    expect(g1).toBeCloseTo(16.699, 3); // atan(0.3)
    expect(g2).toBe(0);
    const [p0, p1, p2] = columnAnglesDeg(polar);
    expect(p0).toBeCloseTo(8.168, 3);
    expect(p1).toBeCloseTo(8.531, 3); // the polar rotation is a turn by 8.531° about z: y moves by exactly that
    expect(p2).toBe(0);
    expect(frobenius(polar, M)).toBeCloseTo(0.21272, 5);
    expect(frobenius(gs, M)).toBeCloseTo(0.29375, 5);
  });
  it("fact 7.2: for M = R·S with S symmetric positive definite the polar rotation is R (1e-12); no other rotation is nearer to a general M", () => {
    const spd = fc
      .tuple(rotation, fc.array(fc.double({ min: 0.1, max: 10, noNaN: true }), { minLength: 3, maxLength: 3 }))
      .map(([axes, [a, b, c]]) =>
        mat3.multiply(axes, mat3.multiply([a!, 0, 0, 0, b!, 0, 0, 0, c!], mat3.transpose(axes))),
      );
    fc.assert(
      fc.property(rotation, spd, (r, s) => {
        expect(decompose.polarRotation(mat3.multiply(r, s))).toBeCloseToVec(r, CHAIN);
      }),
      RUNS,
    );
    const general = fc.array(fc.double({ min: -10, max: 10, noNaN: true }), { minLength: 9, maxLength: 9 });
    fc.assert(
      fc.property(general, unitQuat, (m, turn) => {
        const polar = decompose.polarRotation(m as Mat3);
        const other = mat3.multiply(quat.toMat3(turn), polar);
        expect(frobenius(polar, m as Mat3)).toBeLessThanOrEqual(frobenius(other, m as Mat3) + 1e-12);
      }),
      RUNS,
    );
  });
  it("fact 7.3: Müller's iteration from the identity shrinks |ω| about threefold per step (0.100, 0.0327, 0.0108, …) and reaches the polar rotation to 1e-9 in 18 steps", () => {
    const polar = quat.fromMat3(decompose.polarRotation(M));
    const omegas: number[] = [];
    let q = quat.identity();
    let reached = 0;
    for (let k = 1; k <= 30; k++) {
      const { omega, next } = decompose.mullerStep(M, q);
      omegas.push(vec3.length(omega));
      q = next;
      if (!reached && quat.angleBetween(q, polar) < 1e-9) reached = k;
    }
    expect(omegas.slice(0, 3).map((w) => Number(w.toPrecision(3)))).toEqual([0.1, 0.0327, 0.0108]);
    for (let k = 1; k < 10; k++) expect(omegas[k - 1]! / omegas[k]!).toBeCloseTo(3.02, 1); // → 3.0224 = tr S / σ_z
    expect(reached).toBe(18);
    // Warm-started from the previous frame (the shear 0.3 → 0.31 → … , the answer turning 0.0049 rad per frame):
    // 2 steps where a cold start takes 5 at a tolerance of 1e-3 rad — but 14 against 17 at 1e-9: a warm start saves
    // the steps from the identity to the previous answer, log₃(0.149 / 0.0049) ≈ 3, not all but one or two.
    for (const [tolerance, warmSteps, coldSteps] of [
      [1e-3, 2, 5],
      [1e-9, 14, 17],
    ] as const) {
      let previous = decompose.mullerRotation(M, { tolerance }).rotation;
      for (let frame = 1; frame <= 20; frame++) {
        const m: Mat3 = [1, 0.3 + 0.01 * frame, 0, 0, 1, 0, 0, 0, 1];
        const warm = decompose.mullerRotation(m, { start: previous, tolerance });
        expect([warm.iterations, decompose.mullerRotation(m, { tolerance }).iterations]).toEqual([
          warmSteps,
          coldSteps,
        ]);
        previous = warm.rotation;
      }
    }
  });
  it("fact 7.4: from the identity Müller's first step is exactly zero for diag(−1, −1, 1); the library detects the stall and recovers", () => {
    const halfTurn: Mat3 = [-1, 0, 0, 0, -1, 0, 0, 0, 1];
    expect(decompose.mullerStep(halfTurn, quat.identity()).omega).toEqual([0, 0, 0]);
    const result = decompose.mullerRotation(halfTurn);
    expect(result).toMatchObject({ converged: true, restarts: 1 });
    expect(result.rotation).toBeSameRotation(quat.fromAxisAngle([0, 0, 1], Math.PI));
    expect(quat.toMat3(result.rotation)).toBeCloseToVec(decompose.polarRotation(halfTurn), TIGHT);
  });
});

// ── Chapter 07, facts added after review (issue 19: docs/curriculum.md 7.5, 7.6 and the corrections) ──────────────
describe("chapter 07: after review (issue 19)", () => {
  const frobenius = (a: Readonly<Mat3>, b: Readonly<Mat3>) => Math.hypot(...a.map((x, i) => x - b[i]!));
  const trace = (m: Readonly<Mat3>) => m[0] + m[4] + m[8];
  const columns = (m: Mat3): [Vec3, Vec3, Vec3] => [mat3.column(m, 0), mat3.column(m, 1), mat3.column(m, 2)];
  /** The blog's "The Future?" loop: each column ← its old length × unit(other two crossed + itself), then unit columns. */
  const blogCross = (m: Mat3, iterations: number): Mat3 => {
    let [x, y, z] = columns(m);
    const lengths = [vec3.length(x), vec3.length(y), vec3.length(z)] as const;
    for (let k = 0; k < iterations; k++) {
      [x, y, z] = [
        vec3.scale(vec3.normalize(vec3.add(vec3.cross(y, z), x)), lengths[0]),
        vec3.scale(vec3.normalize(vec3.add(vec3.cross(z, x), y)), lengths[1]),
        vec3.scale(vec3.normalize(vec3.add(vec3.cross(x, y), z)), lengths[2]),
      ];
    }
    return mat3.fromColumns(vec3.normalize(x), vec3.normalize(y), vec3.normalize(z));
  };
  /** The mended loop: X ← ½(X/c + cof X/c²), c = ∛(x·(y×z)). */
  const mendedCross = (m: Mat3, iterations: number): Mat3 => {
    let [x, y, z] = columns(m);
    for (let k = 0; k < iterations; k++) {
      const [yz, zx, xy] = [vec3.cross(y, z), vec3.cross(z, x), vec3.cross(x, y)];
      const c = Math.cbrt(vec3.dot(x, yz));
      const half = (a: Vec3, cofactor: Vec3) => vec3.add(vec3.scale(a, 0.5 / c), vec3.scale(cofactor, 0.5 / (c * c)));
      [x, y, z] = [half(x, yz), half(y, zx), half(z, xy)];
    }
    return mat3.fromColumns(x, y, z);
  };

  it("fact 7.5: the blog's cross-product loop is Newton's polar iteration (cof X = det X·X⁻ᵀ); scaled by ∛det X it reaches the polar rotation to 1e-12 rad within 10 iterations on 1000 random matrices, where the blog's misses by up to 7.34°", () => {
    // The cross products are the cofactors: [y×z, z×x, x×y] = det X · X⁻ᵀ.
    const x0: Mat3 = [1, 0.3, 0.2, -0.4, 1.1, 0.5, 0.3, -0.2, 0.9];
    const [x, y, z] = columns(x0);
    const cofactor = mat3.fromColumns(vec3.cross(y, z), vec3.cross(z, x), vec3.cross(x, y));
    expect(cofactor).toBeCloseToVec(
      mat3.transpose(mat3.invert(x0)).map((e) => e * mat3.determinant(x0)) as Mat3,
      TIGHT,
    );
    const rng = random.seeded(705); // the chapter's trials (section 5)
    let trials = 0;
    let blogWorstDeg = 0;
    let blogOverOneDeg = 0;
    while (trials < 1000) {
      const m = Array.from({ length: 9 }, () => random.uniform(rng, -1, 1)) as Mat3;
      if (!(mat3.determinant(m) > 0)) continue;
      trials++;
      const polar = decompose.polarRotation(m);
      const mended = mendedCross(m, 10);
      expect(mat3.orthonormalityError(mended)).toBeLessThanOrEqual(1e-12);
      expect(quat.fromMat3(mended)).toBeSameRotation(quat.fromMat3(polar), 1e-12);
      const blog = decompose.polarRotation(blogCross(m, 9));
      const missDeg = scalar.radToDeg(quat.angleBetween(quat.fromMat3(blog), quat.fromMat3(polar)));
      blogWorstDeg = Math.max(blogWorstDeg, missDeg);
      if (missDeg > 1) blogOverOneDeg++;
    }
    expect(blogWorstDeg).toBeCloseTo(7.34, 2);
    expect(blogOverOneDeg).toBe(437);
    // The blog's loop does converge — to a wrong frame: any matrix with perpendicular columns is a fixed point.
    const stretched: Mat3 = [2, 0, 0, 0, 0.5, 0, 0, 0, 1];
    const tilted = mat3.multiply(quat.toMat3(quat.fromAxisAngle([1, 1, 0], 0.3)), stretched);
    expect(blogCross(tilted, 1)).toBeCloseToVec(quat.toMat3(quat.fromAxisAngle([1, 1, 0], 0.3)), TIGHT);
  });
  it("fact 7.6: the sign fix costs 2σ₃ of the trace and raises the squared distance by 4σ₃ (mirrored basis: 4σ₃ = 3.4447, the distances differ by 1.6554)", () => {
    const mirrored: Mat3 = [1, 0.3, 0, 0, 1, 0, 0, 0, -1];
    const { u, s, v } = decompose.svd(mirrored);
    const reflection = mat3.multiply(u, mat3.transpose(v));
    const rotation = decompose.polarRotation(mirrored);
    expect(mat3.determinant(reflection)).toBeCloseTo(-1, 14);
    const lost =
      trace(mat3.multiply(mat3.transpose(reflection), mirrored)) -
      trace(mat3.multiply(mat3.transpose(rotation), mirrored));
    expect(lost).toBeCloseTo(2 * s[2], 12);
    expect(frobenius(rotation, mirrored) ** 2 - frobenius(reflection, mirrored) ** 2).toBeCloseTo(4 * s[2], 12);
    expect(4 * s[2]).toBeCloseTo(3.4447, 4);
    expect(frobenius(rotation, mirrored) - frobenius(reflection, mirrored)).toBeCloseTo(1.6554, 4);
  });
  it("the half-turn stall is the (degenerate) global minimum of tr(RᵀM), not a saddle: tr(RᵀM) = 1 + 2cos∠(R, M) ≥ −1", () => {
    const halfTurn: Mat3 = [-1, 0, 0, 0, -1, 0, 0, 0, 1];
    expect(trace(halfTurn)).toBe(-1); // at the identity
    fc.assert(
      fc.property(unitQuat, (q) => {
        const r = quat.toMat3(q);
        const value = trace(mat3.multiply(mat3.transpose(r), halfTurn));
        expect(value).toBeGreaterThanOrEqual(-1 - 1e-12);
        const angle = quat.angleBetween(q, quat.fromAxisAngle([0, 0, 1], Math.PI));
        expect(value).toBeCloseTo(1 + 2 * Math.cos(angle), 12);
      }),
      RUNS,
    );
    // A saddle needs a matrix that is not a rotation: diag(2, −1, −1.5) from the identity, λ₂ + λ₃ < 0 < λ₁ + λ₂.
    const saddle: Mat3 = [2, 0, 0, 0, -1, 0, 0, 0, -1.5];
    const at = (axis: Vec3, a: number) => trace(mat3.multiply(mat3.transpose(axisAngle.toMat3(axis, a)), saddle));
    expect(decompose.mullerStep(saddle, quat.identity()).omega).toEqual([0, 0, 0]);
    expect(at([1, 0, 0], 0.1)).toBeGreaterThan(at([1, 0, 0], 0)); // up about x
    expect(at([0, 0, 1], 0.1)).toBeLessThan(at([0, 0, 1], 0)); // down about z
  });
  it("Müller's step near the answer is (I − S/tr S) of the Newton step: ⅔ of it for a rotation, leaving S·ε/tr S", () => {
    const r = quat.fromAxisAngle([1, 2, -1], 0.7);
    const eps: Vec3 = [1e-7, -2e-7, 0.5e-7];
    const near = quat.multiply(quat.fromAxisAngle(eps, vec3.length(eps)), r);
    const { omega } = decompose.mullerStep(quat.toMat3(r), near);
    expect(omega).toBeCloseToVec(vec3.scale(eps, -2 / 3), { atol: 1e-15, rtol: 0 });
    const axes = quat.toMat3(quat.fromAxisAngle([0.3, -1, 0.2], 1.1));
    const s = mat3.multiply(axes, mat3.multiply([1.2, 0, 0, 0, 0.9, 0, 0, 0, 0.7], mat3.transpose(axes)));
    const m = mat3.multiply(quat.toMat3(r), s);
    const sWorld = mat3.multiply(quat.toMat3(r), mat3.multiply(s, quat.toMat3(quat.conjugate(r))));
    const left = vec3.add(eps, decompose.mullerStep(m, near).omega);
    expect(left).toBeCloseToVec(vec3.scale(mat3.transformVec3(sWorld, eps), 1 / 2.8), { atol: 1e-13, rtol: 0 });
  });
  it("the 1e-9 guard is a mend: the blog's abs(tr + 1e-9) and the paper's 1/|tr| + 1e-9 both divide by zero", () => {
    const tr = -1e-9;
    expect(1 / Math.abs(tr + 1e-9)).toBe(Infinity); // the blog's placement
    expect(1 / Math.abs(0) + 1e-9).toBe(Infinity); // the paper's listing, at tr = 0
    expect(1 / (Math.abs(tr) + 1e-9)).toBeCloseTo(5e8, 0); // the course's
    // a 120° turn about z from the identity has tr = 0 exactly enough: the step stays finite
    expect(vec3.length(decompose.mullerStep(mat3.rotationZ((2 * Math.PI) / 3), quat.identity()).omega)).toBeLessThan(
      Infinity,
    );
  });
  it("‖MᵀM − I‖_F measures distance from orthonormal, not from a rotation: 0 for a reflection", () => {
    expect(mat3.orthonormalityError([-1, 0, 0, 0, 1, 0, 0, 0, 1])).toBe(0);
  });
});
