/**
 * Exercise 04.7 — The rotation from one vector to another (chapter 04, section 6).
 *
 * Find the unit quaternion of the shortest rotation taking the direction of `u` onto the direction of
 * `v`. With unit vectors, `(u × v, 1 + u·v)` normalized is that rotation (its angle is the angle between
 * them, its axis their common normal) — but as `v → −u` both parts go to zero, and at `v = −u` it is
 * `[0, 0, 0, 0]`, no rotation at all. Handle it: for opposite vectors, turn by 180° about an axis
 * perpendicular to `u` — any such axis is correct; so that the checks can compare answers, use
 * `u × X` normalized, or `u × Y` when `|u_x| ≥ 0.9 |u|`. Do not use `quat` from the library.
 */

import { type Quat, type Vec3, vec3 } from "../../lib/index.ts";

/**
 * The shortest rotation taking the direction of `u` to the direction of `v`.
 * @param u - The starting direction, any non-zero length.
 * @param v - The target direction, any non-zero length.
 * @returns A unit quaternion `q` with `q u q*` along `v`. For `v = −u`, a half turn about an axis ⟂ `u`.
 * @example fromTwoVectors([1, 0, 0], [0, 1, 0]) // ≈ [0, 0, 0.7071, 0.7071]  (90° about Z)
 */
export function fromTwoVectors(u: Vec3, v: Vec3): Quat {
  const a = vec3.normalize(u);
  const b = vec3.normalize(v);
  const d = vec3.dot(a, b); // cos φ
  const c = vec3.cross(a, b); // sin φ · n
  const c2 = vec3.dot(c, c);
  if (d < 0 && c2 < 1e-24) {
    // Opposite: no common normal. Half turn about an axis ⟂ a (the one the task fixes).
    const other: Vec3 = Math.abs(a[0]) < 0.9 ? [1, 0, 0] : [0, 1, 0];
    const axis = vec3.normalize(vec3.cross(a, other));
    return [axis[0], axis[1], axis[2], 0];
  }
  // (c, 1 + d) = 2cos(φ/2)·(sin(φ/2) n, cos(φ/2)). As d → −1, 1 + d cancels; since |c|² = 1 − d²,
  // 1 + d = |c|² / (1 − d) exactly, and that form loses nothing.
  const w = d >= 0 ? 1 + d : c2 / (1 - d);
  const len = Math.hypot(c[0], c[1], c[2], w);
  return [c[0] / len, c[1] / len, c[2] / len, w / len];
}
