/**
 * Exercise 13.5 — Reflection, and the focal property (chapter 13, section 5).
 *
 * `reflect(d, n)` mirrors a direction in the plane with normal `n`: `d − 2(d·n̂)n̂`, with `n̂` the unit
 * normal — `n` may have any length from 1e-100 to 1e100 (beyond, `n·n` under- or overflows, and no check
 * goes there) and either sign, and the length of `d` is kept. Then
 * `bounce(e, origin, direction)` follows a ray from a point inside the mirror `e` to the surface (use
 * `ellipsoid.intersectRay` from the library for the hit point and the normal) and returns the unit
 * direction it leaves in. From one focus of a spheroid that direction points at the other focus, to
 * 1e-9 — the checks hold you to it — but `bounce` must reflect: rays from points that are not foci are
 * checked too. Do not use `ellipsoid.reflect`, `ellipsoid.traceMirrors` or `vec3.projectOnPlane`.
 */

import { type Vec3, ellipsoid, vec3 } from "../../lib/index.ts";
import type { Ellipsoid } from "../../lib/ellipsoid.ts";

/**
 * The mirror image of `direction` in the plane with the given normal.
 * @param direction - The incoming direction, any length.
 * @param normal - The mirror's normal, of length 1e-100 … 1e100, either sign.
 * @returns `d − 2(d·n̂)n̂`, as long as `direction`.
 * @example reflect([1, -1, 0], [0, 2, 0]) // [1, 1, 0]
 */
export function reflect(direction: Vec3, normal: Vec3): Vec3 {
  const n = vec3.normalize(normal); // the formula needs a unit normal; its sign cancels (n appears twice)
  return vec3.sub(direction, vec3.scale(n, 2 * vec3.dot(direction, n)));
}

/**
 * The unit direction of the ray `origin + t·direction` after it reflects off the inside of `e`.
 * @param e - The mirror (an ellipsoid; `origin` is inside it).
 * @param origin - The ray's start, inside `e`.
 * @param direction - Its direction, any non-zero length.
 * @returns The reflected unit direction.
 * @example bounce(ellipsoid.fromFoci([0, 0, 0], [4, 0, 0], 6), [0, 0, 0], [0, 1, 0]) // ≈ [0.8484, -0.5294, 0], towards (4, 0, 0)
 */
export function bounce(e: Ellipsoid, origin: Vec3, direction: Vec3): Vec3 {
  const hit = ellipsoid.intersectRay(e, origin, direction);
  if (!hit) throw new RangeError("bounce: the ray does not meet the mirror (is origin inside it?)");
  return vec3.normalize(reflect(direction, hit.normal));
}
