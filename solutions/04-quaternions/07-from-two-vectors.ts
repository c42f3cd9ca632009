/**
 * Exercise 04.7 — The rotation from one vector to another (chapter 04, section 6).
 *
 * Find the unit quaternion of the shortest rotation taking the direction of `u` onto the direction of
 * `v`. With unit vectors, `(u × v, 1 + u·v)` normalized is that rotation (its angle is the angle between
 * them, its axis their common normal) — but as `v → −u` both parts go to zero, and at `v = −u` it is
 * `[0, 0, 0, 0]`, no rotation at all. Handle it: for opposite vectors, turn by 180° about an axis
 * perpendicular to `u` — any such axis is correct (`vec3.orthogonal(u)` gives one), and the checks
 * accept every one. Near it, be accurate: chapter 04 promises `u` lands on `v` within 1e-12 rad even
 * when `v` is 1e-8 … 1e-12 rad from `−u` (section 6, fact 4.4), and the hidden check holds you to that.
 * Do not use `quat` from the library.
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
  let c = vec3.cross(a, b); // sin φ · n
  let w: number;
  if (d >= 0) {
    w = 1 + d; // (c, 1 + d) = 2cos(φ/2)·(sin(φ/2) n, cos(φ/2)): normalizing it is the answer
  } else {
    // Nearly opposite, two errors grow like 1e-16/(π − φ). (1) c is tiny but its rounding noise is not, and
    // the noise along a and b tilts the axis out of the plane ⟂ a, b: remove c's part along m = a − b
    // (the exact c is ⟂ m). (2) 1 + d cancels; |c|² = 1 − d², so 1 + d = |c|² / (1 − d) exactly, without it.
    const m = vec3.sub(a, b);
    c = vec3.sub(c, vec3.scale(m, vec3.dot(c, m) / vec3.dot(m, m)));
    w = vec3.dot(c, c) / (1 - d);
  }
  if (w === 0 && vec3.dot(c, c) === 0) {
    // Exactly opposite: no common normal. Any half turn about an axis ⟂ a is a shortest rotation.
    const axis = vec3.orthogonal(a);
    return [axis[0], axis[1], axis[2], 0];
  }
  const len = Math.hypot(c[0], c[1], c[2], w);
  return [c[0] / len, c[1] / len, c[2] / len, w / len];
}
