/**
 * Exercise 06.5 — The viewing transformation: lookAt (chapter 06, section 3).
 *
 * Build gluLookAt's matrix: it takes world coordinates to camera coordinates, where the camera sits at
 * the origin, looks down −Z, has +Y up and +X to the right. Find the camera's axes — forward
 * `f = normalize(target − eye)`, right `s = normalize(f × up)`, true up `u = s × f` — then the matrix is
 * the rotation with rows `s`, `u`, `−f`, times the translation that moves `eye` to the origin. `up` is
 * only roughly up: it need not be unit length or perpendicular to `f`. You may use `vec3` from the library,
 * but not `mat4.lookAt`.
 */

import type { Mat4, Vec3 } from "../../lib/index.ts";
import { NotImplemented } from "../not-implemented.ts";

/**
 * The world → camera matrix of a camera at `eye` looking at `target`.
 * @param eye - Camera position, world units.
 * @param target - The point looked at, `≠ eye`.
 * @param up - Roughly up, not parallel to `target − eye`; any length.
 * @returns The column-major 4×4 matrix.
 * @example lookAt([0, 0, 5], [0, 0, 0], [0, 1, 0]) // the translation by (0, 0, −5): the world origin lands at z = −5
 */
export function lookAt(eye: Vec3, target: Vec3, up: Vec3): Mat4 {
  // TODO: f, s, u; rows s, u, −f; the last column moves eye to the origin.
  throw new NotImplemented("lookAt");
}
