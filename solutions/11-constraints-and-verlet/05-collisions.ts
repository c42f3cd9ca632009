/**
 * Exercise 11.5 — Collision constraints: a sphere and a floor (chapter 11, section 4).
 *
 * A collision is a projection too, but onto a solid: only points that are *inside* move. `outOfSphere`
 * leaves a point on or outside the sphere exactly where it is and moves a point inside to the nearest
 * point of the surface (along the ray from the centre); a point exactly at the centre is pushed along +x
 * (every surface point is equally near; the course uses one fallback direction everywhere, the same as
 * exercise 11.1 and `constraints.constrainDistance`). A point 1e-170 from the centre still has a
 * direction. `aboveFloor` moves a point below the horizontal floor `y = height` straight up onto it (its
 * y becomes exactly `height`) and leaves a point on or above it alone. You may use `vec3` and
 * `constraints.constrainDistance`.
 */

import { type Vec3, constraints, vec3 } from "../../lib/index.ts";

/**
 * Pushes a point out of a solid sphere.
 * @param point - The point (any length unit).
 * @param center - The sphere's centre.
 * @param radius - Its radius, ≥ 0.
 * @returns `point` itself if `|point − center| ≥ radius`, else the nearest surface point (+x from the centre for `point = center`).
 * @example outOfSphere([0, 0.5, 0], [0, 0, 0], 1) // [0, 1, 0]
 */
export function outOfSphere(point: Vec3, center: Vec3, radius: number): Vec3 {
  if (vec3.distance(point, center) >= radius) return point; // an inequality: outside points do not move
  return constraints.constrainDistance(point, center, radius); // its fallback is +x, as the task asks
}

/**
 * Pushes a point up out of the floor `y = height`.
 * @param point - The point.
 * @param height - The floor's height (y).
 * @returns `point` if `point[1] ≥ height`, else `[point[0], height, point[2]]`.
 * @example aboveFloor([1, -0.5, 2], 0) // [1, 0, 2]
 */
export function aboveFloor(point: Vec3, height: number): Vec3 {
  return point[1] >= height ? point : [point[0], height, point[2]];
}
