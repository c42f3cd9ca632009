/**
 * Exercise 12.3 — Parallel segments (chapter 12, section 4).
 *
 * When `ab` and `cd` are parallel there is no unique closest pair: if they overlap (seen along their
 * common direction), every point of `ab` in the overlap is equally near `cd`. So describe them all:
 * return the distance and the range `[sFrom, sTo]` of parameters `s` on `ab` whose points `a + s(b − a)`
 * are at that distance from `cd`. Find where `c` and `d` fall along `ab` (`s_c`, `s_d`, in either
 * order), intersect `[min, max]` with `[0, 1]`; if the intersection is empty the nearest pair is a pair
 * of ends and `sFrom = sTo`. The segments may point in opposite directions and arrive rounded (turned
 * and moved). Both have non-zero length. You may use `vec3` and `segments.closestPointOnSegment`.
 */

import type { Vec3 } from "../../lib/index.ts";
import { NotImplemented } from "../not-implemented.ts";

/**
 * The distance of two parallel segments and the range of `s` on `ab` that attains it.
 * @param a - Start of the first segment (`s = 0`).
 * @param b - End of the first segment (`s = 1`).
 * @param c - Start of the second segment, parallel to the first.
 * @param d - End of the second segment.
 * @returns `[distance, sFrom, sTo]` with `0 ≤ sFrom ≤ sTo ≤ 1`.
 * @example parallelClosest([0, 0, 0], [4, 0, 0], [1, 1, 0], [2, 1, 0]) // [1, 0.25, 0.5]
 */
export function parallelClosest(a: Vec3, b: Vec3, c: Vec3, d: Vec3): [number, number, number] {
  // TODO: where c and d fall along ab, intersected with [0, 1] — or the nearest end.
  throw new NotImplemented("parallelClosest");
}
