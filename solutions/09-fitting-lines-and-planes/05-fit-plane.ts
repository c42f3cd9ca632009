/**
 * Exercise 09.5 — Fit a plane (chapter 09, section 5).
 *
 * The best-fit plane passes through the centroid, and its normal is the *bottom* eigenvector of the
 * scatter matrix `S`: the direction of least spread. Find the unit normal without an eigen-solver.
 * The blog's way: fit the primary axis, flatten the points onto the plane at right angles to it, fit
 * the secondary axis of the flattened points, and take the cross product. (Another way: power
 * iteration on `tr(S)·I − S`, whose top eigenvector is `S`'s bottom one.) Either way, do not trust a
 * fixed start such as (1, 0, 0): for a plane whose normal is x it is the normal itself, S maps it to
 * zero, and the blog's demo is left with a zero vector for an axis (NaN once divided by its length).
 * The answer must be within 1e-9 rad of the best plane's normal (either sign) whenever the best plane is
 * unique with `λ₃/λ₂ ≤ 0.9` (the two smallest eigenvalues of `S`; not collinear, not all coincident) —
 * the gap that power iteration on the second axis converges with, as exercise 09.4's `λ₂/λ₁ ≤ 0.9`. You may use `fit.scatter`,
 * `fit.powerStep` and `fit.fitLine`, not `fit.fitPlane` or `decompose`.
 */

import type { Vec3 } from "../../lib/index.ts";
import { fit, vec3 } from "../../lib/index.ts";

/**
 * The unit normal of the best-fit plane through `points` (the plane passes through their centroid).
 * @param points - At least three points with a clear best plane (`λ₃/λ₂ ≤ 0.9`, not collinear), any length unit.
 * @returns A unit normal (either sign).
 * @example fitPlane([[0, 0, 1], [1, 0, 1], [0, 1, 1], [1, 1, 1]]) // [0, 0, ±1]
 */
export function fitPlane(points: Vec3[]): Vec3 {
  // The blog's sequential down projection, on fit.fitLine (guarded: no start can trap it).
  const { point: c, direction: primary } = fit.fitLine(points);
  // Flatten the centred points onto the plane ⟂ primary; their best line is the secondary axis.
  const flat = points.map((p) => vec3.projectOnPlane(vec3.sub(p, c), primary));
  const secondary = fit.fitLine(flat).direction;
  // The flattened points have no spread along primary, so secondary ⟂ primary to rounding.
  return vec3.normalize(vec3.cross(primary, secondary));
}
