/**
 * Exercise 02.3 — Detecting gimbal lock (chapter 02, section 5).
 *
 * A triple of Euler angles is in gimbal lock when its middle angle lines the first and last axes up:
 * ±90° for the Tait–Bryan orders (three different letters, like "XYZ"), 0° or 180° for the proper Euler
 * orders (first letter repeated, like "ZXZ"). Angles may lie outside (−180°, 180°]: 270° is −90°.
 * Measure how far the middle angle is from the nearest lock, and decide with a tolerance.
 */

import type { EulerAngles, EulerOrder } from "../../lib/index.ts";

/**
 * How far the middle angle is from the nearest gimbal-lock angle.
 * @param angles - `[a0, a1, a2]` in radians; only `a1` matters.
 * @param order - Any of the 12 orders.
 * @returns The distance in radians, in [0, π/2]: 0 at lock, π/2 when the outer axes are perpendicular.
 * @example lockDistance([0, Math.PI / 3, 0], "XYZ") // ≈ π/6 (60° is 30° from 90°)
 */
export function lockDistance(angles: EulerAngles, order: EulerOrder): number {
  const b = angles[1];
  // Tait–Bryan locks where cos b = 0, proper Euler where sin b = 0. atan2 of the two absolute values is
  // the distance to the nearest zero of the first, for any b (no wrapping, no acos near 1).
  const proper = order[0] === order[2];
  const onLock = Math.abs(proper ? Math.sin(b) : Math.cos(b));
  const offLock = Math.abs(proper ? Math.cos(b) : Math.sin(b));
  return Math.atan2(onLock, offLock);
}

/**
 * Whether the angles are within `toleranceRad` of gimbal lock.
 * @param angles - `[a0, a1, a2]` in radians.
 * @param order - Any of the 12 orders.
 * @param toleranceRad - How close counts as locked, radians of middle angle (≥ 0).
 * @returns true when `lockDistance(angles, order) <= toleranceRad`.
 * @example isGimbalLock([1, -Math.PI / 2, 2], "ZYX", 1e-9) // true
 */
export function isGimbalLock(angles: EulerAngles, order: EulerOrder, toleranceRad: number): boolean {
  return lockDistance(angles, order) <= toleranceRad;
}
