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

import type { Vec3 } from "../../lib/index.ts";
import type { Ellipsoid } from "../../lib/ellipsoid.ts";
import { NotImplemented } from "../not-implemented.ts";

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
  // TODO: map o and d by S⁻¹R⁻¹ (d without renormalizing), solve against the unit sphere, skip t ≈ 0.
  throw new NotImplemented("intersectEllipsoid");
}
