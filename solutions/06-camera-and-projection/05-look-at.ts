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

/**
 * The world → camera matrix of a camera at `eye` looking at `target`.
 * @param eye - Camera position, world units.
 * @param target - The point looked at, `≠ eye`.
 * @param up - Roughly up, not parallel to `target − eye`; any length.
 * @returns The column-major 4×4 matrix.
 * @example lookAt([0, 0, 5], [0, 0, 0], [0, 1, 0]) // the translation by (0, 0, −5): the world origin lands at z = −5
 */
export function lookAt(eye: Vec3, target: Vec3, up: Vec3): Mat4 {
  const normalize = (v: Vec3): Vec3 => {
    const n = Math.hypot(v[0], v[1], v[2]);
    return [v[0] / n, v[1] / n, v[2] / n];
  };
  const cross = (a: Vec3, b: Vec3): Vec3 => [
    a[1] * b[2] - a[2] * b[1],
    a[2] * b[0] - a[0] * b[2],
    a[0] * b[1] - a[1] * b[0],
  ];
  const dot = (a: Vec3, b: Vec3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
  const f = normalize([target[0] - eye[0], target[1] - eye[1], target[2] - eye[2]]);
  const s = normalize(cross(f, up)); // normalize: up need not be perpendicular to f
  const u = cross(s, f); // already unit: s ⟂ f, both unit
  // Rows s, u, −f (column-major: row r of column c is m[4c + r]); the last column is R·(−eye).
  // prettier-ignore
  return [
    s[0], u[0], -f[0], 0,
    s[1], u[1], -f[1], 0,
    s[2], u[2], -f[2], 0,
    -dot(s, eye), -dot(u, eye), dot(f, eye), 1,
  ];
}
