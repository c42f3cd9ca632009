/**
 * Exercise 12.2 — The closest pair of two segments (chapter 12, section 3).
 *
 * Find `s, t ∈ [0, 1]` minimizing `|a + s(b − a) − c − t(d − c)|`. Solve for the closest pair of the
 * two *lines*, clamp `s` to `[0, 1]`, take the `t` of the point of `cd` nearest `P(s)`; if that `t` had
 * to be clamped, take the `s` of the point of `ab` nearest the end it was clamped to. Clamping `s` and
 * `t` separately is not enough (section 3 shows a pair where it is wrong). The segments given here are
 * not parallel and have non-zero length (exercises 12.3 and 12.4 handle those). You may use `vec3` and
 * `segments.closestPointOnSegment`.
 */

import type { Vec3 } from "../../lib/index.ts";
import { NotImplemented } from "../not-implemented.ts";

/**
 * The parameters of the closest points of two non-parallel segments.
 * @param a - Start of the first segment (`s = 0`).
 * @param b - End of the first segment (`s = 1`).
 * @param c - Start of the second segment (`t = 0`).
 * @param d - End of the second segment (`t = 1`).
 * @returns `[s, t]`, both in `[0, 1]`.
 * @example closestParameters([0, 0, 0], [2, 0, 0], [1, -1, 1], [1, 1, 1]) // [0.5, 0.5]
 */
export function closestParameters(a: Vec3, b: Vec3, c: Vec3, d: Vec3): [number, number] {
  // TODO: the lines' s, clamped; the t of the nearest point of cd; if t was clamped, s again.
  throw new NotImplemented("closestParameters");
}
