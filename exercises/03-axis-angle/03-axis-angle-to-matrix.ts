/**
 * Exercise 03.3 — Axis–angle to matrix (chapter 03, section 3).
 *
 * Build the rotation matrix of `angleRad` about `axis`:
 * `R = cos θ I + (1 − cos θ) n nᵀ + sin θ [n]×`, where `[n]×` is the matrix of `v ↦ n × v`.
 * Return it column-major (column j = where axis j goes), like every `Mat3` in the course.
 * You may use `vec3` and `mat3`'s helpers (`crossMatrix`, `fromColumns`, `identity`, …), but not
 * `axisAngle`, `quat` or `mat3`'s rotation functions.
 */

import type { Mat3, Vec3 } from "../../lib/index.ts";
import { NotImplemented } from "../not-implemented.ts";

/**
 * The rotation matrix of `angleRad` about `axis` (Rodrigues' formula in matrix form).
 * @param axis - The rotation axis, any non-zero length.
 * @param angleRad - The angle in radians.
 * @returns The 3×3 rotation matrix, column-major.
 * @example toMatrix([0, 0, 1], Math.PI / 2) // ≈ [0, 1, 0, -1, 0, 0, 0, 0, 1]
 */
export function toMatrix(axis: Vec3, angleRad: number): Mat3 {
  // TODO: nine entries, column-major: column j is where axis j goes.
  throw new NotImplemented("toMatrix");
}
