/**
 * Exercise 12.1 — The point of a segment nearest a point (chapter 12, section 1).
 *
 * Project `p` onto the line through `a` and `b`: `t = (p − a)·(b − a) / |b − a|²`. The squared distance
 * is a convex quadratic in `t`, so the nearest point of the *segment* is that projection with `t`
 * clamped to `[0, 1]`. A segment with `a = b` is a point: return `a`, never `0/0` (test for exactly
 * zero length: a segment 1e-9 long is still a segment). Return `b` itself when the clamp lands on 1.
 * Do not use `segments` from the library.
 */

import type { Vec3 } from "../../lib/index.ts";
import { vec3 } from "../../lib/index.ts";

/**
 * The point of segment `ab` nearest `p`.
 * @param p - The query point.
 * @param a - The segment's start.
 * @param b - The segment's end (may equal `a`).
 * @returns `a + t(b − a)` with `t` the clamped projection; `a` when `a = b`.
 * @example closestPointOnSegment([1, 5, 0], [0, 0, 0], [2, 0, 0]) // [1, 0, 0]
 */
export function closestPointOnSegment(p: Vec3, a: Vec3, b: Vec3): Vec3 {
  const ab = vec3.sub(b, a);
  const abab = vec3.dot(ab, ab);
  if (abab === 0) return [a[0], a[1], a[2]]; // a point: 0/0 would be NaN
  const t = Math.min(1, Math.max(0, vec3.dot(vec3.sub(p, a), ab) / abab));
  return t === 1 ? [b[0], b[1], b[2]] : vec3.lerp(a, b, t);
}
