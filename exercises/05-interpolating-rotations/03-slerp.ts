/**
 * Exercise 05.3 — Slerp: short arc, tiny angles (chapter 05).
 *
 * Interpolate between two unit quaternions along the great circle, at constant angular speed:
 * `slerp(a, b, t) = sin((1 − t)Ω)/sin Ω · a + sin(tΩ)/sin Ω · b`, where Ω is the angle between `a` and `b`
 * in 4D. Take the short arc (if `a·b < 0`, use `−b`), and stay accurate when `a` and `b` are very close:
 * a result that is not unit length, or NaN, fails.
 */

import type { Quat } from "../../lib/index.ts";
import { NotImplemented } from "../not-implemented.ts";

/**
 * Spherical linear interpolation from `a` (t = 0) to `b` (t = 1) on the short arc.
 * @param a - Start, a unit quaternion.
 * @param b - End, a unit quaternion.
 * @param t - Parameter in [0, 1].
 * @returns A unit quaternion.
 * @example slerp([0, 0, 0, 1], [0, 0, 1, 0], 0.5) // ≈ [0, 0, 0.7071, 0.7071]  (90° about Z)
 */
export function slerp(a: Quat, b: Quat, t: number): Quat {
  // TODO: short arc, the angle Ω, then the two weights. What if Ω is 0?
  throw new NotImplemented("slerp");
}
