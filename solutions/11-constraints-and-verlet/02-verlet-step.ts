/**
 * Exercise 11.2 — One step of position Verlet (chapter 11, section 3).
 *
 * A particle's velocity is not stored: it is implicit in where the particle is now, `x`, and where it was
 * one step ago, `xₚ`. One step moves it on by the same displacement again plus the acceleration's share,
 * `x + (x − xₚ) + a·dt²`. That is exact for a constant acceleration: from two points of a parabola, the
 * step lands on the next point of the same parabola (fact 11.2) — so not `a·dt²/2`, and not `a·dt`.
 * `dt` is in seconds and > 0, `a` in length units per second². Do not use `constraints` from the library.
 */

import type { Vec3 } from "../../lib/index.ts";

/**
 * The particle's next position under position Verlet.
 * @param position - Where it is now, `xₙ`.
 * @param previous - Where it was one step ago, `xₙ₋₁`.
 * @param acceleration - The constant acceleration over the step (length/s²).
 * @param dt - The time step, > 0 (s).
 * @returns `xₙ₊₁ = xₙ + (xₙ − xₙ₋₁) + a·dt²`.
 * @example verletStep([0, 1, 0], [0, 1, 0], [0, -8, 0], 0.5) // [0, -1, 0]
 */
export function verletStep(position: Vec3, previous: Vec3, acceleration: Vec3, dt: number): Vec3 {
  const dt2 = dt * dt; // the whole a·dt²: the Taylor terms of x(t + dt) and x(t − dt) add up to it, the halves do not
  return [0, 1, 2].map((i) => position[i]! + (position[i]! - previous[i]!) + acceleration[i]! * dt2) as Vec3;
}
