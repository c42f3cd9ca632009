/**
 * Exercise 03.3 — Axis–angle to matrix (chapter 03, section 3).
 *
 * Build the rotation matrix of `angleRad` about `axis`:
 * `R = cos θ I + (1 − cos θ) n nᵀ + sin θ [n]×`, where `[n]×` is the matrix of `v ↦ n × v`.
 * Return it column-major (column j = where axis j goes), like every `Mat3` in the course.
 * You may use `vec3` and `mat3`'s helpers (`crossMatrix`, `fromColumns`, `identity`, …), but not
 * `axisAngle`, `quat` or `mat3`'s rotation functions.
 */

import { type Mat3, type Vec3, vec3 } from "../../lib/index.ts";

/**
 * The rotation matrix of `angleRad` about `axis` (Rodrigues' formula in matrix form).
 * @param axis - The rotation axis, any non-zero length.
 * @param angleRad - The angle in radians.
 * @returns The 3×3 rotation matrix, column-major.
 * @example toMatrix([0, 0, 1], Math.PI / 2) // ≈ [0, 1, 0, -1, 0, 0, 0, 0, 1]
 */
export function toMatrix(axis: Vec3, angleRad: number): Mat3 {
  const [x, y, z] = vec3.normalize(axis);
  const c = Math.cos(angleRad);
  const s = Math.sin(angleRad);
  const t = 1 - c;
  // Column j is R·e_j: cos θ e_j + t n_j n + sin θ (n × e_j). E.g. n × e_x = (0, z, −y).
  // prettier-ignore
  return [
    c + t * x * x,     t * x * y + s * z, t * x * z - s * y,
    t * x * y - s * z, c + t * y * y,     t * y * z + s * x,
    t * x * z + s * y, t * y * z - s * x, c + t * z * z,
  ];
}
