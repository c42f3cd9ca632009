/**
 * 3D vectors as plain tuples `[x, y, z]`.
 *
 * Right-handed coordinates. Every function is pure: it returns a new tuple
 * and never changes its arguments.
 *
 * @module vec3
 */

/** A 3D vector or point `[x, y, z]`. */
export type Vec3 = [number, number, number];

/** The unit vectors along the axes, for readability (`X = [1, 0, 0]`). Copy before mutating. */
export const X: Readonly<Vec3> = [1, 0, 0];
/** `[0, 1, 0]`. */
export const Y: Readonly<Vec3> = [0, 1, 0];
/** `[0, 0, 1]`. */
export const Z: Readonly<Vec3> = [0, 0, 1];

/**
 * Sum `a + b`.
 * @example add([1, 2, 3], [1, 1, 1]) // → [2, 3, 4]
 */
export function add(a: Readonly<Vec3>, b: Readonly<Vec3>): Vec3 {
  return [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
}

/**
 * Difference `a − b`.
 * @example sub([1, 2, 3], [1, 1, 1]) // → [0, 1, 2]
 */
export function sub(a: Readonly<Vec3>, b: Readonly<Vec3>): Vec3 {
  return [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
}

/**
 * Scalar multiple `s·v`.
 * @example scale([1, 2, 3], 2) // → [2, 4, 6]
 */
export function scale(v: Readonly<Vec3>, s: number): Vec3 {
  return [v[0] * s, v[1] * s, v[2] * s];
}

/**
 * Negation `−v`.
 * @example negate([1, -2, 0]) // → [-1, 2, -0]
 */
export function negate(v: Readonly<Vec3>): Vec3 {
  return [-v[0], -v[1], -v[2]];
}

/**
 * Dot product `a·b = |a||b| cos θ`.
 * @example dot([1, 0, 0], [0, 1, 0]) === 0
 */
export function dot(a: Readonly<Vec3>, b: Readonly<Vec3>): number {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

/**
 * Cross product `a × b`: perpendicular to both, length `|a||b| sin θ`,
 * oriented by the right-hand rule (`X × Y = Z`).
 * @example cross([1, 0, 0], [0, 1, 0]) // → [0, 0, 1]
 */
export function cross(a: Readonly<Vec3>, b: Readonly<Vec3>): Vec3 {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}

/**
 * Euclidean length `|v|`.
 * @example length([3, 4, 0]) === 5
 */
export function length(v: Readonly<Vec3>): number {
  return Math.sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
}

/** `v` as `[x, y, z]` for an error message (JSON would print NaN and ∞ as null). */
function show(v: Readonly<Vec3>): string {
  return `[${v.join(", ")}]`;
}

/**
 * A power of two `s` that brings the largest |component| of `v` to about 1
 * (`s·max|vᵢ|` in [0.5, 2]; for subnormal vectors at least 2⁻⁵²).
 *
 * Multiplying by a power of two is exact, so `s·v` has the same direction,
 * bit for bit, and squares and products of its components can neither
 * overflow (|v| ~ 1e200) nor underflow (|v| ~ 1e-200). Directions —
 * {@link normalize}, {@link angleBetween}, `quat.fromTwoVectors` — do not
 * depend on length, so they scale first and stay exact at any size.
 *
 * @param v - A vector with finite components, not all zero.
 * @param name - How to name `v` in the error (for callers that forward their own argument).
 * @returns A power of two, 2⁻¹⁰²⁴ … 2¹⁰²³.
 * @throws RangeError if `v` is zero or has a NaN or infinite component.
 * @example powerOfTwoScale([0, 1e-200, 0]) * 1e-200 // ≈ 0.7655 (2⁶⁶⁴ · 1e-200: of order 1)
 */
export function powerOfTwoScale(v: Readonly<Vec3>, name = "vec3.powerOfTwoScale: v"): number {
  const big = Math.max(Math.abs(v[0]), Math.abs(v[1]), Math.abs(v[2])); // NaN if any component is
  if (!(big > 0) || big === Infinity) {
    throw new RangeError(`${name} has zero length or non-finite components (${show(v)})`);
  }
  // Any nearby exponent will do; 2^1023 is the largest power of two (enough for subnormals).
  return 2 ** Math.min(1023, -Math.round(Math.log2(big)));
}

/**
 * The unit vector `v/|v|`.
 *
 * Exact at any size: when `|v|²` would underflow or overflow (components
 * below ~1e-145 or above ~1e145) `v` is first scaled by a power of two
 * ({@link powerOfTwoScale}), so `normalize([1e-170, 0, 0])` is `[1, 0, 0]`,
 * not a division by zero. Elsewhere it is `v/|v|` bit for bit.
 *
 * @param v - A vector of non-zero length with finite components.
 * @param name - How to name `v` in the error (for callers that forward their own argument).
 * @throws RangeError if `v` is zero (a zero vector has no direction) or has a NaN or infinite component.
 * @example normalize([0, 3, 4]) // → [0, 0.6, 0.8]
 */
export function normalize(v: Readonly<Vec3>, name = "vec3.normalize: v"): Vec3 {
  const len2 = v[0] * v[0] + v[1] * v[1] + v[2] * v[2];
  if (len2 > 1e-290 && len2 < 1e290) {
    // The common case: |v|² is a normal double, no scaling needed (false for NaN and ∞).
    const len = Math.sqrt(len2);
    return [v[0] / len, v[1] / len, v[2] / len];
  }
  const s = powerOfTwoScale(v, name);
  const x = v[0] * s,
    y = v[1] * s,
    z = v[2] * s;
  const len = Math.sqrt(x * x + y * y + z * z);
  return [x / len, y / len, z / len];
}

/**
 * Distance `|a − b|` between two points.
 * @example distance([0, 0, 0], [1, 2, 2]) === 3
 */
export function distance(a: Readonly<Vec3>, b: Readonly<Vec3>): number {
  return length(sub(a, b));
}

/**
 * Linear interpolation `a + t(b − a)`; `t = 0` gives `a`, `t = 1` gives `b`.
 * @param t - Interpolation parameter (any real; outside [0, 1] extrapolates).
 * @example lerp([0, 0, 0], [2, 4, 6], 0.5) // → [1, 2, 3]
 */
export function lerp(a: Readonly<Vec3>, b: Readonly<Vec3>, t: number): Vec3 {
  return [a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]), a[2] + t * (b[2] - a[2])];
}

/**
 * The angle between two vectors, in radians, in [0, π].
 *
 * Computed as `atan2(|a × b|, a·b)`, which keeps full precision at every angle;
 * `acos(a·b / |a||b|)` loses half the digits near 0 and near π (and returns NaN
 * when rounding pushes the cosine past ±1). Each vector is first scaled by a
 * power of two ({@link powerOfTwoScale}) — exact, and the angle does not depend
 * on length — so vectors of size 1e200 (whose products overflow) or 1e-200
 * (whose products underflow to 0) get the same answer as unit-size ones.
 *
 * @throws RangeError if either vector has zero length (no direction, no angle) or a NaN or infinite component.
 * @example angleBetween([1, 0, 0], [0, 1, 0]) === Math.PI / 2
 */
export function angleBetween(a: Readonly<Vec3>, b: Readonly<Vec3>): number {
  const as = scale(a, powerOfTwoScale(a, "vec3.angleBetween: a"));
  const bs = scale(b, powerOfTwoScale(b, "vec3.angleBetween: b"));
  return Math.atan2(length(cross(as, bs)), dot(as, bs));
}

/**
 * Projects `v` onto the plane through the origin with normal `normal`:
 * `v − (v·n / n·n) n`. The normal need not be unit length.
 * @throws RangeError if `normal` has zero length.
 * @example projectOnPlane([1, 2, 3], [0, 0, 5]) // → [1, 2, 0]
 */
export function projectOnPlane(v: Readonly<Vec3>, normal: Readonly<Vec3>): Vec3 {
  const nn = dot(normal, normal);
  if (nn === 0) throw new RangeError("vec3.projectOnPlane: normal has zero length");
  return sub(v, scale(normal, dot(v, normal) / nn));
}

/**
 * A unit vector perpendicular to `v` (one of infinitely many, chosen stably):
 * `v` is crossed with the axis along which it has its smallest component,
 * so the cross product is never close to zero.
 *
 * Used where a construction needs "any axis at right angles", e.g. the
 * rotation between two opposite vectors.
 *
 * @throws RangeError if `v` has zero length.
 * @example dot(orthogonal([0, 0, 2]), [0, 0, 1]) === 0
 */
export function orthogonal(v: Readonly<Vec3>): Vec3 {
  const ax = Math.abs(v[0]);
  const ay = Math.abs(v[1]);
  const az = Math.abs(v[2]);
  const axis: Readonly<Vec3> = ax <= ay && ax <= az ? X : ay <= az ? Y : Z;
  return normalize(cross(v, axis), "vec3.orthogonal: v");
}

/**
 * Checks that `p` is a point: an array of three finite numbers. Every module
 * that takes points from a caller checks them here first, so a NaN is
 * reported where it came in, not as a silent NaN many steps later.
 *
 * @param p - The value to check.
 * @param name - How to name it in the error, e.g. `"segments.closestPointOnSegment: a"`.
 * @returns `p`, typed as a point.
 * @throws RangeError `"<name> is not a point with finite coordinates ([…])"`.
 * @example assertPoint([1, 2, 3], "p") // → [1, 2, 3]
 */
export function assertPoint(p: unknown, name: string): Readonly<Vec3> {
  if (!isPoint(p)) throw new RangeError(`${name} is not a point with finite coordinates ([${String(p)}])`);
  return p;
}

/**
 * Whether `p` is an array of three finite numbers — a few comparisons, no callback and no allocation: the
 * solvers check every point they are given, and chapter 11's rope is checked 100 000 times a slider move.
 */
function isPoint(p: unknown): p is Readonly<Vec3> {
  if (!Array.isArray(p) || p.length !== 3) return false;
  const x: unknown = p[0],
    y: unknown = p[1],
    z: unknown = p[2];
  // x − x is 0 for a finite number and NaN for ±∞ and NaN (a sum of the three could overflow; these cannot)
  return typeof x === "number" && typeof y === "number" && typeof z === "number" && x - x + (y - y) + (z - z) === 0;
}

/**
 * Checks that `points` is a non-empty array of points ({@link assertPoint}).
 *
 * @param points - The value to check.
 * @param name - How to name it in the error; an entry is named `<name>[i]`.
 * @throws RangeError `"<name> is empty: at least one point is needed"`, or for the first entry that is not a point.
 * @example assertPoints([[0, 0, 0]], "points") // → undefined
 */
export function assertPoints(points: readonly unknown[], name: string): void {
  if (!Array.isArray(points) || points.length === 0)
    throw new RangeError(`${name} is empty: at least one point is needed`);
  // The entry's name is spelled only for the error.
  for (let i = 0; i < points.length; i++) if (!isPoint(points[i])) assertPoint(points[i], `${name}[${i}]`);
}
