/**
 * Exercise 01.3 — The inverse is the transpose (chapter 01, section 4).
 *
 * Undo a rotation without any trigonometry, and recognise a matrix that is a rotation: its columns are
 * orthonormal (`RᵀR = I`) and it does not mirror (`det R = +1`).
 */

import type { Mat3 } from "../../lib/index.ts";
import { NotImplemented } from "../not-implemented.ts";

/**
 * The inverse of a rotation matrix, as its transpose.
 * @param m - A rotation matrix (column-major).
 * @returns `mᵀ`, a new matrix; `m` is left unchanged.
 * @example inverseRotation(mat3.rotationZ(0.3)) // ≈ mat3.rotationZ(-0.3)
 */
export function inverseRotation(m: Mat3): Mat3 {
  // TODO: entry (r, c) of the result is entry (c, r) of m.
  throw new NotImplemented("inverseRotation");
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
  // TODO: dot products of columns, then the determinant.
  throw new NotImplemented("isRotation");
}
