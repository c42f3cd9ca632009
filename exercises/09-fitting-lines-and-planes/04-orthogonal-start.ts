/**
 * Exercise 09.4 — The orthogonal-start guard (chapter 09, section 4).
 *
 * Power iteration trusts its start, and two starts betray it. A start at right angles to every
 * centred point (points along x, start (0, 1, 0)) makes `S d` the zero vector: NaN after normalizing.
 * A start at right angles to the answer — exactly, or to rounding — keeps the iteration in the plane
 * of the other two axes, where it settles on the second axis and stops: the wrong line, reported as
 * converged. Fit the line from *any* non-zero start: when `S d = 0`, restart from the largest column
 * of `S` (it is never mapped to zero); after the loop settles, make sure no direction at right angles
 * to the answer holds more spread, and continue from there if one does. The answer must be within
 * 1e-9 rad of the best line whenever the best line is unique with `λ₂/λ₁ ≤ 0.9`. You may use
 * `fit.scatter` and `fit.powerStep` (which throws a RangeError when `S d = 0`), not `fit.fitLine`.
 */

import type { Vec3 } from "../../lib/index.ts";
import { NotImplemented } from "../not-implemented.ts";

/**
 * The direction of the best-fit line through `points`, from any start.
 * @param points - At least two points with a unique best line (`λ₁ > λ₂`), any length unit.
 * @param start - The first direction, any non-zero length — also one with `S·start = 0` or at right angles to the answer.
 * @returns The unit direction of the best-fit line (either sign).
 * @example fitLineFrom([[0, 0, 0], [1, 0, 0], [5, 0, 0]], [0, 1, 0]) // [1, 0, 0]
 */
export function fitLineFrom(points: Vec3[], start: Vec3): Vec3 {
  // TODO: guard the start (S·start = 0), iterate, then check the plane at right angles to the answer.
  throw new NotImplemented("fitLineFrom");
}
