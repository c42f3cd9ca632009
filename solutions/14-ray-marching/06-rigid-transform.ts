/**
 * Exercise 14.6 — A shape turned and moved: the rigid transform (chapter 14, section 5).
 *
 * To place a shape turned by the rotation `R` (its axes in the world) with its own origin moved to `center`,
 * evaluate the unmoved shape at the point carried back into the shape's frame: `f(R⁻¹(p − center))`. A
 * rotation's inverse is its transpose, `R⁻¹ = Rᵀ`; subtract the centre first, then turn. A rigid motion
 * keeps every distance, so the answer is the **exact** signed distance to the moved shape (to rounding: 1e-12
 * relative), at any scale (1e-3 … 1e3 units), negative inside — no correction as in exercise 14.5. `rotation`
 * is column-major, as everywhere in this course (`rotation[3j + i]` is row i of column j), and orthonormal as
 * it arrives from a product (to ~1e-15): use it as it is. `shape` is described as in exercise 14.2;
 * `sdf.sphere`, `sdf.box`, `sdf.plane` and `mat3` are allowed, `sdf.rigid` is not.
 */

import { type Mat3, type Vec3, mat3, sdf, vec3 } from "../../lib/index.ts";

/**
 * A shape as data: a sphere, an axis-aligned box, or the solid below a plane `p·n̂ = offset`, where `n̂`
 * is `normal` normalized: a plane's `normal` may have any non-zero length.
 */
export type Shape =
  | { kind: "sphere"; center: Vec3; radius: number }
  | { kind: "box"; center: Vec3; halfExtents: Vec3 }
  | { kind: "plane"; normal: Vec3; offset: number };

/**
 * The signed distance from `p` to `shape` turned by `rotation` and moved to `center`.
 * @param p - The point (world coordinates).
 * @param shape - The shape in its own frame.
 * @param rotation - The shape's orientation: a rotation matrix, column-major.
 * @param center - Where the shape's own origin goes.
 * @returns `f(Rᵀ(p − center))`: the exact signed distance to the moved shape.
 * @example rigidDistance([2, 0, 0], {kind: "box", center: [0, 0, 0], halfExtents: [1, 1, 1]}, mat3.rotationZ(Math.PI / 4), [0, 0, 0]) // 2 − √2
 */
export function rigidDistance(p: Vec3, shape: Shape, rotation: Mat3, center: Vec3): number {
  const f =
    shape.kind === "sphere"
      ? sdf.sphere(shape.center, shape.radius)
      : shape.kind === "box"
        ? sdf.box(shape.center, shape.halfExtents)
        : sdf.plane(shape.normal, shape.offset);
  // Rᵀ, not R: the point goes back into the shape's frame, the opposite way to the shape.
  return f(mat3.transformVec3(mat3.transpose(rotation), vec3.sub(p, center)));
}
