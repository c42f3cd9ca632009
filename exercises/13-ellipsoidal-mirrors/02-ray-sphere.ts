/**
 * Exercise 13.2 — Where a ray meets a sphere (chapter 13, section 2).
 *
 * Solve `|o + t·d − c|² = r²` for the ray `o + t·d`: return the smallest root `t > 0` — the entry when
 * the origin is outside, the exit when it is inside — or `null` when the ray misses or the sphere lies
 * behind it. A ray that grazes the sphere (a tangent: a zero discriminant, one double root) touches
 * it, and that root is the answer. `d` may have any length from 1e-100 to 1e100 (beyond, `d·d` itself
 * under- or overflows, and no check goes there), and `t` is measured in it (the hit is `o + t·d`). The answer must be accurate to 1e-12 relative, also for a ray that starts far
 * away: `b² − ac` cancels there, so compute the discriminant from the distance between the centre
 * and the line instead (section 2 shows the numbers). Do not use `ellipsoid` from the library.
 */

import type { Vec3 } from "../../lib/index.ts";
import { NotImplemented } from "../not-implemented.ts";

/**
 * The first `t > 0` at which the ray `origin + t·direction` is on the sphere, or null.
 * @param center - The sphere's centre.
 * @param radius - Its radius, > 0.
 * @param origin - The ray's start.
 * @param direction - The ray's direction, of length 1e-100 … 1e100 (`t` is in its units).
 * @returns The smallest root `t > 0`, or `null` for a miss or a sphere behind the origin.
 * @example intersectSphere([0, 0, 5], 1, [0, 0, 0], [0, 0, 2]) // 2 (the point (0, 0, 4))
 */
export function intersectSphere(center: Vec3, radius: number, origin: Vec3, direction: Vec3): number | null {
  // TODO: the roots of a t² + 2b t + c = 0, with a discriminant that keeps its digits far away.
  throw new NotImplemented("intersectSphere");
}
