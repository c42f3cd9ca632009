/**
 * Exercise 01.2 — Rotation about any axis from canonical rotations (chapter 01, section 3).
 *
 * Build the rotation by `angleRad` about `axis` as the lecture does,
 * `Ry⁻¹(β) · Rx⁻¹(α) · Rz(θ) · Rx(α) · Ry(β)`: turn about Y until the axis lies in the YZ plane, about X
 * until it lies on +Z, turn by θ about Z, and undo the first two turns. You may use `mat3.rotationX/Y/Z`,
 * `mat3.multiply` and `mat3.transpose` from the library — but not `axisAngle`.
 */

import { type Mat3, type Vec3, mat3, vec3 } from "../../lib/index.ts";

/**
 * The two alignment angles for a unit axis `(x, y, z)`: `β` about Y, which brings the axis into the YZ
 * plane (`β = atan2(−x, z)`), then `α` about X, which brings it onto +Z (`α = atan2(y, √(x² + z²))`).
 * For an axis along ±Y the projection onto XZ vanishes: then `β = 0`.
 * @param axis - The axis, any non-zero length (normalize it first).
 * @returns `[β, α]` in radians, `β` in [−π, π] and `α` in [−π/2, π/2] (the ranges of those atan2s).
 * @example alignmentAngles([0, 1, 0]) // [0, Math.PI / 2]
 */
export function alignmentAngles(axis: Vec3): [number, number] {
  const [x, y, z] = vec3.normalize(axis);
  const d = Math.hypot(x, z);
  // atan2(0, 0) is 0 in JavaScript, but say so: along ±Y there is nothing to turn in step 1.
  const beta = d === 0 ? 0 : Math.atan2(-x, z);
  return [beta, Math.atan2(y, d)];
}

/**
 * The rotation by `angleRad` about `axis`, composed from five canonical rotations.
 * @param axis - The axis, any non-zero length.
 * @param angleRad - The angle in radians (right-hand rule about `axis`).
 * @returns The column-major rotation matrix.
 * @example rotateAboutAxis([0, 0, 1], Math.PI / 2) // ≈ mat3.rotationZ(Math.PI / 2)
 */
export function rotateAboutAxis(axis: Vec3, angleRad: number): Mat3 {
  const [beta, alpha] = alignmentAngles(axis);
  const ry = mat3.rotationY(beta);
  const rx = mat3.rotationX(alpha);
  const align = mat3.multiply(rx, ry); // Ry acts first: it stands next to the vector
  return mat3.multiply(mat3.transpose(align), mat3.multiply(mat3.rotationZ(angleRad), align));
}
