/**
 * Ellipsoids and ellipsoidal mirrors — chapter 13.
 *
 * An ellipsoid is the unit sphere stretched, turned and moved: a point `u` of the unit sphere goes to
 * `p = c + R·S·u`, with `S = diag(radii)` (the semi-axes, in the ellipsoid's own frame), `R` the
 * rotation of {@link Ellipsoid.rotation} and `c` the centre. Call `M = R·S`; then
 * - the inside is `F(p) = |S⁻¹ R⁻¹ (p − c)|² − 1 < 0` ({@link implicit});
 * - a ray `o + t·d` meets it where the *mapped* ray `o' + t·d'` (`o' = M⁻¹(o − c)`, `d' = M⁻¹d`)
 *   meets the unit sphere — at the same `t`, because the map is affine. Normalizing `d'` (as the
 *   blog's code does) changes the unit of `t`: keep `d'` as it is ({@link intersectRay});
 * - the normal is the gradient of `F`, `∇F ∝ R·S⁻²·R⁻¹(p − c)`: the unit-sphere normal carried by the
 *   inverse transpose `M⁻ᵀ = R·S⁻¹`, not by `M` ({@link normalAt}).
 *
 * A *prolate spheroid* has two equal short semi-axes `b` and a long one `a` (here along the local z
 * axis). Its foci lie on the long axis at `±√(a² − b²)` from the centre, and every surface point's
 * distances to them add up to `2a`, the major axis. From two foci `d` apart and the minor axis `2b`
 * ({@link fromFoci}) that gives `a = √((d/2)² + b²)`. Reflection in the inside surface sends every ray
 * through one focus on through the other (the normal bisects the angle between the two focal
 * directions), and all those paths have the same length `2a` — the mirror property of chapter 13, which
 * {@link traceMirrors} follows through a chain of mirrors sharing foci. A triaxial ellipsoid (three
 * different semi-axes) has no such pair of points.
 *
 * Conventions: `Vec3 = [x, y, z]`, `Quat = [x, y, z, w]` (scalar last), lengths in any one unit, inputs
 * never changed. A non-finite coordinate, a zero direction, a zero quaternion or a radius that is not
 * positive throws a `RangeError` naming the function and the argument.
 *
 * @module ellipsoid
 */

import type { Quat } from "./quat.ts";
import { conjugate, fromTwoVectors, normalize as normalizeQuat, rotateVec3 } from "./quat.ts";
import { type Vec3, Z, add, assertPoint, distance, dot, lerp, normalize, sub } from "./vec3.ts";

/**
 * An ellipsoid: the unit sphere scaled by `radii` along its own axes, turned by `rotation` and moved to
 * `center`. `radii` are semi-axes (half the full axis lengths), all positive; `rotation` is a unit
 * quaternion (functions here accept any non-zero length and normalize it).
 */
export interface Ellipsoid {
  /** The centre, in world units. */
  center: Vec3;
  /** The rotation from the ellipsoid's own frame to the world, `[x, y, z, w]`. */
  rotation: Quat;
  /** The semi-axes along the ellipsoid's own x, y and z axes, world units, all > 0. */
  radii: Vec3;
}

/** Where a ray meets an ellipsoid: see {@link intersectRay}. */
export interface RayHit {
  /** The ray parameter, in units of the direction given (the hit is `origin + t·direction`). */
  t: number;
  /** The point hit, on the surface. */
  point: Vec3;
  /** The outward unit normal there. */
  normal: Vec3;
}

/** Options of {@link intersectRay}. */
export interface IntersectOptions {
  /**
   * Which crossing to return: `"first"` (default) the nearest at `t > 0`; `"last"` the farthest — the
   * inside of a concave mirror that the ray meets after passing through its focus, as the blog's
   * chained mirrors are hit.
   */
  crossing?: "first" | "last";
}

/**
 * How close to the surface (in units of the radii, measured in the unit sphere) a root must be to the
 * ray's origin to count as the origin itself, so that a ray leaving a mirror does not hit it again at
 * `t ≈ 0`. Rounding of a computed hit point is ~1e-16 of the ellipsoid's size and distance.
 */
export const SURFACE_EPSILON = 1e-9;

/** The validated parts of an ellipsoid: unit rotation, finite centre, positive radii. */
function parts(e: Readonly<Ellipsoid>, name: string): { c: Vec3; q: Quat; r: Vec3 } {
  if (e === null || typeof e !== "object") throw new RangeError(`${name} is not an ellipsoid (${String(e)})`);
  const c = assertPoint(e.center, `${name}.center`);
  const r = assertPoint(e.radii, `${name}.radii`);
  if (!(r[0] > 0 && r[1] > 0 && r[2] > 0))
    throw new RangeError(`${name}.radii must all be positive, got [${r.join(", ")}]`);
  const q0 = e.rotation;
  if (!Array.isArray(q0) || q0.length !== 4 || !q0.every(Number.isFinite) || q0.every((x) => x === 0))
    throw new RangeError(`${name}.rotation is not a non-zero quaternion with finite components ([${String(q0)}])`);
  const q = normalizeQuat(q0);
  return { c: [c[0], c[1], c[2]], q, r: [r[0], r[1], r[2]] };
}

/**
 * The prolate spheroid with foci `f1` and `f2` and the given full minor axis — the blog's construction:
 * centred between the foci, its long (local z) axis turned onto `f2 − f1` by the shortest rotation, semi-axes
 * `[b, b, a]` with `b = minorAxis/2` and `a = √((d/2)² + b²)` for foci `d` apart. Its major axis is `2a`,
 * the constant sum of the distances from any surface point to the two foci.
 *
 * Edge cases: coincident foci give the sphere of diameter `minorAxis` (identity rotation). The spin
 * about the long axis is not unique — any rotation taking local z onto `±(f2 − f1)` is the same surface.
 *
 * @param f1 - The first focus (world units).
 * @param f2 - The second focus.
 * @param minorAxis - The full minor axis (twice the short semi-axis), > 0, same unit.
 * @returns The ellipsoid `{center, rotation, radii: [b, b, a]}`.
 * @throws RangeError for a non-finite coordinate or a `minorAxis` that is not positive and finite.
 * @example fromFoci([-50, 40, 0], [50, 70, 0], 100).radii // ≈ [50, 50, 72.284] (major axis 144.568)
 */
export function fromFoci(f1: Readonly<Vec3>, f2: Readonly<Vec3>, minorAxis: number): Ellipsoid {
  assertPoint(f1, "ellipsoid.fromFoci: f1");
  assertPoint(f2, "ellipsoid.fromFoci: f2");
  if (!(minorAxis > 0) || !Number.isFinite(minorAxis))
    throw new RangeError(`ellipsoid.fromFoci: minorAxis must be positive and finite, got ${minorAxis}`);
  const b = minorAxis / 2;
  const axis = sub(f2, f1);
  const a = Math.hypot(distance(f1, f2) / 2, b); // hypot: no overflow for huge foci, exact when d = 0
  const rotation: Quat = axis[0] === 0 && axis[1] === 0 && axis[2] === 0 ? [0, 0, 0, 1] : fromTwoVectors(Z, axis);
  return { center: lerp(f1, f2, 0.5), rotation, radii: [b, b, a] };
}

/**
 * The two foci of a prolate spheroid whose long axis is its local z axis (`radii = [b, b, a]`,
 * `a ≥ b`): `center ∓ √(a² − b²)·R·ẑ`. Inverse of {@link fromFoci} (same foci, up to rounding).
 *
 * Edge cases: a sphere (`a = b`) returns its centre twice. Accuracy: `a` carries a rounding of `ε·a`, so
 * the focal distance `√(a² − b²)` is good to about `ε·a²/f` — only `√ε·b` when the foci are very close
 * compared with `b` (the radii alone do not hold more digits of them).
 *
 * @param e - A spheroid with `radii[0] = radii[1] ≤ radii[2]` (relative tolerance 1e-12 on the equality).
 * @returns `[f1, f2]`, `f2 − f1` along `+R·ẑ`.
 * @throws RangeError if `e` is not such a spheroid, or is invalid.
 * @example foci(fromFoci([0, 0, 0], [6, 0, 0], 8)) // ≈ [[0, 0, 0], [6, 0, 0]]
 */
export function foci(e: Readonly<Ellipsoid>): [Vec3, Vec3] {
  const { c, q, r } = parts(e, "ellipsoid.foci: e");
  if (Math.abs(r[0] - r[1]) > 1e-12 * r[0] || r[2] < r[0])
    throw new RangeError(
      `ellipsoid.foci: e is not a prolate spheroid about its local z axis (radii [${r.join(", ")}])`,
    );
  const b = (r[0] + r[1]) / 2;
  const f = Math.sqrt(Math.max(0, (r[2] - b) * (r[2] + b))); // (a − b)(a + b): no cancellation in a² − b²
  const along = rotateVec3(q, [0, 0, f]);
  return [sub(c, along), add(c, along)];
}

/**
 * The point `p` in the ellipsoid's unit-sphere space, `S⁻¹·R⁻¹·(p − c)`: on the surface it has length
 * 1, inside less. (Directions map the same way without the `− c`: pass `center`-relative vectors to
 * {@link toUnitSphereDirection}.)
 * @param e - The ellipsoid.
 * @param p - A point, world units.
 * @returns The mapped point (dimensionless).
 * @throws RangeError for an invalid ellipsoid or a non-finite coordinate.
 * @example toUnitSphere({center: [1, 0, 0], rotation: [0, 0, 0, 1], radii: [2, 1, 1]}, [5, 0, 0]) // → [2, 0, 0]
 */
export function toUnitSphere(e: Readonly<Ellipsoid>, p: Readonly<Vec3>): Vec3 {
  const { c, q, r } = parts(e, "ellipsoid.toUnitSphere: e");
  assertPoint(p, "ellipsoid.toUnitSphere: p");
  const local = rotateVec3(conjugate(q), sub(p, c));
  return [local[0] / r[0], local[1] / r[1], local[2] / r[2]];
}

/**
 * A direction in the ellipsoid's unit-sphere space, `S⁻¹·R⁻¹·d`, **not normalized**: a ray
 * `o + t·d` maps to `o' + t·d'` with the same `t`.
 * @param e - The ellipsoid.
 * @param d - A direction (any length, world units).
 * @returns The mapped direction (per world unit of `t`).
 * @throws RangeError for an invalid ellipsoid or a non-finite component.
 * @example toUnitSphereDirection({center: [9, 9, 9], rotation: [0, 0, 0, 1], radii: [2, 1, 1]}, [1, 0, 0]) // → [0.5, 0, 0]
 */
export function toUnitSphereDirection(e: Readonly<Ellipsoid>, d: Readonly<Vec3>): Vec3 {
  const { q, r } = parts(e, "ellipsoid.toUnitSphereDirection: e");
  assertPoint(d, "ellipsoid.toUnitSphereDirection: d");
  const local = rotateVec3(conjugate(q), d);
  return [local[0] / r[0], local[1] / r[1], local[2] / r[2]];
}

/**
 * The point `c + R·S·u` of the ellipsoid for a point `u` of the unit sphere (inverse of {@link toUnitSphere}).
 * @param e - The ellipsoid.
 * @param u - A point in unit-sphere space (length 1 for a surface point).
 * @returns The world point.
 * @throws RangeError for an invalid ellipsoid or a non-finite coordinate.
 * @example fromUnitSphere({center: [1, 0, 0], rotation: [0, 0, 0, 1], radii: [2, 1, 1]}, [1, 0, 0]) // → [3, 0, 0]
 */
export function fromUnitSphere(e: Readonly<Ellipsoid>, u: Readonly<Vec3>): Vec3 {
  const { c, q, r } = parts(e, "ellipsoid.fromUnitSphere: e");
  assertPoint(u, "ellipsoid.fromUnitSphere: u");
  return add(c, rotateVec3(q, [u[0] * r[0], u[1] * r[1], u[2] * r[2]]));
}

/**
 * The ellipsoid's implicit function `F(p) = |S⁻¹·R⁻¹·(p − c)|² − 1`: 0 on the surface, negative inside,
 * positive outside. It names the surface, not the description: two ellipsoids with the same `F` are the
 * same set of points however their rotations differ (a spheroid's spin about its long axis).
 * @param e - The ellipsoid.
 * @param p - A point, world units.
 * @returns `F(p)` (dimensionless).
 * @throws RangeError for an invalid ellipsoid or a non-finite coordinate.
 * @example implicit(fromFoci([-50, 40, 0], [50, 70, 0], 100), [0, 55, 0]) // → -1 (the centre)
 */
export function implicit(e: Readonly<Ellipsoid>, p: Readonly<Vec3>): number {
  const u = toUnitSphere(e, p);
  return dot(u, u) - 1;
}

/**
 * Where the ray `origin + t·direction` (`t > 0`) meets the ellipsoid's surface.
 *
 * The ray is mapped into unit-sphere space, `o' = S⁻¹R⁻¹(o − c)`, `d' = S⁻¹R⁻¹d`; `t` is the same in
 * both spaces and is returned in units of the given `direction` (with a unit direction, the distance
 * travelled). There the line is `o' + τ·û` with `û = d'/|d'|` and `τ = t·|d'|` (a unit-sphere length).
 * Its nearest point to the centre is `h = o' − (o'·û)û`, and the roots of `|o' + τû|² = 1` are
 * `τ = −o'·û ∓ √(1 − |h|²)`: `1 − |h|²` keeps its digits for rays from far away (`|o'|² − (o'·û)²`
 * would cancel), and the root nearer the origin is taken as `(|o'|² − 1)/q` (no cancellation when the
 * origin is near the surface). The point is `c + R·S·(h ∓ √(1 − |h|²)·û)`, built from the small
 * numbers `h` and the half-chord rather than as `o + t·d`, so it is exact to rounding however far the
 * origin is (three.js loses 0.2 of the radius at 1e9); `o + t·d` agrees with it to rounding of `o`.
 *
 * Fast paths: equal radii (a sphere) skip the rotation; the arguments are checked by one comparison
 * (`0·x` is 0 for every finite `x`, NaN otherwise, so one sum tests `o − c`, `d`, the radii and `|q|²`) and
 * the radii and the rotation's length by the tests the arithmetic needs anyway; only a failing test
 * looks at each argument to name it. With `out`, nothing is allocated.
 *
 * Any scale: the mapped direction is normalized with a power-of-two scaling when its squared length
 * would underflow or overflow, so radii of 1e200 (`|d'|` ~ 1e-200) or 1e-200 still meet their rays.
 *
 * Edge cases: a root within {@link SURFACE_EPSILON} (unit-sphere lengths) of the origin is the origin
 * itself lying on the surface, and is skipped — a ray leaving a mirror finds its far side, not `t ≈ 0`.
 * From inside, the first crossing is the exit. A tangent ray touches once (`first` = `last`). A miss,
 * or a surface only behind the origin, gives `null` (and leaves `out` as it was).
 *
 * @param e - The ellipsoid.
 * @param origin - The ray's start, world units.
 * @param direction - The ray's direction, any non-zero length (`t` is measured in it).
 * @param opts - `crossing: "first"` (default) or `"last"`, see {@link IntersectOptions}.
 * @param out - Optional destination, filled and returned on a hit (its `point` and `normal` arrays are
 *   overwritten after every input has been read).
 * @returns `{t, point, normal}` with the outward unit normal (`out` if given), or `null`.
 * @throws RangeError for an invalid ellipsoid, a non-finite coordinate or a zero direction.
 * @example intersectRay({center: [0, 0, 0], rotation: [0, 0, 0, 1], radii: [2, 1, 1]}, [-5, 0, 0], [2, 0, 0])?.t // → 1.5
 */
export function intersectRay(
  e: Readonly<Ellipsoid>,
  origin: Readonly<Vec3>,
  direction: Readonly<Vec3>,
  opts?: IntersectOptions,
  out?: RayHit,
): RayHit | null {
  const center = e.center,
    radii = e.radii,
    rot = e.rotation;
  const cx = center[0],
    cy = center[1],
    cz = center[2];
  const r0 = radii[0],
    r1 = radii[1],
    r2 = radii[2];
  let qx = rot[0],
    qy = rot[1],
    qz = rot[2],
    qw = rot[3];
  const dx = direction[0],
    dy = direction[1],
    dz = direction[2];
  // o − c, in world units (NaN or ∞ when a coordinate of the origin or the centre is).
  let mx = origin[0] - cx,
    my = origin[1] - cy,
    mz = origin[2] - cz;
  const qq = qx * qx + qy * qy + qz * qz + qw * qw;
  const crossing = opts?.crossing;
  if (!(
    // summed as a tree: a chain of sixteen dependent additions would cost more than the intersection
    0 * (mx + my + (mz + dx) + (dy + dz + (r0 + r1)) + (r2 + qq)) === 0 &&
    r0 > 0 &&
    r1 > 0 &&
    r2 > 0 &&
    qq > 1e-290 &&
    (crossing === undefined || crossing === "first" || crossing === "last")
  )) {
    // Name the bad argument (or pass: finite numbers whose sum overflowed, a tiny quaternion).
    const checked = checkRay(e, origin, direction, crossing);
    qx = checked[0];
    qy = checked[1];
    qz = checked[2];
    qw = checked[3];
    // Finite coordinates whose difference overflowed: solve in quarter units (a power of two, exact).
    if (!Number.isFinite(mx + my + mz)) return intersectRayScaled(e, origin, direction, opts, out);
  }
  const sphere = r0 === r1 && r1 === r2;
  // Into the ellipsoid's frame (a sphere needs no turn): v ↦ q*·v·q. A rotation within 2ε of unit
  // length is used as it is (normalizing would round it as much); others are normalized. The turns
  // here and back at the end are quat.rotateVec3 written out on scalars: through rotateVec3 and
  // scratch tuples this function measured 1.5–1.9× slower.
  let lx = dx,
    ly = dy,
    lz = dz;
  if (!sphere) {
    const k = qq > 1 - 4.5e-16 && qq < 1 + 4.5e-16 ? 1 : 1 / Math.sqrt(qx * qx + qy * qy + qz * qz + qw * qw);
    qx *= -k; // the conjugate: the inverse rotation
    qy *= -k;
    qz *= -k;
    qw *= k;
    let tx = 2 * (qy * mz - qz * my),
      ty = 2 * (qz * mx - qx * mz),
      tz = 2 * (qx * my - qy * mx);
    const ax = mx + qw * tx + (qy * tz - qz * ty),
      ay = my + qw * ty + (qz * tx - qx * tz),
      az = mz + qw * tz + (qx * ty - qy * tx);
    mx = ax;
    my = ay;
    mz = az;
    tx = 2 * (qy * dz - qz * dy);
    ty = 2 * (qz * dx - qx * dz);
    tz = 2 * (qx * dy - qy * dx);
    lx = dx + qw * tx + (qy * tz - qz * ty);
    ly = dy + qw * ty + (qz * tx - qx * tz);
    lz = dz + qw * tz + (qx * ty - qy * tx);
  }
  // The mapped origin o' and direction d' (unit-sphere lengths per world unit of t): one division
  // per radius, then products.
  const i0 = 1 / r0,
    i1 = sphere ? i0 : 1 / r1,
    i2 = sphere ? i0 : 1 / r2;
  const ox = mx * i0,
    oy = my * i1,
    oz = mz * i2;
  let wx = lx * i0,
    wy = ly * i1,
    wz = lz * i2;
  // û = d'/|d'| and 1/|d'| (t = τ/|d'|). A unit d' (a unit direction into a unit sphere, the common
  // case) is used as it is; a square outside the normal range (radii 1e200: |d'| ~ 1e-200) is scaled first.
  let ww = wx * wx + wy * wy + wz * wz;
  let perSpeed: number;
  if (ww > 1 - 4.5e-16 && ww < 1 + 4.5e-16) perSpeed = 1;
  else if (ww > 1e-290 && ww < 1e290) {
    perSpeed = 1 / Math.sqrt(ww);
    wx *= perSpeed;
    wy *= perSpeed;
    wz *= perSpeed;
  } else {
    if (dx === 0 && dy === 0 && dz === 0) throw new RangeError("ellipsoid.intersectRay: direction has zero length");
    const k = 2 ** Math.min(1023, -Math.round(Math.log2(Math.max(Math.abs(wx), Math.abs(wy), Math.abs(wz)))));
    wx *= k;
    wy *= k;
    wz *= k;
    ww = wx * wx + wy * wy + wz * wz;
    if (ww === 0) return null; // |d'| below 2⁻¹⁰⁷⁴: the ray does not move in the radii's units
    const inv = 1 / Math.sqrt(ww);
    wx *= inv;
    wy *= inv;
    wz *= inv;
    perSpeed = k * inv;
  }
  const b = ox * wx + oy * wy + oz * wz; // o'·û
  const hx = ox - b * wx,
    hy = oy - b * wy,
    hz = oz - b * wz; // h, the line's nearest point to the centre
  const disc = 1 - (hx * hx + hy * hy + hz * hz);
  if (!(disc >= 0)) return null;
  const root = Math.sqrt(disc);
  // τ = −b ∓ root. The one of larger size from the sum, the other as (|o'|² − 1)/q: no cancellation.
  const q = -(b + (b < 0 ? -root : root));
  let near: number, far: number;
  if (q === 0) near = far = 0;
  else {
    const other = (ox * ox + oy * oy + oz * oz - 1) / q;
    near = q < other ? q : other;
    far = q < other ? other : q;
  }
  // The root to return, and its side of h (−1: the entry side, +1: the exit side).
  let tau: number, side: number;
  if (crossing === "last") {
    if (!(far > SURFACE_EPSILON)) return null;
    tau = far;
    side = 1;
  } else if (near > SURFACE_EPSILON) {
    tau = near;
    side = -1;
  } else if (far > SURFACE_EPSILON) {
    tau = far;
    side = 1;
  } else return null;
  if (near === far) side = 0; // a tangent: the touching point is h itself
  // The hit in unit-sphere space, from the small numbers h and the half-chord (exact for far origins).
  const sx = hx + side * root * wx,
    sy = hy + side * root * wy,
    sz = hz + side * root * wz;
  const o = out ?? { t: 0, point: [0, 0, 0], normal: [0, 0, 0] };
  o.t = tau * perSpeed;
  if (sphere) {
    // c + r·s, and the normal s itself: |s|² = |h|² + root² = 1 (h ⊥ û), to rounding.
    o.point[0] = cx + sx * r0;
    o.point[1] = cy + sy * r0;
    o.point[2] = cz + sz * r0;
    o.normal[0] = sx;
    o.normal[1] = sy;
    o.normal[2] = sz;
    return o;
  }
  // Back to the world: c + R·S·s; the normal is R·S⁻¹·s (the gradient), normalized, with S⁻¹ scaled by
  // the smallest radius so that no factor exceeds 1 (no overflow or underflow at any size).
  let px = sx * r0,
    py = sy * r1,
    pz = sz * r2;
  const rmin = Math.min(r0, r1, r2);
  let nx = sx * (rmin * i0),
    ny = sy * (rmin * i1),
    nz = sz * (rmin * i2);
  const nl = 1 / Math.sqrt(nx * nx + ny * ny + nz * nz);
  nx *= nl;
  ny *= nl;
  nz *= nl;
  // R = the conjugate of the q above.
  const rx = -qx,
    ry = -qy,
    rz = -qz;
  let tx = 2 * (ry * pz - rz * py),
    ty = 2 * (rz * px - rx * pz),
    tz = 2 * (rx * py - ry * px);
  const ax = px + qw * tx + (ry * tz - rz * ty),
    ay = py + qw * ty + (rz * tx - rx * tz),
    az = pz + qw * tz + (rx * ty - ry * tx);
  px = ax;
  py = ay;
  pz = az;
  tx = 2 * (ry * nz - rz * ny);
  ty = 2 * (rz * nx - rx * nz);
  tz = 2 * (rx * ny - ry * nx);
  o.point[0] = cx + px;
  o.point[1] = cy + py;
  o.point[2] = cz + pz;
  o.normal[0] = nx + qw * tx + (ry * tz - rz * ty);
  o.normal[1] = ny + qw * ty + (rz * tx - rx * tz);
  o.normal[2] = nz + qw * tz + (rx * ty - ry * tx);
  return o;
}

/**
 * The slow half of {@link intersectRay}'s boundary check: names the bad argument, or returns the unit
 * rotation when all is well (a quaternion too small to square is normalized by scaling).
 */
function checkRay(e: Readonly<Ellipsoid>, origin: Readonly<Vec3>, direction: Readonly<Vec3>, crossing: unknown): Quat {
  const name = "ellipsoid.intersectRay";
  const { q } = parts(e, `${name}: e`);
  assertPoint(origin, `${name}: origin`);
  assertPoint(direction, `${name}: direction`);
  if (direction[0] === 0 && direction[1] === 0 && direction[2] === 0)
    throw new RangeError(`${name}: direction has zero length`);
  if (crossing !== undefined && crossing !== "first" && crossing !== "last")
    throw new RangeError(`${name}: opts.crossing must be "first" or "last", got ${String(crossing)}`);
  return q;
}

/**
 * {@link intersectRay} for finite coordinates whose differences overflow (near ±1.8e308): the same
 * problem in quarter units — every length, the direction too, divided by 4 (exact) — which leaves `t`
 * and the normal unchanged; the point is carried back.
 */
function intersectRayScaled(
  e: Readonly<Ellipsoid>,
  origin: Readonly<Vec3>,
  direction: Readonly<Vec3>,
  opts?: IntersectOptions,
  out?: RayHit,
): RayHit | null {
  const quarter = (v: Readonly<Vec3>): Vec3 => [v[0] / 4, v[1] / 4, v[2] / 4];
  const small: Ellipsoid = { center: quarter(e.center), rotation: e.rotation, radii: quarter(e.radii) };
  const hit = intersectRay(small, quarter(origin), quarter(direction), opts, out);
  if (hit) hit.point.forEach((x, i) => (hit.point[i] = x * 4));
  return hit;
}

/** `R·S⁻²·R⁻¹(p − c)`, normalized: the direction of `∇F` at `p`. */
function gradientDirection(c: Readonly<Vec3>, q: Readonly<Quat>, r: Readonly<Vec3>, p: Readonly<Vec3>): Vec3 {
  const local = rotateVec3(conjugate(q), sub(p, c));
  const g: Vec3 = [local[0] / (r[0] * r[0]), local[1] / (r[1] * r[1]), local[2] / (r[2] * r[2])];
  return rotateVec3(q, normalize(g, "ellipsoid.normalAt: p − center"));
}

/**
 * The outward unit normal of the ellipsoid at `p`: the direction of the gradient of {@link implicit},
 * `R·S⁻²·R⁻¹(p − c)` — the unit sphere's normal `u` carried by the inverse transpose `M⁻ᵀ = R·S⁻¹` of
 * `M = R·S`. (Carrying it by `M` itself, as for points, tilts it off the surface wherever the radii
 * differ; on a sphere the two agree.)
 *
 * Edge cases: `p` off the surface gives the normal of the scaled copy of the ellipsoid through `p`
 * (same centre, same shape); at the centre there is no normal.
 *
 * @param e - The ellipsoid.
 * @param p - A point, normally on the surface (world units).
 * @returns The unit normal, pointing outward.
 * @throws RangeError for an invalid ellipsoid, a non-finite coordinate, or `p` at the centre.
 * @example normalAt({center: [0, 0, 0], rotation: [0, 0, 0, 1], radii: [2, 1, 1]}, [Math.SQRT2, Math.SQRT1_2, 0]) // ≈ [0.4472, 0.8944, 0]
 */
export function normalAt(e: Readonly<Ellipsoid>, p: Readonly<Vec3>): Vec3 {
  const { c, q, r } = parts(e, "ellipsoid.normalAt: e");
  assertPoint(p, "ellipsoid.normalAt: p");
  return gradientDirection(c, q, r, p);
}

/**
 * The mirror image of `direction` in the plane with the given normal: `d − 2(d·n̂)n̂`. The length of
 * `direction` is kept; the normal's sign and length do not matter (it is normalized here).
 *
 * Edge cases: a direction along the plane is unchanged; one along the normal turns round.
 *
 * @param direction - The incoming direction, any length (a zero vector reflects to itself).
 * @param normal - The mirror's normal, any non-zero length.
 * @returns The reflected direction.
 * @throws RangeError for a non-finite component or a zero normal.
 * @example reflect([1, -1, 0], [0, 1, 0]) // → [1, 1, 0]
 */
export function reflect(direction: Readonly<Vec3>, normal: Readonly<Vec3>): Vec3 {
  assertPoint(direction, "ellipsoid.reflect: direction");
  assertPoint(normal, "ellipsoid.reflect: normal");
  const n = normalize(normal, "ellipsoid.reflect: normal");
  const k = 2 * dot(direction, n);
  return [direction[0] - k * n[0], direction[1] - k * n[1], direction[2] - k * n[2]];
}

/** One leg of a traced ray: from `from` to the mirror's `point`, then on along `direction`. */
export interface MirrorBounce {
  /** Where the leg starts. */
  from: Vec3;
  /** The hit on the mirror. */
  point: Vec3;
  /** The outward unit normal there. */
  normal: Vec3;
  /** The reflected direction (unit). */
  direction: Vec3;
  /** The length of the leg, `|point − from|`. */
  length: number;
}

/**
 * Follows a ray through a sequence of ellipsoidal mirrors, each met on the inside at its `"last"`
 * crossing ({@link intersectRay}) and reflected there — the blog's chained mirrors, where each mirror's
 * second focus is the next one's first, so a ray from the first focus passes through every shared focus
 * and ends through the last.
 *
 * Edge cases: a mirror the ray misses ends the trace (the bounces so far are returned).
 *
 * @param mirrors - The mirrors in the order the ray meets them.
 * @param origin - The ray's start (e.g. the first mirror's first focus).
 * @param direction - The initial direction, any non-zero length.
 * @returns One {@link MirrorBounce} per mirror hit, in order.
 * @throws RangeError for an invalid mirror, a non-finite coordinate or a zero direction.
 * @example traceMirrors([fromFoci([0, 0, 0], [4, 0, 0], 6)], [0, 0, 0], [0, 1, 0])[0].direction // ≈ [0.8484, -0.5294, 0] (towards (4, 0, 0))
 */
export function traceMirrors(
  mirrors: readonly Readonly<Ellipsoid>[],
  origin: Readonly<Vec3>,
  direction: Readonly<Vec3>,
): MirrorBounce[] {
  assertPoint(origin, "ellipsoid.traceMirrors: origin");
  let from: Vec3 = [origin[0], origin[1], origin[2]];
  let d = normalize(direction, "ellipsoid.traceMirrors: direction");
  const out: MirrorBounce[] = [];
  for (const mirror of mirrors) {
    const hit = intersectRay(mirror, from, d, { crossing: "last" });
    if (!hit) break;
    const next = normalize(reflect(d, hit.normal));
    out.push({ from, point: hit.point, normal: hit.normal, direction: next, length: distance(from, hit.point) });
    from = hit.point;
    d = next;
  }
  return out;
}
