/**
 * Closest points on segments — chapter 12: a point to a segment, a segment to a segment, and the
 * capsule tests built on them.
 *
 * A segment `ab` is the set `P(s) = a + s(b − a)`, `s ∈ [0, 1]`; the parameter is returned with every
 * closest point so a caller can tell an end from the inside.
 *
 * **Point to segment.** `|p − P(s)|²` is a convex quadratic in `s`, so its minimum over `[0, 1]` is the
 * unconstrained minimum (the projection) clamped to the interval.
 *
 * **Segment to segment.** `f(s, t) = |P(s) − Q(t)|²` with `Q(t) = c + t(d − c)` is a convex quadratic
 * on the square `[0, 1]²`. With `d₁ = b − a`, `d₂ = d − c`, `r = a − c` and `n = d₁ × d₂`, the lines'
 * closest pair is `s* = n·(d₂ × r) / |n|²`, `t* = n·(d₁ × r) / |n|²` (the cross-product form of
 * Cramer's rule on the normal equations; `|n|² = |d₁|²|d₂|² − (d₁·d₂)²` by Lagrange's identity, but
 * the cross product does not cancel catastrophically as the difference of products does for nearly
 * parallel segments). Clamp `s*` to `[0, 1]`, take the point of `cd` nearest `P(s)`; if that had to be
 * clamped to an end, take the point of `ab` nearest that end (Lumelsky 1985; Ericson, *Real-Time
 * Collision Detection*, 5.1.9). Convexity makes this the minimum over the whole square.
 *
 * **The degenerate cases**, where published code divides by zero:
 * - a zero-length segment is a point: the answer is the point-to-segment one (`s = 0` or `t = 0`);
 * - parallel segments (`|n| ≤ PARALLEL_SINE·|d₁||d₂|`) have no unique closest pair when they overlap:
 *   every `s` in the overlap is as good. This module returns the middle of the overlap (and the
 *   nearest ends when the segments do not overlap) — a documented, symmetric choice, not NaN;
 * - crossing segments have distance 0 and the crossing point as the pair.
 *
 * Conventions: points are `Vec3` tuples in any length unit; inputs are never changed; a zero-length
 * segment (`a = b`) is a point, not an error; a non-finite coordinate throws a `RangeError` naming the
 * function and the argument.
 *
 * @module segments
 */

import { type Vec3, assertPoint, distance, dot, lerp, sub } from "./vec3.ts";

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
 * @example closestPointOnSegment([1, 5, 0], [0, 0, 0], [2, 0, 0]) // → {point: [1, 0, 0], t: 0.5}
 */
export function closestPointOnSegment(p: Readonly<Vec3>, a: Readonly<Vec3>, b: Readonly<Vec3>): SegmentPoint {
  assertPoint(p, "segments.closestPointOnSegment: p");
  assertPoint(a, "segments.closestPointOnSegment: a");
  assertPoint(b, "segments.closestPointOnSegment: b");
  const ab = sub(b, a);
  const abab = dot(ab, ab);
  if (abab === 0) return { point: [a[0], a[1], a[2]], t: 0 };
  const t = Math.min(1, Math.max(0, dot(sub(p, a), ab) / abab));
  return { point: pointAt(a, b, t), t };
}

/** The closest pair of two segments, from {@link closestPointsOnSegments}. */
export interface SegmentPair {
  /** Parameter of `onAB` on `ab`, in `[0, 1]`. */
  s: number;
  /** Parameter of `onCD` on `cd`, in `[0, 1]`. */
  t: number;
  /** `a + s(b − a)`. */
  onAB: Vec3;
  /** `c + t(d − c)`. */
  onCD: Vec3;
  /** `|onAB − onCD|`, the segments' distance, in the points' length unit. */
  distance: number;
}

/**
 * Below this sine of the angle between them, two segments count as parallel. Rounding alone leaves
 * `|d₁ × d₂| ≈ 1e-16·|d₁||d₂|` for segments that are parallel in exact arithmetic; treating a sine up
 * to 1e-12 as parallel changes the distance by at most `1e-12·|ab|`.
 */
export const PARALLEL_SINE = 1e-12;

/**
 * The closest points of segments `ab` and `cd` and their distance: the minimum of
 * `|a + s(b − a) − c − t(d − c)|` over `s, t ∈ [0, 1]` (the clamped parametric method; see the module
 * comment for the derivation).
 *
 * Edge cases, each exact rather than NaN:
 * - `a = b` (or `c = d`): the point-to-segment answer, with `s = 0` (or `t = 0`); both points: `s = t = 0`;
 * - parallel segments (sine of their angle ≤ {@link PARALLEL_SINE}): when they overlap, every pair
 *   across the overlap is closest; this returns the one at the middle of the overlap, measured along
 *   `ab`. When they do not overlap, the two nearest ends;
 * - crossing segments: the crossing point on both, distance 0 (to rounding);
 * - `s = 1` returns `b` itself and `t = 1` returns `d` itself.
 *
 * @param a - Start of the first segment (`s = 0`).
 * @param b - End of the first segment (`s = 1`).
 * @param c - Start of the second segment (`t = 0`).
 * @param d - End of the second segment (`t = 1`).
 * @returns `{s, t, onAB, onCD, distance}`.
 * @throws RangeError if a coordinate is not finite, naming the argument.
 * @example closestPointsOnSegments([0, 0, 0], [2, 0, 0], [1, -1, 1], [1, 1, 1]) // → {s: 0.5, t: 0.5, onAB: [1, 0, 0], onCD: [1, 0, 1], distance: 1}
 */
export function closestPointsOnSegments(
  a: Readonly<Vec3>,
  b: Readonly<Vec3>,
  c: Readonly<Vec3>,
  d: Readonly<Vec3>,
): SegmentPair {
  assertPoint(a, "segments.closestPointsOnSegments: a");
  assertPoint(b, "segments.closestPointsOnSegments: b");
  assertPoint(c, "segments.closestPointsOnSegments: c");
  assertPoint(d, "segments.closestPointsOnSegments: d");
  const { s, t } = closestParameters(a, b, c, d);
  const onAB = pointAt(a, b, s);
  const onCD = pointAt(c, d, t);
  return { s, t, onAB, onCD, distance: distance(onAB, onCD) };
}

/**
 * `{s, t}` of the closest pair, for checked inputs. Written out on components (no temporary vectors):
 * this is the inner loop of collision tests, and the bench compares it with three.js.
 */
function closestParameters(a: Readonly<Vec3>, b: Readonly<Vec3>, c: Readonly<Vec3>, d: Readonly<Vec3>) {
  const [ux, uy, uz] = [b[0] - a[0], b[1] - a[1], b[2] - a[2]]; // d₁ = b − a
  const [vx, vy, vz] = [d[0] - c[0], d[1] - c[1], d[2] - c[2]]; // d₂ = d − c
  const [rx, ry, rz] = [a[0] - c[0], a[1] - c[1], a[2] - c[2]]; // r = a − c
  const aa = ux * ux + uy * uy + uz * uz; // |d₁|²
  const ee = vx * vx + vy * vy + vz * vz; // |d₂|²
  const f = vx * rx + vy * ry + vz * rz; // d₂·r
  if (aa === 0 && ee === 0) return { s: 0, t: 0 };
  // A point against a segment: the projection, clamped — no division by the zero length.
  if (aa === 0) return { s: 0, t: clamp01(f / ee) };
  const cc = ux * rx + uy * ry + uz * rz; // d₁·r
  if (ee === 0) return { s: clamp01(-cc / aa), t: 0 };
  const bb = ux * vx + uy * vy + uz * vz; // d₁·d₂
  const [nx, ny, nz] = [uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx]; // n = d₁ × d₂
  const nn = nx * nx + ny * ny + nz * nz;
  let s: number;
  if (nn <= PARALLEL_SINE * PARALLEL_SINE * aa * ee) {
    // Parallel: c and d seen along ab; the middle of the overlap of [sc, sd] with [0, 1], or the nearer end.
    const sc = -cc / aa;
    const sd = (bb - cc) / aa;
    const lo = Math.max(0, Math.min(sc, sd));
    const hi = Math.min(1, Math.max(sc, sd));
    s = lo <= hi ? (lo + hi) / 2 : Math.max(sc, sd) < 0 ? 0 : 1;
  } else {
    // the lines' s* = n·(d₂ × r) / n·n, clamped
    const [wx, wy, wz] = [vy * rz - vz * ry, vz * rx - vx * rz, vx * ry - vy * rx];
    s = clamp01((nx * wx + ny * wy + nz * wz) / nn);
  }
  // The point of cd nearest P(s); if it had to be clamped, the point of ab nearest that end.
  const tFree = (bb * s + f) / ee;
  if (tFree < 0) return { s: clamp01(-cc / aa), t: 0 };
  if (tFree > 1) return { s: clamp01((bb - cc) / aa), t: 1 };
  return { s, t: tFree };
}

/** A capsule: every point within `radius` of the segment `a`–`b` (a sphere when `a = b`). */
export interface Capsule {
  a: Vec3;
  b: Vec3;
  /** Radius, ≥ 0, in the points' length unit. */
  radius: number;
}

/**
 * The signed gap between two capsules: the distance of their core segments minus both radii.
 * Positive: separated by that much; zero: touching; negative: overlapping, and `−gap` is the
 * penetration depth (the distance to push them apart along the closest pair's line).
 *
 * Edge cases: a capsule with `a = b` is a sphere; parallel capsules (two pills side by side) use the
 * parallel branch of {@link closestPointsOnSegments}, never NaN.
 *
 * @param p - The first capsule.
 * @param q - The second capsule.
 * @returns `distance(segments) − p.radius − q.radius`, in the points' length unit.
 * @throws RangeError if a coordinate is not finite or a radius is negative or not finite.
 * @example capsuleGap({a: [0, 0, 0], b: [2, 0, 0], radius: 0.5}, {a: [1, -1, 2], b: [1, 1, 2], radius: 0.5}) // → 1
 */
export function capsuleGap(p: Readonly<Capsule>, q: Readonly<Capsule>): number {
  checkRadius(p.radius, "segments.capsuleGap: p.radius");
  checkRadius(q.radius, "segments.capsuleGap: q.radius");
  assertPoint(p.a, "segments.capsuleGap: p.a");
  assertPoint(p.b, "segments.capsuleGap: p.b");
  assertPoint(q.a, "segments.capsuleGap: q.a");
  assertPoint(q.b, "segments.capsuleGap: q.b");
  return closestPointsOnSegments(p.a, p.b, q.a, q.b).distance - p.radius - q.radius;
}

/**
 * Whether two capsules overlap or touch: {@link capsuleGap} `≤ 0`.
 * @param p - The first capsule.
 * @param q - The second capsule.
 * @returns `true` when some point lies in both (touching counts).
 * @throws RangeError as {@link capsuleGap}.
 * @example capsulesCollide({a: [0, 0, 0], b: [2, 0, 0], radius: 1}, {a: [0, 1.5, 0], b: [2, 1.5, 0], radius: 1}) // → true
 */
export function capsulesCollide(p: Readonly<Capsule>, q: Readonly<Capsule>): boolean {
  return capsuleGap(p, q) <= 0;
}

function checkRadius(radius: number, name: string): void {
  if (!(Number.isFinite(radius) && radius >= 0)) {
    throw new RangeError(`${name} must be a finite number ≥ 0 (got ${String(radius)})`);
  }
}

const clamp01 = (x: number): number => Math.min(1, Math.max(0, x));

/** `a + t(b − a)`, returning `b` itself at `t = 1`. */
function pointAt(a: Readonly<Vec3>, b: Readonly<Vec3>, t: number): Vec3 {
  return t === 1 ? [b[0], b[1], b[2]] : lerp(a, b, t);
}
