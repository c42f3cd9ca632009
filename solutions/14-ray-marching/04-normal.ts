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
import { sdf } from "../../lib/index.ts";

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
  const f = sdf.smoothUnion(
    scene.k,
    ...scene.shapes.map((s) =>
      s.kind === "sphere"
        ? sdf.sphere(s.center, s.radius)
        : s.kind === "box"
          ? sdf.box(s.center, s.halfExtents)
          : sdf.plane(s.normal, s.offset),
    ),
  );
  const g: Vec3 = [0, 0, 0];
  for (let i = 0; i < 3; i++) {
    const plus: Vec3 = [p[0], p[1], p[2]];
    const minus: Vec3 = [p[0], p[1], p[2]];
    plus[i]! += h;
    minus[i]! -= h;
    // The /2h cancels in the normalization below; keep it anyway, so g is the gradient itself.
    g[i] = (f(plus) - f(minus)) / (2 * h);
  }
  // Normalize: in a blend (or for any distance bound) |∇f| < 1.
  const len = Math.hypot(g[0], g[1], g[2]);
  return [g[0] / len, g[1] / len, g[2] / len];
}
