/**
 * Exercise 07.4 — Detect the half-turn stall and escape it (chapter 07, section 4).
 *
 * Müller's ω is zero wherever `B = Rᵀm` is symmetric (`R` the current rotation's matrix) — at the answer,
 * but also at its other stationary points: from the identity, `m = diag(−1, −1, 1)` gives ω = 0 at once and
 * the plain loop returns the worst rotation there is (the identity is the global minimum of `tr(Rᵀm)` there, a
 * degenerate one; saddles occur only when `m` is not a rotation, e.g. `diag(2, −1, −1.5)`). Write the check
 * and the way out. Let `λ₁ ≥ λ₂ ≥ λ₃` be the
 * eigenvalues of the symmetric part of `B`, `e₁` the eigenvector of `λ₁`. A stationary point is the
 * maximum only if `λ₂ + λ₃ ≥ 0`; otherwise the half turn about the body axis `e₁`, `q·(e₁, 0)`, raises
 * `tr(Rᵀm)` by `−2(λ₂ + λ₃)`. Then put both into a loop that always reaches the nearest rotation. Allow for
 * rounding: a matrix that arrives rounded is symmetric only to ~1e-16, and a true maximum on the boundary
 * (`λ₂ + λ₃ = 0`, e.g. a mirrored input) must not be taken for a stall. You may use `quat`, `mat3`, `vec3`,
 * `scalar`, `decompose.symmetricEigen` and `decompose.mullerStep` (exercise 07.3's step), but not
 * `decompose.mullerRotation` or `decompose.polarRotation`.
 */

import { type Mat3, type Quat, decompose, mat3, quat, vec3 } from "../../lib/index.ts";

/** The loop would stop here: |ω| at most this (the blog's stopping rule), radians. */
const STATIONARY_RAD = 1e-9;
/** λ₂ + λ₃ below −this·(|λ₁| + |λ₂| + |λ₃|) is a stall; within it, rounding of a boundary maximum (λ₂ + λ₃ = 0). */
const BOUNDARY = 1e-9;
/** The loop of {@link nearestRotation}: its tolerance on |ω| (rad), its step limit, and how many escapes it allows. */
const TOLERANCE_RAD = 1e-12;
const MAX_ITERATIONS = 1000;
const MAX_ESCAPES = 3;

/** The eigen-decomposition of the symmetric part of `B = Rᵀm` at `q` (symmetricEigen symmetrizes). */
const eigenAt = (m: Mat3, q: Quat) => decompose.symmetricEigen(mat3.multiply(mat3.transpose(quat.toMat3(q)), m));

/**
 * Whether Müller's iteration, stopped at `q`, is stuck at a wrong stationary point: ω is (nearly) zero there,
 * `|ω| ≤ 1e-9`, and yet the two smallest eigenvalues of `sym(Rᵀm)` sum to less than
 * `−1e-9·(|λ₁| + |λ₂| + |λ₃|)`, so a half turn would gain.
 * @param m - A 3×3 matrix (column-major), entries of size ~1.
 * @param q - The rotation the iteration stopped at, a unit quaternion.
 * @returns true at a stall (a saddle or a minimum of tr(Rᵀm)); false at a maximum (the answer, also on the boundary λ₂ + λ₃ = 0) and wherever ω is not zero.
 * @example isStalled([-1, 0, 0, 0, -1, 0, 0, 0, 1], [0, 0, 0, 1]) // true
 */
export function isStalled(m: Mat3, q: Quat): boolean {
  const { omega } = decompose.mullerStep(m, q);
  if (vec3.length(omega) > STATIONARY_RAD) return false; // still moving: not stuck, just not there yet
  const [l1, l2, l3] = eigenAt(m, q).values;
  // The boundary λ₂ + λ₃ = 0 is a maximum; rounding puts it at ±1e-16, which must not read as a stall.
  return l2 + l3 < -BOUNDARY * (Math.abs(l1) + Math.abs(l2) + Math.abs(l3));
}

/**
 * The way out of a stall at `q`: `q` followed by a half turn about the body axis `e₁`, the eigenvector of the
 * largest eigenvalue of `sym(Rᵀm)` — the quaternion `q·(e₁, 0)`.
 * @param m - A 3×3 matrix (column-major).
 * @param q - A stalled rotation (see {@link isStalled}), a unit quaternion.
 * @returns A unit quaternion: `q` turned by π about `e₁` in its own frame (`e₁` and `−e₁` give the same rotation).
 * @example escapeStall([-1, 0, 0, 0, -1, 0, 0, 0, 1], [0, 0, 0, 1]) // [0, 0, 1, 0]  (the half turn about z)
 */
export function escapeStall(m: Mat3, q: Quat): Quat {
  const e1 = mat3.column(eigenAt(m, q).vectors, 0);
  // On the right: e₁ is an axis of B = Rᵀm, i.e. in the body frame of q, not in world axes.
  return quat.normalize(quat.multiply(q, [e1[0], e1[1], e1[2], 0]));
}

/**
 * The rotation nearest `m`, by Müller's iteration from `start` with the stall check: iterate until
 * `|ω| ≤ 1e-12`; if the point reached is a stall, escape it and iterate on (at most 3 escapes, 1000 steps).
 * @param m - A 3×3 matrix (column-major), entries of size ~1, whose nearest rotation is unique.
 * @param start - The first guess, a unit quaternion (the identity, or the previous frame's answer).
 * @returns The nearest rotation to ~1e-11 rad (iterate to |ω| ≤ 1e-12: ω understates the angle left by a few times), a unit quaternion.
 * @example nearestRotation([-1, 0, 0, 0, -1, 0, 0, 0, 1], [0, 0, 0, 1]) // ≈ [0, 0, 1, 0]
 */
export function nearestRotation(m: Mat3, start: Quat): Quat {
  let q = quat.normalize(start);
  let escapes = 0;
  for (let k = 0; k < MAX_ITERATIONS; k++) {
    const { omega, next } = decompose.mullerStep(m, q);
    if (vec3.length(omega) > TOLERANCE_RAD) {
      q = next;
      continue;
    }
    if (escapes === MAX_ESCAPES || !isStalled(m, q)) break;
    q = escapeStall(m, q);
    escapes++;
  }
  return q;
}
