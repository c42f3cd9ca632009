/**
 * Exercise 04.4 — Quaternion to rotation matrix (chapter 04, section 4).
 *
 * The matrix of the unit quaternion `q = [x, y, z, w]` has as column j the image of axis j under
 * `v ↦ q v q*`. Expanding gives, row by row,
 * `[1 − 2(y² + z²), 2(xy − wz), 2(xz + wy)]`, `[2(xy + wz), 1 − 2(x² + z²), 2(yz − wx)]`,
 * `[2(xz − wy), 2(yz + wx), 1 − 2(x² + y²)]`. Return it column-major. Do not use `quat` from the library.
 */

import type { Mat3, Quat } from "../../lib/index.ts";
import { NotImplemented } from "../not-implemented.ts";

/**
 * The rotation matrix (column-major) of the unit quaternion `q`.
 * @param q - A unit quaternion `[x, y, z, w]`.
 * @returns The 3×3 rotation matrix, column-major. `q` and `−q` give the same matrix.
 * @example toMatrix([1, 0, 0, 0]) // [1, 0, 0, 0, -1, 0, 0, 0, -1]  (180° about X)
 */
export function toMatrix(q: Quat): Mat3 {
  // TODO: nine entries, column-major: column j is where axis j goes.
  throw new NotImplemented("toMatrix");
}
