/**
 * Exercise 06.6 — Projecting a point: the divide by w (chapter 06, sections 2 and 6).
 *
 * A homogeneous point `(x, y, z, w)` stands for the 3D point `(x/w, y/w, z/w)`: a larger `w` makes it
 * smaller. `fromHomogeneous` does that divide. `projectPoint` multiplies `(point, 1)` by a 4×4 matrix
 * (column-major: entry (row r, column c) is `m[4c + r]`) into clip space and then divides by `w` — for a
 * perspective matrix `w = −z`, and that divide is what makes far things small.
 */

import type { Mat4, Vec3, Vec4 } from "../../lib/index.ts";
import { NotImplemented } from "../not-implemented.ts";

/**
 * The 3D point a homogeneous 4-vector stands for.
 * @param v - `[x, y, z, w]` with `w ≠ 0`.
 * @returns `[x/w, y/w, z/w]`.
 * @example fromHomogeneous([2, 4, 6, 2]) // [1, 2, 3]
 */
export function fromHomogeneous(v: Vec4): Vec3 {
  // TODO: divide by w.
  throw new NotImplemented("fromHomogeneous");
}

/**
 * Projects a point through a 4×4 matrix, with the divide by `w`.
 * @param m - A column-major 4×4 matrix, e.g. a projection.
 * @param point - The point `[x, y, z]` (its `w` is 1).
 * @returns The projected point `(x'/w', y'/w', z'/w')`; `w' ≠ 0` is assumed.
 * @example projectPoint([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -1, 0, 0, 0, 0], [2, 4, -2]) // [1, 2, -1]
 */
export function projectPoint(m: Mat4, point: Vec3): Vec3 {
  // TODO: multiply (x, y, z, 1) by m — mind the column-major order — then divide by w.
  throw new NotImplemented("projectPoint");
}
