/**
 * Exercise 05.2 — Normalized lerp (chapter 05, section 1).
 *
 * The cheapest way between two rotations: blend the quaternions component by component,
 * `(1 − t)·a + t·b`, and scale the result back to unit length. Two details make it right: take the
 * short arc (if `a·b < 0`, blend towards `−b`, the same rotation), and return a unit quaternion. It will
 * not turn at constant speed — section 1 of the chapter measures by how much.
 */

import type { Quat } from "../../lib/index.ts";
import { NotImplemented } from "../not-implemented.ts";

/**
 * Normalized linear interpolation from `a` (t = 0) to `b` (t = 1), on the short arc.
 * @param a - Start, a unit quaternion.
 * @param b - End, a unit quaternion.
 * @param t - Parameter in [0, 1].
 * @returns A unit quaternion.
 * @example nlerp([0, 0, 0, 1], [0, 0, 1, 0], 0.5) // ≈ [0, 0, 0.7071, 0.7071]  (90° about Z)
 */
export function nlerp(a: Quat, b: Quat, t: number): Quat {
  // TODO: short arc, blend the four components, normalize.
  throw new NotImplemented("nlerp");
}
