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
 * @example add([1, 2, 3], [1, 1, 1]) // [2, 3, 4]
 */
export function add(a: Readonly<Vec3>, b: Readonly<Vec3>): Vec3 {
  return [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
}

/**
 * Difference `a − b`.
 * @example sub([1, 2, 3], [1, 1, 1]) // [0, 1, 2]
 */
export function sub(a: Readonly<Vec3>, b: Readonly<Vec3>): Vec3 {
  return [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
}

/**
 * Scalar multiple `s·v`.
 * @example scale([1, 2, 3], 2) // [2, 4, 6]
 */
export function scale(v: Readonly<Vec3>, s: number): Vec3 {
  return [v[0] * s, v[1] * s, v[2] * s];
}

/**
 * Negation `−v`.
 * @example negate([1, -2, 0]) // [-1, 2, -0]
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
 * @example cross([1, 0, 0], [0, 1, 0]) // [0, 0, 1]
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

/**
 * The unit vector `v/|v|`.
 * @param v - A vector of non-zero length.
 * @param name - How to name `v` in the error (for callers that forward their own argument).
 * @throws RangeError if `v` has zero (or non-finite) length: a zero vector has no direction.
 * @example normalize([0, 3, 4]) // [0, 0.6, 0.8]
 */
export function normalize(v: Readonly<Vec3>, name = "vec3.normalize: v"): Vec3 {
  const len = length(v);
  if (!(len > 0) || !Number.isFinite(len)) {
    throw new RangeError(`${name} has zero or non-finite length (${JSON.stringify(v)})`);
  }
  return [v[0] / len, v[1] / len, v[2] / len];
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
 * @example lerp([0, 0, 0], [2, 4, 6], 0.5) // [1, 2, 3]
 */
export function lerp(a: Readonly<Vec3>, b: Readonly<Vec3>, t: number): Vec3 {
  return [a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]), a[2] + t * (b[2] - a[2])];
}

/**
 * The angle between two vectors, in radians, in [0, π].
 *
 * Computed as `atan2(|a × b|, a·b)`, which keeps full precision at every angle;
 * `acos(a·b / |a||b|)` loses half the digits near 0 and near π (and returns NaN
 * when rounding pushes the cosine past ±1).
 *
 * @throws RangeError if either vector has zero length (no direction, no angle).
 * @example angleBetween([1, 0, 0], [0, 1, 0]) === Math.PI / 2
 */
export function angleBetween(a: Readonly<Vec3>, b: Readonly<Vec3>): number {
  if (length(a) === 0) throw new RangeError("vec3.angleBetween: a has zero length");
  if (length(b) === 0) throw new RangeError("vec3.angleBetween: b has zero length");
  return Math.atan2(length(cross(a, b)), dot(a, b));
}

/**
 * Projects `v` onto the plane through the origin with normal `normal`:
 * `v − (v·n / n·n) n`. The normal need not be unit length.
 * @throws RangeError if `normal` has zero length.
 * @example projectOnPlane([1, 2, 3], [0, 0, 5]) // [1, 2, 0]
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
