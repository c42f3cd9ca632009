/**
 * Exercise 14.3 — The march loop, with a distance limit and a step limit (chapter 14, section 3).
 *
 * Sphere-trace a ray through the union of `shapes` (data as in exercise 14.2; `sdf.sphere`, `sdf.box`,
 * `sdf.plane` and `sdf.union` are allowed, `sdf.march` is not). Normalize `direction` first, so `t` is a
 * distance. Then, starting at `t = 0`, repeat at most `maxSteps` times: evaluate the scene's distance
 * `d` at `origin + t·direction` — that is one *step*, counted whether or not it finds a hit; if
 * `d < epsilon`, stop: a hit at `t` (a negative `d`, an origin inside a shape, is a hit too); otherwise
 * advance `t += d` and stop with a miss if `t > maxDistance`. If the steps run out, it is a miss at the
 * `t` reached. Return `[hit ? 1 : 0, t, steps]`. Fact 14.1: a unit sphere 5 ahead is hit at `t = 4` on
 * step 2; fact 14.2: rays grazing it take 15, 39, 80 steps.
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
 * Sphere tracing through the union of `shapes`.
 * @param shapes - At least one shape.
 * @param origin - Where the ray starts.
 * @param direction - Its direction, any non-zero length.
 * @param epsilon - A hit is a distance below this, > 0.
 * @param maxDistance - A miss once `t` exceeds this, > 0.
 * @param maxSteps - At most this many evaluations of the scene, an integer ≥ 1.
 * @returns `[hit, t, steps]`: `hit` 1 or 0, `t` the distance marched, `steps` the evaluations made.
 * @example march([{kind: "sphere", center: [0, 0, 5], radius: 1}], [0, 0, 0], [0, 0, 1], 1e-4, 100, 256) // [1, 4, 2]
 */
export function march(
  shapes: Shape[],
  origin: Vec3,
  direction: Vec3,
  epsilon: number,
  maxDistance: number,
  maxSteps: number,
): [number, number, number] {
  // TODO: build the scene, normalize direction, and loop: evaluate, test for a hit, advance, test the distance.
  throw new NotImplemented("march");
}
