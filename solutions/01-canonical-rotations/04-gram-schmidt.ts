/**
 * Exercise 01.4 — Repairing drift with Gram–Schmidt (chapter 01, section 5).
 *
 * A rotation matrix that has drifted under rounding is no longer quite orthonormal. Gram–Schmidt
 * rebuilds an orthonormal basis from its columns: keep the direction of the first, take from the second
 * its part along the first, take from the third its parts along both, and normalize each.
 */

import { type Mat3, type Vec3, vec3 } from "../../lib/index.ts";

/**
 * Re-orthonormalizes the columns of `m` by Gram–Schmidt, in the order 0, 1, 2.
 * @param m - A nearly orthonormal matrix (column-major) with independent columns.
 * @returns A rotation matrix whose first column points along `m`'s first column.
 * @example gramSchmidt([1, 0.01, 0, 0, 1, 0, 0, 0, 1]) // first column ≈ [0.99995, 0.0099995, 0]
 */
export function gramSchmidt(m: Mat3): Mat3 {
  const c0: Vec3 = [m[0], m[1], m[2]];
  const c1: Vec3 = [m[3], m[4], m[5]];
  const c2: Vec3 = [m[6], m[7], m[8]];
  const e0 = vec3.normalize(c0);
  const e1 = vec3.normalize(vec3.sub(c1, vec3.scale(e0, vec3.dot(c1, e0))));
  // Subtract each projection from the running remainder (modified Gram–Schmidt): more accurate.
  const r2 = vec3.sub(c2, vec3.scale(e0, vec3.dot(c2, e0)));
  const e2 = vec3.normalize(vec3.sub(r2, vec3.scale(e1, vec3.dot(r2, e1))));
  return [...e0, ...e1, ...e2];
}
