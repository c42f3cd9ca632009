/**
 * Exercise 13.4 — The normal of an ellipsoid: the inverse transpose (chapter 13, section 4).
 *
 * Return the outward unit normal at a point `p` of the ellipsoid. In unit-sphere space the normal at
 * `u = S⁻¹R⁻¹(p − c)` is `u` itself; carry it back to the world by the inverse transpose of
 * `M = R·S`, which is `R·S⁻¹` — not by `M`, as points are carried (that tilts the normal off the
 * surface wherever the radii differ). Equivalently, the gradient of `|S⁻¹R⁻¹(p − c)|²`. For `p` a
 * little off the surface (a computed hit point) return the same formula's direction. Do not use
 * `ellipsoid` from the library.
 */

import type { Vec3 } from "../../lib/index.ts";
import type { Ellipsoid } from "../../lib/ellipsoid.ts";
import { NotImplemented } from "../not-implemented.ts";

/**
 * The outward unit normal of the ellipsoid at the surface point `p`.
 * @param e - The ellipsoid `{center, rotation, radii}`.
 * @param p - A point on (or, by rounding, next to) its surface; not the centre.
 * @returns The unit normal, pointing out.
 * @example normalAt({center: [0, 0, 0], rotation: [0, 0, 0, 1], radii: [2, 1, 1]}, [Math.SQRT2, Math.SQRT1_2, 0]) // ≈ [0.4472, 0.8944, 0]
 */
export function normalAt(e: Ellipsoid, p: Vec3): Vec3 {
  // TODO: u = S⁻¹R⁻¹(p − c), then R·S⁻¹·u, normalized.
  throw new NotImplemented("normalAt");
}
