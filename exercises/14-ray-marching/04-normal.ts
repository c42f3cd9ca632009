/**
 * Exercise 14.4 — The surface normal from the distance field (chapter 14, section 6).
 *
 * The outward normal of a distance field's surface is its gradient, normalized. Estimate the gradient
 * at `p` by central differences, `(f(p + h·eᵢ) − f(p − h·eᵢ)) / 2h` for the three axes `eᵢ`, and return
 * it as a unit vector. The scene is the smooth union (`sdf.smoothUnion`, blend width `scene.k`, 0 for
 * the plain union) of `scene.shapes`, described as in exercise 14.2. Central differences are accurate
 * to O(h²) — fact 14.4: to 1e-6 on a sphere with h = 1e-4 — where forward differences are only O(h);
 * and inside a blend the gradient is shorter than 1, so normalizing matters. You may use `vec3` and
 * the shape builders, not `sdf.normal`. `p` is never where the gradient vanishes.
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
 * The unit outward normal of the scene's distance field at `p`, by central differences.
 * @param scene - `{k, shapes}`: the smooth union of at least one shape, blend width `k ≥ 0`.
 * @param p - A point, usually on or near the surface.
 * @param h - The difference step, > 0 (in length units).
 * @returns The unit gradient of the field at `p`.
 * @example normal({k: 0, shapes: [{kind: "sphere", center: [0, 0, 0], radius: 2}]}, [0, 2, 0], 1e-4) // [0, 1, 0]
 */
export function normal(scene: { k: number; shapes: Shape[] }, p: Vec3, h: number): Vec3 {
  // TODO: build the scene; central differences along x, y, z; normalize.
  throw new NotImplemented("normal");
}
