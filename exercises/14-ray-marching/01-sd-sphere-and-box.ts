/**
 * Exercise 14.1 — The signed distance to a sphere and to a box (chapter 14, section 1).
 *
 * A signed distance function gives, at a point `p`, the distance to a shape's surface: positive outside,
 * zero on the surface, negative inside. Write it for a sphere (`center`, `radius`) and for an
 * axis-aligned box (`center`, `halfExtents`: half its size along x, y, z). For the box, fold `p` into
 * the positive octant around the centre and measure `q = |p − center| − halfExtents` per axis: outside,
 * the distance is the length of the part of `q` that sticks out (a face, an edge or a corner — not the
 * largest component of `q`); inside, it is minus the distance to the nearest face. Both must be exact,
 * not bounds. You may use `vec3`.
 */

import type { Vec3 } from "../../lib/index.ts";
import { NotImplemented } from "../not-implemented.ts";

/**
 * The signed distance from `p` to the sphere of `radius` about `center`.
 * @param p - The point.
 * @param center - The sphere's centre.
 * @param radius - Its radius, ≥ 0.
 * @returns `|p − center| − radius` (negative inside).
 * @example sdSphere([0, 0, 0], [0, 0, 5], 1) === 4
 */
export function sdSphere(p: Vec3, center: Vec3, radius: number): number {
  // TODO: the distance from p to the centre, minus the radius.
  throw new NotImplemented("sdSphere");
}

/**
 * The signed distance from `p` to the axis-aligned box about `center` with half-sizes `halfExtents`.
 * @param p - The point.
 * @param center - The box's centre.
 * @param halfExtents - Half its size along x, y, z, each ≥ 0.
 * @returns The exact distance outside; minus the distance to the nearest face inside.
 * @example sdBox([2, 2, 0], [0, 0, 0], [1, 1, 1]) === Math.SQRT2
 */
export function sdBox(p: Vec3, center: Vec3, halfExtents: Vec3): number {
  // TODO: q = |p − center| − halfExtents per axis; the length of its positive part, plus the inside term.
  throw new NotImplemented("sdBox");
}
