/**
 * Exercise 08.2 — The best rotation from the cross-covariance (chapter 08, sections 2 and 4).
 *
 * Given `H = Σ wᵢ (pᵢ − p̄)(qᵢ − q̄)ᵀ` (exercise 08.1), return the rotation `R` that best turns the centred
 * `from` points onto the centred `to` points: the `R` that maximizes `Σ wᵢ (qᵢ − q̄)·R(pᵢ − p̄) = tr(R·H)`.
 * That is the rotation nearest `A = Hᵀ` (chapter 07's polar rotation). With the SVD `A = U·Σ·Vᵀ`
 * (`decompose.svd`), `U·Vᵀ` is the best *orthogonal* matrix — a reflection (det −1) when the two sets are
 * mirror images, and about half the time when they are flat: for every 3-point set and every coplanar set
 * the smallest singular value is 0 and the SVD picks the sign of its direction at will (fact 8.5). So the fix
 * is not for mirrors only. The best *rotation* flips the direction of the smallest singular value:
 * `R = U·diag(1, 1, d)·Vᵀ` with `d = det(U·Vᵀ)` = ±1. Mind which of `H` and `Hᵀ` you decompose: the
 * other one gives the inverse rotation. Use `decompose.svd`, `mat3` and `vec3` — not
 * `decompose.polarRotation` and not `kabsch`. The checks use point sets whose best rotation is unique.
 */

import { type Mat3, decompose, mat3 } from "../../lib/index.ts";

/**
 * The rotation that best turns `from` onto `to`, from their cross-covariance `H`.
 * @param h - `H = Σ wᵢ (pᵢ − p̄)(qᵢ − q̄)ᵀ`, column-major (entry (r, c) at index `3c + r`).
 * @returns A rotation matrix (column-major, det +1) maximizing `tr(R·H)`: a rotation, never a reflection.
 * @example rotationFromCovariance([0, -2, 0, 2, 0, 0, 0, 0, 1]) // ≈ rotationZ(90°) = [0, 1, 0, -1, 0, 0, 0, 0, 1]
 */
export function rotationFromCovariance(h: Mat3): Mat3 {
  const { u, v } = decompose.svd(mat3.transpose(h)); // A = Hᵀ = U·Σ·Vᵀ
  // d = det(U·Vᵀ): −1 when U·Vᵀ would be a reflection; flipping the smallest singular direction costs least.
  const d = mat3.determinant(u) * mat3.determinant(v) < 0 ? -1 : 1;
  const fixed: Mat3 = [u[0], u[1], u[2], u[3], u[4], u[5], d * u[6], d * u[7], d * u[8]]; // U·diag(1, 1, d)
  return mat3.multiply(fixed, mat3.transpose(v));
}
