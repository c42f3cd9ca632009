/**
 * Exercise 03.4 — Matrix to axis–angle (chapter 03, section 4).
 *
 * Recover `{axis, angle}` from a rotation matrix: a unit axis and `angle` in [0, π] (the checks accept any
 * such pair for the same rotation — at θ = π both `n` and `−n` are right). The trace is `1 + 2 cos θ`
 * and the skew part `R − Rᵀ` holds `2 sin θ n`: take `θ = atan2(|skew|, trace − 1)`, which is accurate at
 * every angle, and the axis from the skew part. Near θ = π the skew part vanishes: take the axis from
 * the symmetric part `R + Rᵀ = 2 cos θ I + 2(1 − cos θ) n nᵀ` instead. At θ = 0 any unit axis is right.
 * Do not use `axisAngle` or `quat` from the library.
 */

import type { Mat3, Vec3 } from "../../lib/index.ts";
import { NotImplemented } from "../not-implemented.ts";

/** A rotation as a unit axis and an angle in radians. */
export interface AxisAngleAnswer {
  axis: Vec3;
  angle: number;
}

/**
 * The axis and angle of the rotation matrix `m` (column-major), angle in [0, π].
 * @param m - A rotation matrix.
 * @returns `{axis, angle}`: a unit axis and the angle in radians. At θ = 0, any unit axis.
 * @example fromMatrix([1, 0, 0, 0, 0, 1, 0, -1, 0]) // { axis: [1, 0, 0], angle: π/2 } (Rx(90°))
 */
export function fromMatrix(m: Mat3): AxisAngleAnswer {
  // TODO: angle from the trace and the skew part with atan2; axis from the skew part, or from R + Rᵀ near π.
  throw new NotImplemented("fromMatrix");
}
