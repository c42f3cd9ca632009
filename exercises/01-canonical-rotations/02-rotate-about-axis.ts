/**
 * Exercise 01.2 — Rotation about any axis from canonical rotations (chapter 01, section 3).
 *
 * Build the rotation by `angleRad` about `axis` as the lecture does,
 * `Ry⁻¹(β) · Rx⁻¹(α) · Rz(θ) · Rx(α) · Ry(β)`: turn about Y until the axis lies in the YZ plane, about X
 * until it lies on +Z, turn by θ about Z, and undo the first two turns. You may use `mat3.rotationX/Y/Z`,
 * `mat3.multiply` and `mat3.transpose` from the library — but not `axisAngle`.
 */

import type { Mat3, Vec3 } from "../../lib/index.ts";
import { NotImplemented } from "../not-implemented.ts";

/**
 * The two alignment angles for a unit axis `(x, y, z)`: `β` about Y, which brings the axis into the YZ
 * plane (`β = atan2(−x, z)`), then `α` about X, which brings it onto +Z (`α = atan2(y, √(x² + z²))`).
 * For an axis along ±Y the projection onto XZ vanishes: then `β = 0`.
 * @param axis - The axis, any non-zero length (normalize it first).
 * @returns `[β, α]` in radians, `β` in [−π, π] and `α` in [−π/2, π/2] (the ranges of those atan2s).
 * @example alignmentAngles([0, 1, 0]) // [0, Math.PI / 2]
 */
export function alignmentAngles(axis: Vec3): [number, number] {
  // TODO: normalize, then the two atan2s. What if x and z are both 0?
  throw new NotImplemented("alignmentAngles");
}

/**
 * The rotation by `angleRad` about `axis`, composed from five canonical rotations.
 * @param axis - The axis, any non-zero length.
 * @param angleRad - The angle in radians (right-hand rule about `axis`).
 * @returns The column-major rotation matrix.
 * @example rotateAboutAxis([0, 0, 1], Math.PI / 2) // ≈ mat3.rotationZ(Math.PI / 2)
 */
export function rotateAboutAxis(axis: Vec3, angleRad: number): Mat3 {
  // TODO: five matrices, multiplied right to left.
  throw new NotImplemented("rotateAboutAxis");
}
