/**
 * Exercise 06.6 — Projecting a point: the divide by w (chapter 06, sections 2 and 6).
 *
 * A homogeneous point `(x, y, z, w)` stands for the 3D point `(x/w, y/w, z/w)`: a larger `w` makes it
 * smaller. `fromHomogeneous` does that divide. `projectPoint` multiplies `(point, 1)` by a 4×4 matrix
 * (column-major: entry (row r, column c) is `m[4c + r]`) into clip space and then divides by `w` — for a
 * perspective matrix `w = −z`, and that divide is what makes far things small.
 */

import type { Mat4, Vec3, Vec4 } from "../../lib/index.ts";

/**
 * The 3D point a homogeneous 4-vector stands for.
 * @param v - `[x, y, z, w]` with `w ≠ 0`.
 * @returns `[x/w, y/w, z/w]`.
 * @example fromHomogeneous([2, 4, 6, 2]) // [1, 2, 3]
 */
export function fromHomogeneous(v: Vec4): Vec3 {
  const [x, y, z, w] = v;
  return [x / w, y / w, z / w];
}

/**
 * Projects a point through a 4×4 matrix, with the divide by `w`.
 * @param m - A column-major 4×4 matrix, e.g. a projection.
 * @param point - The point `[x, y, z]` (its `w` is 1).
 * @returns The projected point `(x'/w', y'/w', z'/w')`; `w' ≠ 0` is assumed.
 * @example projectPoint([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -1, 0, 0, 0, 0], [2, 4, -2]) // [1, 2, -1]
 */
export function projectPoint(m: Mat4, point: Vec3): Vec3 {
  const [x, y, z] = point;
  // Row r of the product is Σ_c m[4c + r]·p_c, with p = (x, y, z, 1): the translation column m[12..15] counts once.
  const cx = m[0] * x + m[4] * y + m[8] * z + m[12];
  const cy = m[1] * x + m[5] * y + m[9] * z + m[13];
  const cz = m[2] * x + m[6] * y + m[10] * z + m[14];
  const w = m[3] * x + m[7] * y + m[11] * z + m[15];
  return [cx / w, cy / w, cz / w];
}
