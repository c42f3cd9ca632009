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
  // Entry (r, c) is m[3c + r]. R − Rᵀ = 2 sin θ [n]×, so (R₂₁ − R₁₂, R₀₂ − R₂₀, R₁₀ − R₀₁) = 2 sin θ n.
  const skew: Vec3 = [m[5] - m[7], m[6] - m[2], m[1] - m[3]];
  const sin2 = Math.hypot(...skew);
  const cos2 = m[0] + m[4] + m[8] - 1;
  const angle = Math.atan2(sin2, cos2); // not acos((tr − 1)/2): that loses half the digits near 0 and π
  if (sin2 === 0 && cos2 > 0) return { axis: [1, 0, 0], angle: 0 };
  if (cos2 >= 0) return { axis: [skew[0] / sin2, skew[1] / sin2, skew[2] / sin2], angle };
  // Past 90°: n nᵀ = (R + Rᵀ − 2c I) / (2(1 − c)). Start from its largest diagonal entry n_i².
  const c = cos2 / 2;
  const d = [m[0], m[4], m[8]] as const;
  const i = d[0] >= d[1] && d[0] >= d[2] ? 0 : d[1] >= d[2] ? 1 : 2;
  const ni = Math.sqrt(Math.max(0, (d[i] - c) / (1 - c)));
  const axis: Vec3 = [0, 0, 0];
  for (let j = 0; j < 3; j++) {
    axis[j] = j === i ? ni : (m[3 * j + i]! + m[3 * i + j]!) / (2 * (1 - c) * ni); // n_i n_j / n_i
  }
  // n and −n both fit the symmetric part; the skew part (2 sin θ n, if not zero) picks the sign.
  const sign = axis[0] * skew[0] + axis[1] * skew[1] + axis[2] * skew[2] < 0 ? -1 : 1;
  const len = Math.hypot(...axis);
  return { axis: [(sign * axis[0]) / len, (sign * axis[1]) / len, (sign * axis[2]) / len], angle };
}
