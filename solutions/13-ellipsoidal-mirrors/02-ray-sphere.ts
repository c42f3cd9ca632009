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

import { type Vec3, vec3 } from "../../lib/index.ts";

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
  const oc = vec3.sub(origin, center);
  const a = vec3.dot(direction, direction);
  const b = vec3.dot(oc, direction); // half the usual b: roots (−b ± √(b² − ac)) / a
  // b² − ac = a·(r² − |h|²), h the centre's offset from the line: no 1e14 − 1e14 for a far origin.
  const h = vec3.sub(oc, vec3.scale(direction, b / a));
  const disc = a * (radius * radius - vec3.dot(h, h));
  if (disc < 0) return null;
  const c = vec3.dot(oc, oc) - radius * radius;
  const q = -(b + (b >= 0 ? 1 : -1) * Math.sqrt(disc)); // −b and −√ have the same sign: no cancellation
  if (q === 0) return null; // origin on the sphere and the ray tangent to it there
  const [t0, t1] = [q / a, c / q].sort((x, y) => x - y) as [number, number];
  if (t0 > 0) return t0;
  return t1 > 0 ? t1 : null;
}
