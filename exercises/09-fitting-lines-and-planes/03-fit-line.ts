/**
 * Exercise 09.3 — Fit a line by power iteration, with a convergence test (chapter 09, section 2).
 *
 * The best-fit line runs through the centroid along the top eigenvector of the scatter matrix `S`.
 * Find that direction the blog's way: start from `start` and repeat the power step `d ← S d / |S d|`
 * until it settles. Stop after the first step that moves the direction by at most `tolerance` — the
 * distance `|dₖ₊₁ − dₖ|` between consecutive unit directions, about the angle in radians — or after
 * `maxIterations` steps, whichever comes first (`maxIterations = 0` returns `start`, normalized). The
 * loop must stop by itself: a check passes `maxIterations = 10⁹`. The error shrinks by `λ₂/λ₁` per step,
 * so a round cloud takes many more steps than a long one, and stopping on a tiny step leaves an error
 * of about `tolerance·λ₂/(λ₁ − λ₂)`. You may assume `start` is not at right angles to the answer
 * (exercise 09.4 removes that assumption). You may use `fit.scatter` and `fit.powerStep`, not `fit.fitLine`.
 */

import type { Vec3 } from "../../lib/index.ts";
import { NotImplemented } from "../not-implemented.ts";

/**
 * The direction of the best-fit line through `points`, by power iteration from `start`.
 * @param points - At least two points, not all coincident (any length unit).
 * @param start - The first direction, any non-zero length, not at right angles to the answer.
 * @param tolerance - Stop after a step that moves the unit direction by at most this (≈ radians), > 0.
 * @param maxIterations - At most this many power steps (an integer ≥ 0).
 * @returns The unit direction after the last step (its sign is `start`'s hemisphere).
 * @example fitLine([[0, 0, 0], [1, 1, 0], [2, 2, 0]], [1, 0, 0], 1e-12, 100) // ≈ [0.7071, 0.7071, 0]
 */
export function fitLine(points: Vec3[], start: Vec3, tolerance: number, maxIterations: number): Vec3 {
  // TODO: repeat the power step until a step moves d by at most tolerance, or maxIterations steps.
  throw new NotImplemented("fitLine");
}
