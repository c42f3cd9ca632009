/**
 * Exercise 13.3 — Where a ray meets an ellipsoid: the t bookkeeping (chapter 13, section 3).
 *
 * Map the ray into the ellipsoid's unit-sphere space — `o' = S⁻¹R⁻¹(o − c)` and `d' = S⁻¹R⁻¹d`, with
 * `R` the rotation and `S = diag(radii)` — and intersect the unit sphere there. Do **not** normalize
 * `d'`: then the root `t` is the same in both spaces and the hit is `origin + t·direction`. Return the
 * first crossing with `t > 0` (the entry from outside, the exit from inside) or `null`. A ray that
 * starts on the surface (a reflected ray, whose origin is a computed hit point) must find the far side:
 * treat a root within 1e-9 of the origin, measured in unit-sphere space (`|t·d'| ≤ 1e-9`), as the
 * origin itself and skip it. Do not use `ellipsoid` from the library.
 */

import { type Vec3, quat, vec3 } from "../../lib/index.ts";
import type { Ellipsoid } from "../../lib/ellipsoid.ts";

/** World to unit-sphere space for a vector (no translation): S⁻¹·R⁻¹·v. */
function toSphere(e: Ellipsoid, v: Vec3): Vec3 {
  const local = quat.rotateVec3(quat.conjugate(e.rotation), v);
  return [local[0] / e.radii[0], local[1] / e.radii[1], local[2] / e.radii[2]];
}

/**
 * The first `t > 0` at which `origin + t·direction` is on the ellipsoid, or null.
 * @param e - The ellipsoid `{center, rotation, radii}` (radii are semi-axes; rotation a unit quaternion).
 * @param origin - The ray's start (possibly on the surface).
 * @param direction - The ray's direction, of length 1e-100 … 1e100 (beyond, `d'·d'` under- or overflows, and
 *   no check goes there); `t` is in its units.
 * @returns The first crossing's `t`, or `null` for a miss or an ellipsoid behind the origin.
 * @example intersectEllipsoid({center: [0, 0, 0], rotation: [0, 0, 0, 1], radii: [2, 1, 1]}, [-5, 0, 0], [1, 0, 0]) // 3
 */
export function intersectEllipsoid(e: Ellipsoid, origin: Vec3, direction: Vec3): number | null {
  const o = toSphere(e, vec3.sub(origin, e.center));
  const d = toSphere(e, direction); // not normalized: t stays in the units of the given direction
  const a = vec3.dot(d, d);
  const b = vec3.dot(o, d);
  const h = vec3.sub(o, vec3.scale(d, b / a)); // the centre's offset from the mapped line
  const disc = a * (1 - vec3.dot(h, h));
  if (disc < 0) return null;
  const q = -(b + (b >= 0 ? 1 : -1) * Math.sqrt(disc));
  if (q === 0) return null;
  const roots = [q / a, (vec3.dot(o, o) - 1) / q].sort((x, y) => x - y);
  const speed = Math.sqrt(a);
  // A root this close to the origin is the origin lying on the surface (after a bounce): skip it.
  const ahead = roots.filter((t) => t * speed > 1e-9);
  return ahead.length > 0 ? ahead[0]! : null;
}
