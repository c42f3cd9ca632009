/**
 * Exercise 12.4 — When a segment is a point (chapter 12, section 4).
 *
 * The formulas of exercise 12.2 divide by `|b − a|²` and `|d − c|²`: a segment with `a = b` (a
 * particle, a sphere's centre, a capsule shrunk to a ball) turns them into `0/0`. Handle it: if `ab`
 * has zero length, `s = 0` and `t` is the point-to-segment answer for `a`; if `cd` has zero length,
 * `t = 0` likewise; if both, `s = t = 0`. Test for *exactly* zero: a segment 1e-9 long is still a
 * segment (an absolute epsilon such as 1e-8 breaks scenes in small units, and one relative to the
 * other segment's length breaks a short segment beside a long one). Otherwise, solve as in
 * exercise 12.2 (the pairs given here that have two real segments are not parallel). You may use
 * `vec3` and `segments.closestPointOnSegment`.
 */

import type { Vec3 } from "../../lib/index.ts";
import { segments, vec3 } from "../../lib/index.ts";

/**
 * The closest pair of two segments, either of which may be a single point.
 * @param a - Start of the first segment (`s = 0`).
 * @param b - End of the first segment (may equal `a`).
 * @param c - Start of the second segment (`t = 0`).
 * @param d - End of the second segment (may equal `c`).
 * @returns `[s, t, distance]`; `s = 0` when `a = b`, `t = 0` when `c = d`.
 * @example closestPointsRobust([1, 1, 0], [1, 1, 0], [0, 0, 0], [2, 0, 0]) // [0, 0.5, 1]
 */
export function closestPointsRobust(a: Vec3, b: Vec3, c: Vec3, d: Vec3): [number, number, number] {
  const clamp01 = (x: number) => Math.min(1, Math.max(0, x));
  const d1 = vec3.sub(b, a);
  const d2 = vec3.sub(d, c);
  const aa = vec3.dot(d1, d1);
  const ee = vec3.dot(d2, d2);
  let s: number, t: number;
  if (aa === 0) {
    // exactly zero: a tiny segment is still a segment
    s = 0;
    t = ee === 0 ? 0 : segments.closestPointOnSegment(a, c, d).t;
  } else if (ee === 0) {
    t = 0;
    s = segments.closestPointOnSegment(c, a, b).t;
  } else {
    const r = vec3.sub(a, c);
    const bb = vec3.dot(d1, d2);
    const cc = vec3.dot(d1, r);
    const f = vec3.dot(d2, r);
    s = clamp01((bb * f - cc * ee) / (aa * ee - bb * bb));
    t = (bb * s + f) / ee;
    if (t < 0) [s, t] = [clamp01(-cc / aa), 0];
    else if (t > 1) [s, t] = [clamp01((bb - cc) / aa), 1];
  }
  return [s, t, vec3.distance(vec3.lerp(a, b, s), vec3.lerp(c, d, t))];
}
