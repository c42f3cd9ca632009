/**
 * Exercise 07.1 — How far each column turned, and how far from a rotation (chapter 07, section 1).
 *
 * A repair replaces a skewed basis `m` by a rotation `r`. Measure it: the angle between each column of `r`
 * and the matching column of `m` (the arcs in the chapter's scenes), and how far `m` is from orthonormal,
 * `‖mᵀm − I‖_F` (the Frobenius norm: the square root of the sum of the squared entries). The columns of `m`
 * need not be unit length; the angles do not depend on their lengths. Be accurate at tiny angles: a drift of
 * 1e-9 rad must read as 1e-9, not 0 — `acos` of a dot product cannot do that (it has lost every digit below
 * ~1e-8 rad). You may use `scalar`, most of `vec3` and the matrix basics of `mat3`, but not
 * `vec3.angleBetween` or `mat3.orthonormalityError`: they are this exercise's answers.
 */

import type { Mat3, Vec3 } from "../../lib/index.ts";
import { NotImplemented } from "../not-implemented.ts";

/**
 * The angle between column `j` of `r` and column `j` of `m`, for j = 0, 1, 2.
 * @param m - A 3×3 matrix (column-major) whose columns are non-zero; any lengths.
 * @param r - A 3×3 matrix (column-major) whose columns are non-zero, e.g. the rotation that repairs `m`.
 * @returns Three angles in radians, each in [0, π], accurate to ~1e-16 rad at every size (also near 0 and π).
 * @example columnAngles([1, 0.3, 0, 0, 1, 0, 0, 0, 1], [1, 0, 0, 0, 1, 0, 0, 0, 1]) // ≈ [0.2915, 0, 0]  (atan 0.3)
 */
export function columnAngles(m: Mat3, r: Mat3): Vec3 {
  // TODO: for each column j, the angle between column j of m and column j of r — accurate near 0.
  throw new NotImplemented("columnAngles");
}

/**
 * How far `m` is from orthonormal: `‖mᵀm − I‖_F`, the Frobenius norm (square root of the sum of squares of
 * all nine entries) of `mᵀm − I`. Entry (i, j) of `mᵀm` is the dot product of columns i and j.
 * @param m - A 3×3 matrix (column-major).
 * @returns A number ≥ 0; 0 exactly for an exact rotation or reflection, ~1e-16 for one that has been rounded.
 * @example orthonormalityError([2, 0, 0, 0, 1, 0, 0, 0, 1]) // 3  (column 0 has |x|² − 1 = 3)
 */
export function orthonormalityError(m: Mat3): number {
  // TODO: mᵀm − I, then the square root of the sum of the squares of its nine entries.
  throw new NotImplemented("orthonormalityError");
}
