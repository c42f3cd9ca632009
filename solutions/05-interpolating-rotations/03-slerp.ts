/**
 * Exercise 05.3 — Slerp: short arc, tiny angles (chapter 05).
 *
 * Interpolate between two unit quaternions along the great circle, at constant angular speed:
 * `slerp(a, b, t) = sin((1 − t)Ω)/sin Ω · a + sin(tΩ)/sin Ω · b`, where Ω is the angle between `a` and `b`
 * in 4D. Take the short arc (if `a·b < 0`, use `−b`), and stay accurate when `a` and `b` are very close:
 * a result that is not unit length, or NaN, fails.
 */

import type { Quat } from "../../lib/index.ts";

/**
 * Spherical linear interpolation from `a` (t = 0) to `b` (t = 1) on the short arc.
 * @param a - Start, a unit quaternion.
 * @param b - End, a unit quaternion.
 * @param t - Parameter in [0, 1].
 * @returns A unit quaternion.
 * @example slerp([0, 0, 0, 1], [0, 0, 1, 0], 0.5) // ≈ [0, 0, 0.7071, 0.7071]  (90° about Z)
 */
export function slerp(a: Quat, b: Quat, t: number): Quat {
  const sign = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3] < 0 ? -1 : 1;
  const c: Quat = [sign * b[0], sign * b[1], sign * b[2], sign * b[3]];
  // Ω from |a − c| and |a + c|: full precision even when a and c are 1e-10 apart (acos would see 1).
  const diff = Math.hypot(a[0] - c[0], a[1] - c[1], a[2] - c[2], a[3] - c[3]);
  const sum = Math.hypot(a[0] + c[0], a[1] + c[1], a[2] + c[2], a[3] + c[3]);
  const omega = 2 * Math.atan2(diff, sum);
  if (omega === 0) return [a[0], a[1], a[2], a[3]];
  const wa = Math.sin((1 - t) * omega) / Math.sin(omega);
  const wb = Math.sin(t * omega) / Math.sin(omega);
  return [wa * a[0] + wb * c[0], wa * a[1] + wb * c[1], wa * a[2] + wb * c[2], wa * a[3] + wb * c[3]];
}
