/**
 * Exercise 14.5 — A safe step for a non-uniformly scaled shape (chapter 14, section 5).
 *
 * Stretching a shape by `factors = (sx, sy, sz)` about the origin (its centre moves too) is, for its
 * distance function `f`, evaluating it at `p / s` (per component). But `f(p / s)` is not a distance:
 * the map `p ↦ p / s` stretches lengths by up to `L = max(1/sx, 1/sy, 1/sz)`, so `f(p / s)` can be `L`
 * times too large and a march steps through the surface (fact 14.3: the unit sphere squashed by ½
 * along x gives 3 at (2, 0, 0), where the true distance is 1.5). Return the safe bound `f(p / s) / L`,
 * which never exceeds the true distance. How close it comes depends on the shape: for a sphere centred at
 * the origin it is exact along the axis of the smallest factor, but for a plane it can be short everywhere
 * (the plane x + y = 0 squashed by ½ along y: 3/(2√2) at (1, 1, 0), where the truth is 3/√5). `shape`
 * is described as in exercise 14.2; `sdf.sphere`, `sdf.box` and `sdf.plane` are allowed, `sdf.scaled` is not.
 */

import type { Vec3 } from "../../lib/index.ts";
import { NotImplemented } from "../not-implemented.ts";

/**
 * A shape as data: a sphere, an axis-aligned box, or the solid below a plane `p·n̂ = offset`, where `n̂`
 * is `normal` normalized: a plane's `normal` may have any non-zero length.
 */
export type Shape =
  | { kind: "sphere"; center: Vec3; radius: number }
  | { kind: "box"; center: Vec3; halfExtents: Vec3 }
  | { kind: "plane"; normal: Vec3; offset: number };

/**
 * A distance bound for `shape` stretched by `factors` about the origin, safe to march with.
 * @param p - The point.
 * @param shape - The unstretched shape.
 * @param factors - Stretch factors along x, y, z, each > 0.
 * @returns `f(p / s) / max(1/s)`: ≤ the true distance outside; exact along the shortest axis for a sphere centred at the origin.
 * @example scaledDistance([2, 0, 0], {kind: "sphere", center: [0, 0, 0], radius: 1}, [0.5, 1, 1]) === 1.5
 */
export function scaledDistance(p: Vec3, shape: Shape, factors: Vec3): number {
  // TODO: evaluate the shape at p / s, then divide by the largest stretch of p ↦ p / s.
  throw new NotImplemented("scaledDistance");
}
