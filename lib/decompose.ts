/**
 * Matrix decompositions for rotations: the symmetric eigenproblem, the
 * singular value decomposition, and the rotation nearest to a matrix (the
 * polar decomposition), by SVD and by Müller's iteration.
 *
 * Why they belong to a rotation course: a matrix that should be a rotation
 * but has drifted, a basis measured with noise, the cross-covariance of two
 * point sets (`kabsch.ts`) and the scatter of a point cloud (`fit.ts`) all
 * ask "which rotation (or which axes) does this matrix stand for?".
 *
 * - `symmetricEigen(S)`: `S = V·diag(λ)·Vᵀ` by cyclic Jacobi rotations —
 *   each plane rotation zeroes one off-diagonal pair; the sum of squares off
 *   the diagonal falls quadratically, so a 3×3 matrix takes 4–6 sweeps.
 * - `svd(M)`: `M = U·diag(σ)·Vᵀ` by one-sided Jacobi (Hestenes): rotate the
 *   columns of `M` in pairs until they are orthogonal; their lengths are the
 *   singular values. It never forms `MᵀM`, so small singular values keep
 *   their digits.
 * - `polarRotation(M)`: `M = R·S` with `R` a rotation and `S` symmetric; `R`
 *   is the rotation nearest `M` in the Frobenius norm,
 *   `R = U·diag(1, 1, det(UVᵀ))·Vᵀ` (the last sign keeps `det R = +1`).
 * - `mullerRotation(M)`: the same `R` by Müller, Bender, Chentanez and
 *   Macklin's iteration (MIG 2016, "A Robust Method to Extract the Rotational
 *   Part of Deformations"): turn the current rotation by
 *   `ω = Σᵢ rᵢ × mᵢ / |Σᵢ rᵢ · mᵢ|` (columns `rᵢ` of `R`, `mᵢ` of `M`) until
 *   `ω` vanishes. Cheap and warm-startable; this version also escapes the
 *   half-turn stall where `ω` is zero at the wrong answer.
 *
 * Conventions: `Mat3` column-major (entry (r, c) is `m[3c + r]`), `Quat =
 * [x, y, z, w]`, angles in radians. Every function scales its input by a
 * power of two first (exact), so matrices with entries near 1e-300 or 1e300
 * decompose like unit-size ones. Non-finite entries throw a `RangeError`
 * naming the function and the argument; the zero matrix and rank-deficient
 * matrices get documented, valid answers.
 *
 * @module decompose
 */

import { type Mat3, determinant } from "./mat3.ts";
import { type Quat, multiply as multiplyQuat, normalize as normalizeQuat, toMat3 as quatToMat3 } from "./quat.ts";
import { assertFinite, sinc } from "./scalar.ts";
import { type Vec3, cross, normalize, orthogonal } from "./vec3.ts";

/** Unit roundoff of double precision, 2⁻⁵³. */
const ROUNDOFF = 2 ** -53;

/**
 * The Jacobi methods leave a pair alone once it is below this, relative to its diagonal pair (4 units of
 * roundoff): one rotation lands a pair at about 1–2 units, so a threshold at 1 unit could make the last
 * sweeps cycle at that floor.
 */
const JACOBI_TOLERANCE = 4 * ROUNDOFF;

/**
 * After scaling `m` to entries of size ~1, a column of `m·V` shorter than this is treated as zero by
 * {@link svd}: squares of anything smaller could underflow, and its part of `m` is below 1e-150·‖m‖.
 */
const NEGLIGIBLE = 1e-150;

/** Safety bound on Jacobi sweeps (3×3 matrices converge in 3–6; a rounding residue of a column takes a few more). */
const MAX_SWEEPS = 64;

/** Throws a RangeError naming `name` unless every entry of `m` is finite. */
function assertFiniteMat3(m: Readonly<Mat3>, name: string): void {
  if (!Array.isArray(m) || m.length !== 9) throw new RangeError(`${name} must be 9 numbers (a Mat3)`);
  for (let i = 0; i < 9; i++) {
    if (!Number.isFinite(m[i]))
      throw new RangeError(`${name} has a non-finite entry ${m[i]} at index ${i} ([${m.join(", ")}])`);
  }
}

/** A power of two that brings the largest |entry| of `m` near 1 (1 for the zero matrix). */
function powerOfTwoScale(m: Readonly<Mat3>): number {
  let big = 0;
  for (let i = 0; i < 9; i++) big = Math.max(big, Math.abs(m[i]!));
  return big === 0 ? 1 : 2 ** Math.max(-1022, Math.min(1023, -Math.round(Math.log2(big))));
}

/** The index (0, 1 or 2) of the largest |component|, the first on ties. */
function largestIndex(x: number, y: number, z: number): 0 | 1 | 2 {
  const ax = Math.abs(x),
    ay = Math.abs(y),
    az = Math.abs(z);
  return ax >= ay && ax >= az ? 0 : ay >= az ? 1 : 2;
}

/** The result of {@link symmetricEigen}. */
export interface SymmetricEigen {
  /** Eigenvalues, descending: `values[0] ≥ values[1] ≥ values[2]`. */
  values: Vec3;
  /** The matching unit eigenvectors as the columns of a rotation matrix (column `j` belongs to `values[j]`). */
  vectors: Mat3;
}

/**
 * Eigenvalues and eigenvectors of a symmetric matrix, `S = V·diag(λ)·Vᵀ`, by
 * the cyclic Jacobi method: sweep over the pairs (0,1), (0,2), (1,2), each
 * time applying the plane rotation that zeroes that off-diagonal entry
 * (Golub & Van Loan §8.5), until every off-diagonal entry is below roundoff
 * relative to its diagonal pair.
 *
 * Sign and order conventions: values descending; columns 0 and 1 of
 * `vectors` have their largest |component| positive and column 2 is their
 * cross product, so `vectors` is a rotation (det +1).
 *
 * Edge cases: only the symmetric part `(m + mᵀ)/2` is used (for a symmetric
 * `m` that is `m` itself). Repeated eigenvalues have a whole plane (or space)
 * of eigenvectors; any orthonormal basis of it is returned, deterministically.
 * The zero matrix gives values `[0, 0, 0]` and the identity as vectors.
 * Eigenvalues are accurate to about 1e-16·‖m‖, eigenvectors to about
 * 1e-16·‖m‖ / (gap to the nearest other eigenvalue).
 *
 * @param m - A symmetric 3×3 matrix (column-major), any units.
 * @returns `{values, vectors}` with `m·vⱼ = λⱼ·vⱼ`.
 * @throws RangeError `"decompose.symmetricEigen: m has a non-finite entry …"` for NaN or ∞.
 * @example symmetricEigen([2, 0, 0, 0, 5, 0, 0, 0, 3]).values // → [5, 3, 2]
 */
export function symmetricEigen(m: Readonly<Mat3>): SymmetricEigen {
  assertFiniteMat3(m, "decompose.symmetricEigen: m");
  const k = powerOfTwoScale(m);
  // a[3r + c], full symmetric storage (both halves kept equal).
  const a = [
    m[0] * k,
    ((m[3] + m[1]) / 2) * k,
    ((m[6] + m[2]) / 2) * k,
    0,
    m[4] * k,
    ((m[7] + m[5]) / 2) * k,
    0,
    0,
    m[8] * k,
  ];
  a[3] = a[1]!;
  a[6] = a[2]!;
  a[7] = a[5]!;
  const v = [1, 0, 0, 0, 1, 0, 0, 0, 1]; // column-major: column j = v[3j .. 3j+2]
  const pairs = [
    [0, 1],
    [0, 2],
    [1, 2],
  ] as const;
  for (let sweep = 0; sweep < MAX_SWEEPS; sweep++) {
    let rotated = false;
    for (const [p, q] of pairs) {
      const apq = a[3 * p + q]!;
      const app = a[4 * p]!;
      const aqq = a[4 * q]!;
      // Negligible: below roundoff relative to the diagonal pair (relative accuracy), or absolutely tiny.
      if (
        Math.abs(apq) <= JACOBI_TOLERANCE * Math.sqrt(Math.abs(app)) * Math.sqrt(Math.abs(aqq)) ||
        Math.abs(apq) < 1e-300
      ) {
        continue;
      }
      rotated = true;
      const theta = (aqq - app) / (2 * apq);
      const t =
        Math.abs(theta) > 1e150
          ? 1 / (2 * theta) // θ² would overflow; t ≈ 1/(2θ)
          : (theta >= 0 ? 1 : -1) / (Math.abs(theta) + Math.sqrt(1 + theta * theta));
      const c = 1 / Math.sqrt(1 + t * t);
      const s = t * c;
      a[4 * p] = app - t * apq;
      a[4 * q] = aqq + t * apq;
      a[3 * p + q] = a[3 * q + p] = 0;
      const r = 3 - p - q; // the third index
      const arp = a[3 * r + p]!;
      const arq = a[3 * r + q]!;
      a[3 * r + p] = a[3 * p + r] = c * arp - s * arq;
      a[3 * r + q] = a[3 * q + r] = s * arp + c * arq;
      for (let i = 0; i < 3; i++) {
        const vp = v[3 * p + i]!;
        const vq = v[3 * q + i]!;
        v[3 * p + i] = c * vp - s * vq;
        v[3 * q + i] = s * vp + c * vq;
      }
    }
    if (!rotated) break;
  }
  // Order by eigenvalue, descending; equal values keep their order.
  let i0 = 0,
    i1 = 1,
    i2 = 2;
  if (a[4 * i1]! > a[4 * i0]!) [i0, i1] = [i1, i0];
  if (a[4 * i2]! > a[4 * i1]!) [i1, i2] = [i2, i1];
  if (a[4 * i1]! > a[4 * i0]!) [i0, i1] = [i1, i0];
  const e0 = positiveLargest([v[3 * i0]!, v[3 * i0 + 1]!, v[3 * i0 + 2]!]);
  const e1 = positiveLargest([v[3 * i1]!, v[3 * i1 + 1]!, v[3 * i1 + 2]!]);
  const e2 = normalize(cross(e0, e1)); // unit to the last bit (e0, e1 are orthonormal to roundoff)
  return {
    values: [a[4 * i0]! / k, a[4 * i1]! / k, a[4 * i2]! / k],
    vectors: [e0[0], e0[1], e0[2], e1[0], e1[1], e1[2], e2[0], e2[1], e2[2]],
  };
}

/** `v` or `−v`, whichever has its largest |component| positive. */
function positiveLargest(v: Vec3): Vec3 {
  const lead = [v[0], v[1], v[2]][largestIndex(v[0], v[1], v[2])]!;
  return lead < 0 ? [-v[0], -v[1], -v[2]] : v;
}

/** The result of {@link svd}: `m = u·diag(s)·vᵀ`. */
export interface Svd {
  /** Left singular vectors, the columns of an orthogonal matrix (det ±1, see {@link svd}). */
  u: Mat3;
  /** Singular values, descending and ≥ 0. */
  s: Vec3;
  /** Right singular vectors, the columns of a rotation matrix (det +1). */
  v: Mat3;
}

/**
 * The singular value decomposition `m = u·diag(s)·vᵀ`: `v`'s columns are the
 * directions `m` stretches most, next and least, `s` the stretch factors and
 * `u`'s columns where those directions land (`m·vⱼ = sⱼ·uⱼ`).
 *
 * Method: one-sided Jacobi (Hestenes 1958). Plane rotations `J` applied on
 * the right, `m·J₁·J₂⋯`, make the columns mutually orthogonal; then `v` is
 * the product of the `J`s, `s` the column lengths and `u` the normalized
 * columns. Residual `‖m − u·diag(s)·vᵀ‖` and `‖uᵀu − I‖`, `‖vᵀv − I‖` are a
 * few ulps (entries within ~1.5e-15 of exact, relative to ‖m‖; `npm run bench`
 * measures them against a double-double reference).
 *
 * Conventions (singular vectors are only defined up to sign, each pair
 * `(uⱼ, vⱼ)` may be negated together):
 * - `s[0] ≥ s[1] ≥ s[2] ≥ 0`;
 * - columns 0 and 1 of `v` have their largest |component| positive, and `v`
 *   is a rotation (det +1); so `det u` has the sign of `det m` when `m` is
 *   invertible.
 *
 * Edge cases:
 * - rank-deficient `m` (`s[2] = 0`, or `s[1] = s[2] = 0`): the columns of `u`
 *   that `m` does not reach are completed to a right-handed orthonormal basis
 *   (`u₂ = u₀ × u₁`; `u₁` from `vec3.orthogonal(u₀)`), so `u` is still
 *   orthogonal and `det u = +1` (a direction `m` stretches by less than
 *   1e-150 times its largest entry counts as not reached: its share of `m`
 *   is far below roundoff);
 * - the zero matrix: `u = v = I`, `s = [0, 0, 0]`;
 * - repeated singular values: the singular vectors of that value span a
 *   plane (or all of space, for a multiple of a rotation), any orthonormal
 *   basis of which is an answer; one is returned, and `u·diag(s)·vᵀ` is `m`.
 *
 * @param m - A 3×3 matrix (column-major), any units.
 * @returns `{u, s, v}` with `m = u·diag(s)·vᵀ`.
 * @throws RangeError `"decompose.svd: m has a non-finite entry …"` for NaN or ∞.
 * @example svd([0, 2, 0, -3, 0, 0, 0, 0, 1]).s // → [3, 2, 1]
 */
export function svd(m: Readonly<Mat3>): Svd {
  assertFiniteMat3(m, "decompose.svd: m");
  const k = powerOfTwoScale(m);
  const a = m.map((x) => x * k); // columns a[3j .. 3j+2], rotated in place
  const v = [1, 0, 0, 0, 1, 0, 0, 0, 1];
  const pairs = [
    [0, 1],
    [0, 2],
    [1, 2],
  ] as const;
  for (let sweep = 0; sweep < MAX_SWEEPS; sweep++) {
    let rotated = false;
    for (const [p, q] of pairs) {
      let alpha = 0,
        beta = 0,
        gamma = 0;
      for (let i = 0; i < 3; i++) {
        const x = a[3 * p + i]!,
          y = a[3 * q + i]!;
        alpha += x * x;
        beta += y * y;
        gamma += x * y;
      }
      // The Jacobi rotation of the Gram matrix [[α, γ], [γ, β]]; skip once the columns are orthogonal to
      // roundoff, or when one is negligible (|column| < 1e-150·‖m‖: m "does not reach" it, see below).
      if (alpha < NEGLIGIBLE ** 2 || beta < NEGLIGIBLE ** 2) continue;
      if (Math.abs(gamma) <= JACOBI_TOLERANCE * Math.sqrt(alpha) * Math.sqrt(beta)) continue;
      rotated = true;
      const zeta = (beta - alpha) / (2 * gamma);
      const t =
        Math.abs(zeta) > 1e150 ? 1 / (2 * zeta) : (zeta >= 0 ? 1 : -1) / (Math.abs(zeta) + Math.sqrt(1 + zeta * zeta));
      const c = 1 / Math.sqrt(1 + t * t);
      const s = t * c;
      for (let i = 0; i < 3; i++) {
        const x = a[3 * p + i]!,
          y = a[3 * q + i]!;
        a[3 * p + i] = c * x - s * y;
        a[3 * q + i] = s * x + c * y;
        const vp = v[3 * p + i]!,
          vq = v[3 * q + i]!;
        v[3 * p + i] = c * vp - s * vq;
        v[3 * q + i] = s * vp + c * vq;
      }
    }
    if (!rotated) break;
  }
  // Column lengths (the scaled columns are ~1, so squares neither overflow nor, above NEGLIGIBLE, underflow).
  const len = [0, 0, 0];
  for (let j = 0; j < 3; j++) len[j] = Math.sqrt(a[3 * j]! ** 2 + a[3 * j + 1]! ** 2 + a[3 * j + 2]! ** 2);
  // Order by length, descending; equal lengths keep their order.
  let i0 = 0,
    i1 = 1,
    i2 = 2;
  if (len[i1]! > len[i0]!) [i0, i1] = [i1, i0];
  if (len[i2]! > len[i1]!) [i1, i2] = [i2, i1];
  if (len[i1]! > len[i0]!) [i0, i1] = [i1, i0];
  const order = [i0, i1, i2];
  // Sorted columns of m·V (us, not yet unit) and of V, with the sign conventions of the doc comment.
  const us = [0, 0, 0, 0, 0, 0, 0, 0, 0] as Mat3;
  const vs = [0, 0, 0, 0, 0, 0, 0, 0, 0] as Mat3;
  for (let j = 0; j < 3; j++) {
    const from = order[j]!;
    let sign = 1;
    if (j < 2) {
      const x = v[3 * from]!,
        y = v[3 * from + 1]!,
        z = v[3 * from + 2]!;
      const lead = [x, y, z][largestIndex(x, y, z)]!;
      if (lead < 0) sign = -1;
    }
    for (let i = 0; i < 3; i++) {
      us[3 * j + i] = sign * a[3 * from + i]!;
      vs[3 * j + i] = sign * v[3 * from + i]!;
    }
  }
  if (determinant(vs) < 0) for (let i = 6; i < 9; i++) ((us[i] = -us[i]!), (vs[i] = -vs[i]!));
  const s: Vec3 = [len[i0]!, len[i1]!, len[i2]!];
  // A column shorter than NEGLIGIBLE (the largest entry is ~1 after scaling) counts as zero: m does not reach
  // that direction, and its u-column is completed instead (its share of m is below 1e-150·‖m‖).
  const unit = (j: number): Vec3 => [us[3 * j]! / s[j]!, us[3 * j + 1]! / s[j]!, us[3 * j + 2]! / s[j]!];
  // A column that is not orthogonal to the longer ones is the rounding residue of a direction m does not reach
  // (its length is at roundoff level): it is completed too, so that u is always orthogonal.
  const apart = (x: Vec3, y: Vec3) => Math.abs(x[0] * y[0] + x[1] * y[1] + x[2] * y[2]) <= 1e-10;
  const u0: Vec3 = s[0] >= NEGLIGIBLE ? unit(0) : [1, 0, 0];
  let u1: Vec3 = s[1] >= NEGLIGIBLE ? unit(1) : s[0] >= NEGLIGIBLE ? orthogonal(u0) : [0, 1, 0];
  if (!apart(u0, u1)) u1 = orthogonal(u0);
  let u2: Vec3 = s[2] >= NEGLIGIBLE ? unit(2) : normalize(cross(u0, u1));
  if (!apart(u0, u2) || !apart(u1, u2)) u2 = normalize(cross(u0, u1));
  return {
    u: [u0[0], u0[1], u0[2], u1[0], u1[1], u1[2], u2[0], u2[1], u2[2]],
    s: [s[0] / k, s[1] / k, s[2] / k],
    v: vs,
  };
}

/** `Σⱼ dⱼ·uⱼ·vⱼᵀ`, i.e. `u·diag(d)·vᵀ`, for column-major `u`, `v`. */
function productUDVt(u: Readonly<Mat3>, d: Readonly<Vec3>, v: Readonly<Mat3>): Mat3 {
  const out = [0, 0, 0, 0, 0, 0, 0, 0, 0] as Mat3;
  for (let j = 0; j < 3; j++) {
    for (let c = 0; c < 3; c++) {
      const vcj = d[j]! * v[3 * j + c]!;
      for (let r = 0; r < 3; r++) out[3 * c + r]! += u[3 * j + r]! * vcj;
    }
  }
  return out;
}

/**
 * The rotation nearest to `m` in the Frobenius norm — the rotational factor
 * `R` of the polar decomposition `m = R·S` (`S` symmetric). From the SVD
 * `m = U·Σ·Vᵀ`: `R = U·diag(1, 1, det(UVᵀ))·Vᵀ`. Without the last sign,
 * `UVᵀ` is the nearest *orthogonal* matrix, which is a reflection (det −1)
 * when `det m < 0`; flipping the direction of the smallest singular value
 * costs the least and makes `det R = +1`.
 *
 * `R` maximizes `tr(Rᵀm)`, which is what "nearest" means:
 * `‖R − m‖² = 3 + ‖m‖² − 2·tr(Rᵀm)`. Unlike Gram–Schmidt it treats the three
 * columns alike, and it does not depend on their order.
 *
 * Edge cases (where the nearest rotation is not unique, one is returned):
 * - `det m > 0` with distinct singular values, or any invertible `m` with
 *   `s[1] > s[2]`: unique;
 * - `det m < 0` and `s[1] = s[2]` (e.g. the reflection `diag(1, 1, −1)`):
 *   a one-parameter family of rotations is equally near;
 * - rank 2 (`s[2] = 0`): unique as long as `s[1] > 0`;
 * - rank 1: every rotation taking `v₀` to `u₀` is equally near;
 * - the zero matrix: every rotation is `√3` away; the identity is returned.
 *
 * @param m - A 3×3 matrix (column-major), any units (scale does not change `R`).
 * @returns A rotation matrix (det +1, orthonormal to ~1e-15).
 * @throws RangeError `"decompose.polarRotation: m has a non-finite entry …"` for NaN or ∞.
 * @example polarRotation([2, 0, 0, 0, 3, 0, 0, 0, 4]) // → [1, 0, 0, 0, 1, 0, 0, 0, 1]
 */
export function polarRotation(m: Readonly<Mat3>): Mat3 {
  assertFiniteMat3(m, "decompose.polarRotation: m");
  const { u, v } = svd(m);
  return productUDVt(u, [1, 1, determinant(u) < 0 ? -1 : 1], v);
}

/** Options of {@link mullerRotation}. */
export interface MullerOptions {
  /** Initial rotation (any non-zero quaternion, normalized here); default the identity. Warm-start with the previous frame's answer. */
  start?: Quat;
  /** Largest number of steps; default 100. */
  maxIterations?: number;
  /** Stop when the step angle `|ω|` is at most this, radians; default 1e-12. */
  tolerance?: number;
}

/** The result of {@link mullerRotation}. */
export interface MullerResult {
  /** The rotation reached, a unit quaternion. */
  rotation: Quat;
  /** Steps taken (each a rotation by ω; escapes from a stall are counted in `restarts`, not here). */
  iterations: number;
  /** Whether `|ω| ≤ tolerance` was reached at a true maximum within `maxIterations`. */
  converged: boolean;
  /** How many times a stall at a wrong stationary point (ω = 0 there) was detected and escaped by a half turn. */
  restarts: number;
}

/**
 * One step of Müller's iteration: the rotation vector
 * `ω = Σᵢ rᵢ × mᵢ / (|Σᵢ rᵢ · mᵢ| + 1e-9)` that turns the current rotation
 * `q` (columns `rᵢ`) towards `m` (columns `mᵢ`), and the rotation after it,
 * `exp(ω)·q` (ω is applied in the world frame).
 *
 * `Σ rᵢ × mᵢ` is the "torque" pulling each axis `rᵢ` towards its target
 * column `mᵢ`; dividing by `Σ rᵢ · mᵢ = tr(Rᵀm)` makes the step scale-free.
 * `m` is scaled by a power of two first (exact), so the paper's `1e-9`
 * guard is relative to the largest entry of `m` and only matters when
 * `tr(Rᵀm) ≈ 0`.
 *
 * At a rotation where `Rᵀm` is symmetric, `ω` is exactly zero — at the
 * answer, but also at wrong stationary points: from the identity, `ω = 0`
 * for the half turn `diag(−1, −1, 1)` (chapter 07, fact 7.4). See
 * {@link mullerRotation} for the detection.
 *
 * @param m - A 3×3 matrix (column-major), any units.
 * @param q - The current rotation (a non-zero quaternion; it is normalized).
 * @returns `{omega, next}`: the rotation vector in radians (world frame) and the unit quaternion after the step.
 * @throws RangeError for non-finite entries of `m` or a zero or non-finite `q`, naming the argument.
 * @example mullerStep([-1, 0, 0, 0, -1, 0, 0, 0, 1], [0, 0, 0, 1]).omega // → [0, 0, 0]
 */
export function mullerStep(m: Readonly<Mat3>, q: Readonly<Quat>): { omega: Vec3; next: Quat } {
  assertFiniteMat3(m, "decompose.mullerStep: m");
  const start = checkedQuat(q, "decompose.mullerStep: q");
  const k = powerOfTwoScale(m);
  return step(m.map((x) => x * k) as Mat3, start);
}

/** A unit copy of `q`, or a RangeError naming `name`. */
function checkedQuat(q: Readonly<Quat>, name: string): Quat {
  if (!Array.isArray(q) || q.length !== 4) throw new RangeError(`${name} must be a quaternion [x, y, z, w]`);
  for (const x of q) assertFinite(x, name);
  if (q[0] === 0 && q[1] === 0 && q[2] === 0 && q[3] === 0) throw new RangeError(`${name} is the zero quaternion`);
  return normalizeQuat(q);
}

/** Müller's step on a pre-scaled `m` from a unit `q`, in new arrays. */
function step(m: Readonly<Mat3>, q: Readonly<Quat>): { omega: Vec3; next: Quat } {
  const omega: Vec3 = [0, 0, 0];
  omegaAt(m, q, omega);
  const next: Quat = [q[0], q[1], q[2], q[3]];
  turn(next, omega);
  return { omega, next };
}

/**
 * `ω = Σᵢ rᵢ × mᵢ / (|Σᵢ rᵢ · mᵢ| + 1e-9)` for the unit quaternion `q` (columns `rᵢ` of its matrix),
 * written into `out` without allocating: the hot loop of {@link mullerRotation}.
 */
function omegaAt(m: Readonly<Mat3>, q: Readonly<Quat>, out: Vec3): void {
  const x = q[0],
    y = q[1],
    z = q[2],
    w = q[3];
  // The columns of the rotation matrix of a unit quaternion.
  const r00 = 1 - 2 * (y * y + z * z),
    r01 = 2 * (x * y + w * z),
    r02 = 2 * (x * z - w * y);
  const r10 = 2 * (x * y - w * z),
    r11 = 1 - 2 * (x * x + z * z),
    r12 = 2 * (y * z + w * x);
  const r20 = 2 * (x * z + w * y),
    r21 = 2 * (y * z - w * x),
    r22 = 1 - 2 * (x * x + y * y);
  const tx = r01 * m[2] - r02 * m[1] + (r11 * m[5] - r12 * m[4]) + (r21 * m[8] - r22 * m[7]);
  const ty = r02 * m[0] - r00 * m[2] + (r12 * m[3] - r10 * m[5]) + (r22 * m[6] - r20 * m[8]);
  const tz = r00 * m[1] - r01 * m[0] + (r10 * m[4] - r11 * m[3]) + (r20 * m[7] - r21 * m[6]);
  const tr =
    r00 * m[0] +
    r01 * m[1] +
    r02 * m[2] +
    (r10 * m[3] + r11 * m[4] + r12 * m[5]) +
    (r20 * m[6] + r21 * m[7] + r22 * m[8]);
  const inv = 1 / (Math.abs(tr) + 1e-9);
  out[0] = tx * inv;
  out[1] = ty * inv;
  out[2] = tz * inv;
}

/** `q ← exp(ω)·q`, normalized, in place (ω in radians, world frame). */
function turn(q: Quat, omega: Readonly<Vec3>): void {
  const angle = Math.sqrt(omega[0] * omega[0] + omega[1] * omega[1] + omega[2] * omega[2]);
  // exp(ω) = (sin(|ω|/2) ω/|ω|, cos(|ω|/2)) = (½ sinc(|ω|/2) ω, cos(|ω|/2)): no division by |ω|.
  const h = 0.5 * sinc(angle / 2);
  const ax = h * omega[0],
    ay = h * omega[1],
    az = h * omega[2],
    aw = Math.cos(angle / 2);
  const [bx, by, bz, bw] = q;
  const x = aw * bx + bw * ax + (ay * bz - az * by);
  const y = aw * by + bw * ay + (az * bx - ax * bz);
  const z = aw * bz + bw * az + (ax * by - ay * bx);
  const w = aw * bw - (ax * bx + ay * by + az * bz);
  const n = Math.sqrt(x * x + y * y + z * z + w * w);
  q[0] = x / n;
  q[1] = y / n;
  q[2] = z / n;
  q[3] = w / n;
}

/**
 * The rotation nearest to `m` (the same as {@link polarRotation}, as a
 * quaternion) by Müller, Bender, Chentanez and Macklin's iteration (MIG
 * 2016): repeat {@link mullerStep} from `start` until `|ω| ≤ tolerance`.
 *
 * Convergence is linear: near the answer `R·S`, each step multiplies the
 * error by at most `σ₁/(σ₁ + σ₂ + σ₃)` (the singular values of `m`) — about
 * ⅓ for a near-rotation, slower for a flat matrix, and no convergence at all
 * in the direction that a rank-1 `m` leaves undetermined. The loop stops on
 * the step, not the error: the rotation returned is within about `|ω|`
 * (so about `tolerance`, e.g. 1.7e-12 rad at 1e-12) of the answer.
 *
 * Warm-starting from the previous frame's answer saves the steps from the
 * identity to there, not all of them: the steps left are those that shrink
 * the frame's change δ to the tolerance, `log(tolerance/δ) / log(rate)`. For
 * chapter 07's basis sheared 0.01 further per frame (δ ≈ 0.005 rad): 2 steps
 * instead of 5 at a tolerance of 1e-3 rad, 14 instead of 17 at 1e-9.
 *
 * The half-turn stall: `ω = 0` wherever `Rᵀm` is symmetric, which also
 * happens at the other stationary points of `tr(Rᵀm)`: minima and saddles.
 * From the identity, `m = diag(−1, −1, 1)` gives `ω = 0` at once; there
 * `tr(Rᵀm) = 1 + 2cos∠(R, m) ≥ −1`, its value at the identity, so the
 * identity is the (degenerate) global minimum. Saddles, where
 * `λ₂ + λ₃ < 0 < λ₁ + λ₂`, occur only when `m` is not a rotation. A stationary `R` is the answer only if the two smallest
 * eigenvalues `λ₂, λ₃` of `S = sym(Rᵀm)` have `λ₂ + λ₃ ≥ 0`; otherwise the
 * half turn about the eigenvector of `λ₁` turns them to `−λ₂, −λ₃` and
 * raises `tr(Rᵀm)` by `−2(λ₂ + λ₃)`. This function checks at every claimed
 * convergence and, on a stall, makes that half turn (counted in `restarts`)
 * and iterates on.
 *
 * Edge cases: the zero matrix (every rotation is as near as any other)
 * returns `start` with 0 iterations, converged. Where the nearest rotation is
 * not unique (see {@link polarRotation}) one of them is reached. `converged:
 * false` when `maxIterations` ran out first (then `rotation` is the last
 * iterate, still a unit quaternion).
 *
 * @param m - A 3×3 matrix (column-major), any units.
 * @param opts - `start` (default the identity), `maxIterations` (default 100), `tolerance` (radians, default 1e-12).
 * @returns `{rotation, iterations, converged, restarts}`.
 * @throws RangeError for non-finite entries of `m`, a zero or non-finite `start`, a negative or non-integer
 *   `maxIterations`, or a `tolerance` that is not a positive finite number — naming the argument.
 * @example mullerRotation([-1, 0, 0, 0, -1, 0, 0, 0, 1]).rotation // ≈ [0, 0, 1, 0] (the half turn, after one restart)
 */
export function mullerRotation(m: Readonly<Mat3>, opts: MullerOptions = {}): MullerResult {
  assertFiniteMat3(m, "decompose.mullerRotation: m");
  let q =
    opts.start === undefined ? ([0, 0, 0, 1] as Quat) : checkedQuat(opts.start, "decompose.mullerRotation: opts.start");
  const maxIterations = opts.maxIterations ?? 100;
  if (!Number.isInteger(maxIterations) || maxIterations < 0) {
    throw new RangeError(
      `decompose.mullerRotation: opts.maxIterations must be a non-negative integer, got ${maxIterations}`,
    );
  }
  const tolerance = opts.tolerance ?? 1e-12;
  if (!(tolerance > 0) || !Number.isFinite(tolerance)) {
    throw new RangeError(`decompose.mullerRotation: opts.tolerance must be a positive finite number, got ${tolerance}`);
  }
  const k = powerOfTwoScale(m);
  const ms = m.map((x) => x * k) as Mat3;
  if (ms.every((x) => x === 0)) return { rotation: q, iterations: 0, converged: true, restarts: 0 };
  let iterations = 0;
  let restarts = 0;
  const omega: Vec3 = [0, 0, 0];
  for (;;) {
    omegaAt(ms, q, omega);
    if (Math.sqrt(omega[0] * omega[0] + omega[1] * omega[1] + omega[2] * omega[2]) <= tolerance) {
      const escape = restarts < 3 ? stallEscape(ms, q) : undefined;
      if (!escape) return { rotation: q, iterations, converged: true, restarts };
      q = escape;
      restarts++;
      continue;
    }
    if (iterations === maxIterations) return { rotation: q, iterations, converged: false, restarts };
    turn(q, omega); // q is this function's own copy (checkedQuat or a new identity)
    iterations++;
  }
}

/**
 * At a stationary `q` (ω ≈ 0): undefined if `q` is a maximum of `tr(Rᵀm)`,
 * else `q` turned by a half turn about the top eigenvector of `sym(Rᵀm)`.
 */
function stallEscape(m: Readonly<Mat3>, q: Readonly<Quat>): Quat | undefined {
  const r = quatToMat3(q);
  // B = Rᵀm: B(i, j) = rᵢ · mⱼ (column-major: B[3j + i]).
  const b = [0, 0, 0, 0, 0, 0, 0, 0, 0] as Mat3;
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) {
      b[3 * j + i] = r[3 * i]! * m[3 * j]! + r[3 * i + 1]! * m[3 * j + 1]! + r[3 * i + 2]! * m[3 * j + 2]!;
    }
  }
  const { values, vectors } = symmetricEigen(b); // uses (b + bᵀ)/2
  const scale = Math.abs(values[0]) + Math.abs(values[1]) + Math.abs(values[2]);
  if (values[1] + values[2] >= -64 * ROUNDOFF * scale) return undefined;
  // The half turn about body axis e (first eigenvector), applied on the right: q·(e, 0).
  const half: Quat = [vectors[0], vectors[1], vectors[2], 0];
  return normalizeQuat(multiplyQuat(q, half));
}
