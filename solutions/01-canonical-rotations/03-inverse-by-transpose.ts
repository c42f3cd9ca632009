/**
 * Exercise 01.3 — The inverse is the transpose (chapter 01, section 4).
 *
 * Undo a rotation without any trigonometry, and recognise a matrix that is a rotation: its columns are
 * orthonormal (`RᵀR = I`) and it does not mirror (`det R = +1`).
 */

import type { Mat3 } from "../../lib/index.ts";

/**
 * The inverse of a rotation matrix, as its transpose.
 * @param m - A rotation matrix (column-major).
 * @returns `mᵀ`, a new matrix; `m` is left unchanged.
 * @example inverseRotation(mat3.rotationZ(0.3)) // ≈ mat3.rotationZ(-0.3)
 */
export function inverseRotation(m: Mat3): Mat3 {
  // Entry (r, c) of the result is entry (c, r) of m: swap rows and columns.
  return [m[0], m[3], m[6], m[1], m[4], m[7], m[2], m[5], m[8]];
}

/**
 * Whether `m` is a rotation: every entry of `mᵀm − I` within `tolerance` of 0, and `det m` within
 * `tolerance` of +1.
 * @param m - Any 3×3 matrix (column-major).
 * @param tolerance - Allowed rounding error (default 1e-9).
 * @returns `true` for a rotation, `false` for a scaling, shear, reflection …
 * @example isRotation(mat3.rotationX(1)) === true
 */
export function isRotation(m: Mat3, tolerance = 1e-9): boolean {
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) {
      // (mᵀm)[i][j] is the dot product of columns i and j.
      const dot = m[3 * i]! * m[3 * j]! + m[3 * i + 1]! * m[3 * j + 1]! + m[3 * i + 2]! * m[3 * j + 2]!;
      if (Math.abs(dot - (i === j ? 1 : 0)) > tolerance) return false;
    }
  }
  const det =
    m[0] * (m[4] * m[8] - m[7] * m[5]) - m[3] * (m[1] * m[8] - m[7] * m[2]) + m[6] * (m[1] * m[5] - m[4] * m[2]);
  return Math.abs(det - 1) <= tolerance;
}
