/**
 * Exercise 07.2 — The orthogonal polar factor by Newton's iteration (chapter 07, section 2).
 *
 * Higham's iteration finds the nearest orthogonal matrix without an SVD: start with `X = m` and repeat
 * `X ← (X + X⁻ᵀ)/2` — each singular value σ becomes (σ + 1/σ)/2, which goes to 1, quadratically once it is
 * near. Iterate until `X` stops changing, not a fixed number of times: a matrix of size 1e6 needs ~20
 * halvings before the quadratic phase starts, and the answer must be orthonormal to ~1e-15. The limit is
 * `UVᵀ` of the SVD `m = UΣVᵀ`: a rotation when `det m > 0`, and a reflection (det −1) when `det m < 0` —
 * return it as it is; the sign fix of section 2 is not part of this exercise. You may use `scalar`, `vec3`
 * and `mat3` (`mat3.invert` and `mat3.transpose` do the heavy lifting), but not `decompose`.
 */

import type { Mat3 } from "../../lib/index.ts";
import { NotImplemented } from "../not-implemented.ts";

/**
 * The orthogonal factor `Q` of the polar decomposition `m = Q·H` (`H` symmetric positive definite): the
 * orthogonal matrix nearest `m` in the Frobenius norm, by Newton's iteration `X ← (X + X⁻ᵀ)/2` from `X = m`.
 * @param m - An invertible 3×3 matrix (column-major), any scale.
 * @returns `Q`, orthonormal to ~1e-15; det +1 (a rotation) when `det m > 0`, det −1 (a reflection) when `det m < 0`.
 * @throws RangeError for a singular `m` (from `mat3.invert`).
 * @example newtonPolar([2, 0, 0, 0, 3, 0, 0, 0, 4]) // ≈ [1, 0, 0, 0, 1, 0, 0, 0, 1]
 */
export function newtonPolar(m: Mat3): Mat3 {
  // TODO: X = m; repeat X ← (X + X⁻ᵀ)/2 until a step changes X by (almost) nothing.
  throw new NotImplemented("newtonPolar");
}
