/**
 * Exercise 12.5 — Capsule against capsule (chapter 12, section 5).
 *
 * A capsule is every point within `radius` of its core segment `a`–`b` (a sphere when `a = b`). Two
 * capsules touch exactly when the distance between their cores is at most the sum of the radii. Return
 * the signed gap: the cores' distance minus both radii (positive: apart by that much; negative: the
 * penetration depth). Capsules lying side by side have parallel cores, and a sphere has a core of zero
 * length: neither may give NaN. Cores only nearly parallel, or very short, are still segments: a test
 * that sends them to a special case may move the gap only as much as the library's own does — calling
 * cores parallel when the sine of their angle is ≤ `segments.PARALLEL_SINE` (1e-12) moves it by at most
 * ~1e-12 of the cores' length, well inside the checks' 1e-9; an absolute epsilon such as "parallel below
 * 1e-4 rad" moves it by 1e-4 and fails. You may use `vec3` and `segments.closestPointOnSegment` (not the
 * library's segment-to-segment function).
 */

import type { Vec3 } from "../../lib/index.ts";
import { NotImplemented } from "../not-implemented.ts";

/** A capsule: the points within `radius` of the segment `a`–`b`. */
export interface Capsule {
  a: Vec3;
  b: Vec3;
  radius: number;
}

/**
 * The signed gap between two capsules.
 * @param p - The first capsule.
 * @param q - The second capsule.
 * @returns `distance(cores) − p.radius − q.radius`; `≤ 0` when they touch or overlap.
 * @example capsuleGap({a: [0, 0, 0], b: [2, 0, 0], radius: 0.5}, {a: [1, -1, 2], b: [1, 1, 2], radius: 0.5}) // 1
 */
export function capsuleGap(p: Capsule, q: Capsule): number {
  // TODO: the cores' distance (parallel and zero-length cores too), minus both radii.
  throw new NotImplemented("capsuleGap");
}
