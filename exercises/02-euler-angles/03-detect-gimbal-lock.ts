/**
 * Exercise 02.3 — Detecting gimbal lock (chapter 02, section 5).
 *
 * A triple of Euler angles is in gimbal lock when its middle angle lines the first and last axes up:
 * ±90° for the Tait–Bryan orders (three different letters, like "XYZ"), 0° or 180° for the proper Euler
 * orders (first letter repeated, like "ZXZ"). Angles may lie outside (−180°, 180°]: 270° is −90°.
 * Measure how far the middle angle is from the nearest lock, and decide with a tolerance.
 */

import type { EulerAngles, EulerOrder } from "../../lib/index.ts";
import { NotImplemented } from "../not-implemented.ts";

/**
 * How far the middle angle is from the nearest gimbal-lock angle.
 * @param angles - `[a0, a1, a2]` in radians; only `a1` matters.
 * @param order - Any of the 12 orders.
 * @returns The distance in radians, in [0, π/2]: 0 at lock, π/2 when the outer axes are perpendicular.
 * @example lockDistance([0, Math.PI / 3, 0], "XYZ") // ≈ π/6 (60° is 30° from 90°)
 */
export function lockDistance(angles: EulerAngles, order: EulerOrder): number {
  // TODO: which trigonometric function of the middle angle vanishes at lock, for this kind of order?
  throw new NotImplemented("lockDistance");
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
  // TODO
  throw new NotImplemented("isGimbalLock");
}
