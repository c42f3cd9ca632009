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
import { vec3 } from "../../lib/index.ts";

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
  const clamp01 = (x: number) => Math.min(1, Math.max(0, x));
  const d1 = vec3.sub(b, a);
  const d2 = vec3.sub(d, c);
  const r = vec3.sub(a, c);
  const aa = vec3.dot(d1, d1);
  const ee = vec3.dot(d2, d2);
  const bb = vec3.dot(d1, d2);
  const cc = vec3.dot(d1, r);
  const f = vec3.dot(d2, r);
  // The lines' closest s from the normal equations; aa·ee − bb² > 0 because the segments are not parallel.
  const s = clamp01((bb * f - cc * ee) / (aa * ee - bb * bb));
  const t = (bb * s + f) / ee;
  // t clamped to an end: the s of that end's nearest point on ab — the step "clamp both" forgets.
  if (t < 0) return [clamp01(-cc / aa), 0];
  if (t > 1) return [clamp01((bb - cc) / aa), 1];
  return [s, t];
}
