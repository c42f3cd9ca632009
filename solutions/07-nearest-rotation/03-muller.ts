/**
 * Exercise 07.3 — Müller's iteration: one step, and the loop (chapter 07, section 3).
 *
 * Müller, Bender, Chentanez and Macklin (MIG 2016) find the rotation nearest a matrix `m` by turning a guess
 * `q` towards it. With `rᵢ` the columns of `q`'s matrix and `mᵢ` those of `m`, the step is the rotation
 * vector `ω = Σ rᵢ × mᵢ / (|Σ rᵢ · mᵢ| + 1e-9)`, applied in the world frame: `q ← exp(ω)·q`, the turn by
 * `|ω|` about `ω` *before* `q`. Write `ω`, the step (it must not produce NaN when `ω = 0`, at the answer),
 * and the loop: stop as soon as `|ω| ≤ tolerance` (without applying that last, tiny step) or after
 * `maxIterations` steps, starting from `start` — last frame's answer, for a warm start. You may use `quat`,
 * `mat3`, `vec3` and `scalar`, but not `decompose`: its `mullerStep` and `mullerRotation` are the answers.
 */

import { type Mat3, type Quat, type Vec3, mat3, quat, vec3 } from "../../lib/index.ts";

/**
 * Müller's rotation vector at `q`: `ω = Σᵢ rᵢ × mᵢ / (|Σᵢ rᵢ · mᵢ| + 1e-9)`, with `rᵢ` the columns of the
 * rotation matrix of `q` and `mᵢ` the columns of `m`.
 * @param m - A 3×3 matrix (column-major), entries of size ~1.
 * @param q - The current rotation, a unit quaternion.
 * @returns ω in radians, in world axes (the axis to turn about, times the angle).
 * @example mullerOmega([1, 0.3, 0, 0, 1, 0, 0, 0, 1], [0, 0, 0, 1]) // [0, 0, 0.1]
 */
export function mullerOmega(m: Mat3, q: Quat): Vec3 {
  const r = quat.toMat3(q);
  let torque: Vec3 = [0, 0, 0];
  let agreement = 0;
  for (const j of [0, 1, 2] as const) {
    torque = vec3.add(torque, vec3.cross(mat3.column(r, j), mat3.column(m, j)));
    agreement += vec3.dot(mat3.column(r, j), mat3.column(m, j));
  }
  return vec3.scale(torque, 1 / (Math.abs(agreement) + 1e-9));
}

/**
 * One step of Müller's iteration: `exp(ω)·q`, with ω = {@link mullerOmega}`(m, q)` — the turn by `|ω|`
 * about `ω` in the world frame, applied after `q`.
 * @param m - A 3×3 matrix (column-major), entries of size ~1.
 * @param q - The current rotation, a unit quaternion.
 * @returns The next rotation, a unit quaternion; `q` itself (to rounding) when ω = 0.
 * @example mullerStep([1, 0, 0, 0, 1, 0, 0, 0, 1], [0, 0, 0, 1]) // [0, 0, 0, 1]
 */
export function mullerStep(m: Mat3, q: Quat): Quat {
  const omega = mullerOmega(m, q);
  // exp(ω) as the pure quaternion (ω/2, 0) exponentiated: no division by |ω|, so ω = 0 gives the identity.
  const turn = quat.exp([omega[0] / 2, omega[1] / 2, omega[2] / 2, 0]);
  return quat.normalize(quat.multiply(turn, q));
}

/**
 * Müller's iteration from `start`: repeat {@link mullerStep} until `|ω| ≤ tolerance` (that last ω is not
 * applied) or `maxIterations` steps have been taken.
 * @param m - A 3×3 matrix (column-major), entries of size ~1.
 * @param start - The first guess, any non-zero quaternion (normalized first): the identity, or the previous frame's answer.
 * @param tolerance - Stop when the step angle `|ω|` is at most this, radians (> 0).
 * @param maxIterations - Largest number of steps (≥ 0; with 0 the normalized `start` is returned).
 * @returns The last rotation, a unit quaternion: within about `tolerance` of the nearest rotation when the loop converged.
 * @example mullerRotation([1, 0.3, 0, 0, 1, 0, 0, 0, 1], [0, 0, 0, 1], 1e-12, 100) // ≈ [0, 0, 0.0744, 0.9972]  (8.53° about z)
 */
export function mullerRotation(m: Mat3, start: Quat, tolerance: number, maxIterations: number): Quat {
  let q = quat.normalize(start);
  for (let k = 0; k < maxIterations; k++) {
    if (vec3.length(mullerOmega(m, q)) <= tolerance) break; // converged: do not apply the last step
    q = mullerStep(m, q);
  }
  return q;
}
