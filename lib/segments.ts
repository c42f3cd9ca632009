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
 * **Any scale.** The parameters `s, t` do not change when every point is multiplied by the same
 * number, so when squared lengths would underflow (segments ~1e-200 long) or overflow (~1e200) the
 * inputs are first scaled by a power of two (exact, as `vec3.normalize` does) and the parameters
 * found there; the points and the distance come from the original coordinates.
 *
 * **Speed.** Both queries are the inner loops of collision tests: they check their arguments with one
 * comparison (`0·x` is 0 for every finite `x` and NaN otherwise, so one sum of them tests all twelve
 * coordinates; only a failing sum looks at each argument to name it), allocate nothing when given an
 * `out`, and run on scalars, not temporary tuples.
 *
 * Conventions: points are `Vec3` tuples in any length unit; inputs are never changed; a zero-length
 * segment (`a = b`) is a point, not an error; a non-finite coordinate throws a `RangeError` naming the
 * function and the argument.
 *
 * @module segments
 */

import { type Vec3, assertPoint } from "./vec3.ts";

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
 * Any scale: when `|b − a|²` would underflow or overflow (or the segment has zero length) the
 * differences are scaled by a power of two first, so a segment 1e-200 long is still a segment.
 *
 * @param p - The query point.
 * @param a - The segment's start (`t = 0`).
 * @param b - The segment's end (`t = 1`).
 * @param out - Optional destination, filled and returned (its `point` array is overwritten): a hot loop
 *   passes one and allocates nothing. Its `point` must not be one of the inputs.
 * @returns `{point, t}` with `point = a + t(b − a)`: `out` if given, else a new object.
 * @throws RangeError if a coordinate is not finite.
 * @example closestPointOnSegment([1, 5, 0], [0, 0, 0], [2, 0, 0]) // → {point: [1, 0, 0], t: 0.5}
 */
export function closestPointOnSegment(
  p: Readonly<Vec3>,
  a: Readonly<Vec3>,
  b: Readonly<Vec3>,
  out?: SegmentPoint,
): SegmentPoint {
  const ax = a[0],
    ay = a[1],
    az = a[2];
  const ux = b[0] - ax,
    uy = b[1] - ay,
    uz = b[2] - az; // b − a
  const uu = ux * ux + uy * uy + uz * uz;
  const uw = ux * (p[0] - ax) + uy * (p[1] - ay) + uz * (p[2] - az); // (p − a)·(b − a)
  // The check at the boundary costs the comparisons the arithmetic needs anyway: |b − a|² in the safe
  // range means a and b are finite (a NaN or ∞ makes it NaN or ∞), and uw − uw is 0 only for a finite uw.
  const t =
    uu > 1e-280 && uu < 1e280 && uw - uw === 0
      ? Math.min(1, Math.max(0, uw / uu))
      : pointParameter(p, a, b, "segments.closestPointOnSegment");
  const o = out ?? { point: [0, 0, 0], t: 0 };
  writePointAt(a, b, t, o.point);
  o.t = t;
  return o;
}

/**
 * The clamped parameter of `p` on `ab` when the fast path could not decide: checks every coordinate
 * (naming the argument), then scales by a power of two so that `|b − a|²` is a normal number.
 */
function pointParameter(p: Readonly<Vec3>, a: Readonly<Vec3>, b: Readonly<Vec3>, name: string): number {
  assertPoint(p, `${name}: p`);
  assertPoint(a, `${name}: a`);
  assertPoint(b, `${name}: b`);
  // Finite points whose differences overflow (coordinates near ±1.8e308): a quarter of each cannot.
  let k = maxAbsDifference(b, a, p, a) === Infinity ? 0.25 : 1;
  const ux = b[0] * k - a[0] * k,
    uy = b[1] * k - a[1] * k,
    uz = b[2] * k - a[2] * k;
  const wx = p[0] * k - a[0] * k,
    wy = p[1] * k - a[1] * k,
    wz = p[2] * k - a[2] * k;
  const big = Math.max(Math.abs(ux), Math.abs(uy), Math.abs(uz), Math.abs(wx), Math.abs(wy), Math.abs(wz));
  if (big === 0) return 0; // a = b = p
  k = powerOfTwo(big);
  const x = ux * k,
    y = uy * k,
    z = uz * k;
  const uu = x * x + y * y + z * z;
  if (uu === 0) return 0; // a zero-length segment (or one ~1e-300 of the distance to p): the point a
  return Math.min(1, Math.max(0, (x * (wx * k) + y * (wy * k) + z * (wz * k)) / uu));
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
 * - segments of any size: at 1e-200 or 1e200 the parameters come from the differences scaled by a
 *   power of two (exact), the distance from a length that scales first; never 0 or NaN from underflow
 *   or overflow.
 *
 * @param a - Start of the first segment (`s = 0`).
 * @param b - End of the first segment (`s = 1`).
 * @param c - Start of the second segment (`t = 0`).
 * @param d - End of the second segment (`t = 1`).
 * @param out - Optional destination, filled and returned (its `onAB` and `onCD` arrays are overwritten,
 *   after every input has been read): a hot loop passes one and allocates nothing.
 * @returns `{s, t, onAB, onCD, distance}`: `out` if given, else a new object.
 * @throws RangeError if a coordinate is not finite, naming the argument.
 * @example closestPointsOnSegments([0, 0, 0], [2, 0, 0], [1, -1, 1], [1, 1, 1]) // → {s: 0.5, t: 0.5, onAB: [1, 0, 0], onCD: [1, 0, 1], distance: 1}
 */
export function closestPointsOnSegments(
  a: Readonly<Vec3>,
  b: Readonly<Vec3>,
  c: Readonly<Vec3>,
  d: Readonly<Vec3>,
  out?: SegmentPair,
): SegmentPair {
  const ax = a[0],
    ay = a[1],
    az = a[2];
  const cx = c[0],
    cy = c[1],
    cz = c[2];
  const ux = b[0] - ax,
    uy = b[1] - ay,
    uz = b[2] - az; // d₁ = b − a
  const vx = d[0] - cx,
    vy = d[1] - cy,
    vz = d[2] - cz; // d₂ = d − c
  const rx = ax - cx,
    ry = ay - cy,
    rz = az - cz; // r = a − c
  const aa = ux * ux + uy * uy + uz * uz; // |d₁|²
  const ee = vx * vx + vy * vy + vz * vz; // |d₂|²
  // One comparison pair checks the inputs and the scale: a NaN or ∞ coordinate makes the sum NaN or
  // ∞; inside [1e-140, 1e140] no product below (|n|², n·(d₂ × r), 1e-24·|d₁|²|d₂|²) can underflow or
  // overflow. Outside it — or for a bad input — the slow path checks, names and scales.
  const size = aa + ee + (rx * rx + ry * ry + rz * rz);
  if (!(size > 1e-140 && size < 1e140)) return closestPairScaled(a, b, c, d, out);
  const f = vx * rx + vy * ry + vz * rz; // d₂·r
  const cc = ux * rx + uy * ry + uz * rz; // d₁·r
  let s = 0,
    t = 0;
  if (aa === 0) {
    // A point against a segment (or two points): the projection, clamped — no division by the zero length.
    if (ee !== 0) t = clamp01(f / ee);
  } else if (ee === 0) s = clamp01(-cc / aa);
  else {
    const bb = ux * vx + uy * vy + uz * vz; // d₁·d₂
    const nx = uy * vz - uz * vy,
      ny = uz * vx - ux * vz,
      nz = ux * vy - uy * vx; // n = d₁ × d₂
    const nn = nx * nx + ny * ny + nz * nz;
    if (nn <= PARALLEL_SINE * PARALLEL_SINE * aa * ee) {
      // Parallel: c and d seen along ab; the middle of the overlap of [sc, sd] with [0, 1], or the nearer end.
      const sc = -cc / aa;
      const sd = (bb - cc) / aa;
      const lo = Math.max(0, Math.min(sc, sd));
      const hi = Math.min(1, Math.max(sc, sd));
      s = lo <= hi ? (lo + hi) / 2 : Math.max(sc, sd) < 0 ? 0 : 1;
    } else {
      // the lines' s* = n·(d₂ × r) / n·n, clamped
      const wx = vy * rz - vz * ry,
        wy = vz * rx - vx * rz,
        wz = vx * ry - vy * rx;
      s = clamp01((nx * wx + ny * wy + nz * wz) / nn);
    }
    // The point of cd nearest P(s); if it had to be clamped, the point of ab nearest that end.
    t = (bb * s + f) / ee;
    if (t < 0) {
      t = 0;
      s = clamp01(-cc / aa);
    } else if (t > 1) {
      t = 1;
      s = clamp01((bb - cc) / aa);
    }
  }
  // The points (s = 1 gives b itself, t = 1 gives d itself), read before out is written.
  const px = s === 1 ? b[0] : ax + s * ux,
    py = s === 1 ? b[1] : ay + s * uy,
    pz = s === 1 ? b[2] : az + s * uz;
  const qx = t === 1 ? d[0] : cx + t * vx,
    qy = t === 1 ? d[1] : cy + t * vy,
    qz = t === 1 ? d[2] : cz + t * vz;
  const ex = px - qx,
    ey = py - qy,
    ez = pz - qz;
  const e2 = ex * ex + ey * ey + ez * ez;
  const o = out ?? { s: 0, t: 0, onAB: [0, 0, 0], onCD: [0, 0, 0], distance: 0 };
  o.s = s;
  o.t = t;
  o.onAB[0] = px;
  o.onAB[1] = py;
  o.onAB[2] = pz;
  o.onCD[0] = qx;
  o.onCD[1] = qy;
  o.onCD[2] = qz;
  // √ here when the square is a normal number (an un-inlined call would box the double it returns).
  o.distance = e2 > 1e-290 && e2 < 1e290 ? Math.sqrt(e2) : length3(ex, ey, ez);
  return o;
}

/**
 * {@link closestPointsOnSegments} for inputs its fast path refused: checks and names every argument,
 * then solves for the parameters on the points multiplied by a power of two that brings the largest
 * coordinate to about 1 (exact: no digit changes, so neither do `s` and `t`). Two different doubles
 * differ by at least 1e-16 of the larger, so after that scaling every non-zero difference is ≥ ~1e-16
 * and every sum of squares safely inside the fast path's range. The points and the distance then come
 * from the original coordinates — as `(1 − s)a + s·b` where `b − a` itself would overflow.
 */
function closestPairScaled(
  a: Readonly<Vec3>,
  b: Readonly<Vec3>,
  c: Readonly<Vec3>,
  d: Readonly<Vec3>,
  out?: SegmentPair,
): SegmentPair {
  const name = "segments.closestPointsOnSegments";
  assertPoint(a, `${name}: a`);
  assertPoint(b, `${name}: b`);
  assertPoint(c, `${name}: c`);
  assertPoint(d, `${name}: d`);
  const big = Math.max(...a.map(Math.abs), ...b.map(Math.abs), ...c.map(Math.abs), ...d.map(Math.abs));
  let s = 0,
    t = 0;
  if (big > 0) {
    const k = powerOfTwo(big);
    const at = (p: Readonly<Vec3>): Vec3 => [p[0] * k, p[1] * k, p[2] * k];
    const scaled = closestPointsOnSegments(at(a), at(b), at(c), at(d));
    s = scaled.s;
    t = scaled.t;
  }
  const along = (p: Readonly<Vec3>, q: Readonly<Vec3>, x: number, i: number) =>
    x === 1 ? q[i]! : Number.isFinite(q[i]! - p[i]!) ? p[i]! + x * (q[i]! - p[i]!) : (1 - x) * p[i]! + x * q[i]!;
  const onAB: Vec3 = [along(a, b, s, 0), along(a, b, s, 1), along(a, b, s, 2)];
  const onCD: Vec3 = [along(c, d, t, 0), along(c, d, t, 1), along(c, d, t, 2)];
  // The distance (in quarter units when the difference of opposite points near ±1.8e308 overflows).
  const e = [0, 1, 2].map((i) => onAB[i]! - onCD[i]!) as Vec3;
  const distance = e.every(Number.isFinite)
    ? length3(e[0], e[1], e[2])
    : 4 * length3(onAB[0] / 4 - onCD[0] / 4, onAB[1] / 4 - onCD[1] / 4, onAB[2] / 4 - onCD[2] / 4);
  const o = out ?? { s: 0, t: 0, onAB: [0, 0, 0], onCD: [0, 0, 0], distance: 0 };
  o.s = s;
  o.t = t;
  for (let i = 0; i < 3; i++) {
    o.onAB[i] = onAB[i]!;
    o.onCD[i] = onCD[i]!;
  }
  o.distance = distance;
  return o;
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
  return closestPointsOnSegments(p.a, p.b, q.a, q.b, SCRATCH).distance - p.radius - q.radius;
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

/** Where {@link capsuleGap} has the pair written (it returns only the distance). */
const SCRATCH: SegmentPair = { s: 0, t: 0, onAB: [0, 0, 0], onCD: [0, 0, 0], distance: 0 };

/** `a + t(b − a)` into `out`, writing `b` itself at `t = 1`. */
function writePointAt(a: Readonly<Vec3>, b: Readonly<Vec3>, t: number, out: Vec3): void {
  if (t === 1) {
    out[0] = b[0];
    out[1] = b[1];
    out[2] = b[2];
  } else {
    const x = a[0] + t * (b[0] - a[0]),
      y = a[1] + t * (b[1] - a[1]),
      z = a[2] + t * (b[2] - a[2]);
    out[0] = x;
    out[1] = y;
    out[2] = z;
  }
}

/** The largest |component| of `p − q` and of `r − s` (∞ when a difference overflows). */
function maxAbsDifference(p: Readonly<Vec3>, q: Readonly<Vec3>, r: Readonly<Vec3>, s: Readonly<Vec3>): number {
  return Math.max(
    Math.abs(p[0] - q[0]), Math.abs(p[1] - q[1]), Math.abs(p[2] - q[2]),
    Math.abs(r[0] - s[0]), Math.abs(r[1] - s[1]), Math.abs(r[2] - s[2]),
  ); // prettier-ignore
}

/** A power of two `k` with `k·big` near 1 (`big` > 0 and finite): multiplying by it changes no digit. */
function powerOfTwo(big: number): number {
  return 2 ** Math.max(-1022, Math.min(1023, -Math.round(Math.log2(big))));
}

/** `√(x² + y² + z²)`, scaling first when the squares would underflow or overflow (as `vec3.normalize`). */
function length3(x: number, y: number, z: number): number {
  const l2 = x * x + y * y + z * z;
  if (l2 > 1e-290 && l2 < 1e290) return Math.sqrt(l2);
  const big = Math.max(Math.abs(x), Math.abs(y), Math.abs(z));
  if (big === 0 || big === Infinity) return big;
  const k = powerOfTwo(big);
  const sx = x * k,
    sy = y * k,
    sz = z * k;
  return Math.sqrt(sx * sx + sy * sy + sz * sz) / k;
}
