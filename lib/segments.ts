/**
 * Closest points on segments — chapter 12: a point to a segment, a segment to a segment, and the
 * capsule tests built on them.
 *
 * A segment `ab` is the set `a + t(b − a)`, `t ∈ [0, 1]`; `t` is returned with every closest point so a
 * caller can tell an end from the inside.
 *
 * Conventions: points are `Vec3` tuples in any length unit; inputs are never changed; a zero-length
 * segment (`a = b`) is a point, not an error; a non-finite coordinate throws a `RangeError` naming the
 * function and the argument.
 *
 * @module segments
 */

import { type Vec3, assertPoint, dot, lerp, sub } from "./vec3.ts";

/** A point on a segment `a + t(b − a)` and its parameter `t ∈ [0, 1]`. */
export interface SegmentPoint {
  point: Vec3;
  t: number;
}

/**
 * The point of segment `ab` nearest `p`: the projection of `p` onto the line through `a` and `b`,
 * `t = (p − a)·(b − a) / |b − a|²`, clamped to `[0, 1]` (clamping is right because the squared distance
 * is a convex quadratic in `t`: its minimum over an interval is the unconstrained minimum moved to the
 * nearer end).
 *
 * Edge cases: a zero-length segment (`a = b`) gives `{point: a, t: 0}`, never `0/0`; `t = 1` returns `b`
 * itself (not `a + (b − a)`, which can differ from `b` in the last bit).
 *
 * @param p - The query point.
 * @param a - The segment's start (`t = 0`).
 * @param b - The segment's end (`t = 1`).
 * @returns `{point, t}` with `point = a + t(b − a)`.
 * @throws RangeError if a coordinate is not finite.
 * @example closestPointOnSegment([1, 5, 0], [0, 0, 0], [2, 0, 0]) // {point: [1, 0, 0], t: 0.5}
 */
export function closestPointOnSegment(p: Readonly<Vec3>, a: Readonly<Vec3>, b: Readonly<Vec3>): SegmentPoint {
  assertPoint(p, "segments.closestPointOnSegment: p");
  assertPoint(a, "segments.closestPointOnSegment: a");
  assertPoint(b, "segments.closestPointOnSegment: b");
  const ab = sub(b, a);
  const abab = dot(ab, ab);
  if (abab === 0) return { point: [a[0], a[1], a[2]], t: 0 };
  const t = Math.min(1, Math.max(0, dot(sub(p, a), ab) / abab));
  return { point: t === 1 ? [b[0], b[1], b[2]] : lerp(a, b, t), t };
}
