/**
 * Exercise 04.2 — The Hamilton product (chapter 04).
 *
 * Multiply two quaternions `[x, y, z, w]` (scalar last):
 * `(v₁, w₁)·(v₂, w₂) = (w₁v₂ + w₂v₁ + v₁ × v₂, w₁w₂ − v₁·v₂)`. Rotating by `a·b` rotates by `b` first,
 * then by `a`. Check yourself on `i·j = k` and `j·i = −k`.
 */

import type { Quat } from "../../lib/index.ts";

/**
 * The Hamilton product `a·b`.
 * @param a - Left factor `[x, y, z, w]`.
 * @param b - Right factor `[x, y, z, w]`.
 * @returns A new quaternion; the inputs are not changed.
 * @example multiply([1, 0, 0, 0], [0, 1, 0, 0]) // [0, 0, 1, 0]  (i·j = k)
 */
export function multiply(a: Quat, b: Quat): Quat {
  const [ax, ay, az, aw] = a;
  const [bx, by, bz, bw] = b;
  return [
    aw * bx + bw * ax + (ay * bz - az * by), // w₁v₂ + w₂v₁ + (v₁ × v₂)
    aw * by + bw * ay + (az * bx - ax * bz),
    aw * bz + bw * az + (ax * by - ay * bx),
    aw * bw - (ax * bx + ay * by + az * bz), // w₁w₂ − v₁·v₂
  ];
}
