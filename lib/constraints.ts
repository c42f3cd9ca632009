/**
 * Constraints as projections, and position Verlet — chapter 11 (after Jakobsen 2001, "Advanced Character
 * Physics", and position-based dynamics).
 *
 * A constraint says where a point may be ("exactly `d` from the anchor", "above the floor"); enforcing it
 * moves the point the least distance that satisfies it — a projection onto the allowed set. Many
 * constraints are enforced by projecting one after another (Gauss–Seidel) or all at once from the same
 * positions and averaging (Jacobi), a few times per frame.
 *
 * Conventions: points are `Vec3` tuples in any length unit; inputs are never changed; a point with a
 * non-finite coordinate, or a negative or non-finite distance, throws a `RangeError` naming the function
 * and the argument.
 *
 * @module constraints
 */

import { type Vec3, add, assertPoint, normalize, scale, sub } from "./vec3.ts";

/** The direction {@link constrainDistance} pushes a point that sits exactly on its anchor. */
export const COINCIDENT_DIRECTION: Readonly<Vec3> = [1, 0, 0];

/**
 * Moves `point` onto the sphere of radius `distance` about `anchor`, along the ray from the anchor through
 * the point: `anchor + distance · (point − anchor)/|point − anchor|` — the nearest point of that sphere.
 * The blog's building block for ropes, chains and FABRIK.
 *
 * The result is `distance` from the anchor to rounding (the direction is normalized with
 * `vec3.normalize`, exact at any size, so a point 1e-200 from its anchor still has a direction).
 *
 * Edge case: when `point` equals `anchor` every direction is equally near and none is given; the point is
 * pushed along `fallback` (default {@link COINCIDENT_DIRECTION}, +x), so the answer is still exactly
 * `distance` away and never NaN. `distance = 0` returns the anchor.
 *
 * @param point - The point to move.
 * @param anchor - The point it must keep its distance from (not moved).
 * @param distance - The required distance, ≥ 0, in the points' unit.
 * @param fallback - The direction to push along when `point = anchor` (need not be unit length).
 * @returns A new point, `distance` from `anchor`.
 * @throws RangeError for a non-finite coordinate, a negative or non-finite distance, or a zero `fallback`.
 * @example constrainDistance([3, 4, 0], [0, 0, 0], 1) // [0.6, 0.8, 0]
 */
export function constrainDistance(
  point: Readonly<Vec3>,
  anchor: Readonly<Vec3>,
  distance: number,
  fallback: Readonly<Vec3> = COINCIDENT_DIRECTION,
): Vec3 {
  assertPoint(point, "constraints.constrainDistance: point");
  assertPoint(anchor, "constraints.constrainDistance: anchor");
  if (!(distance >= 0) || distance === Infinity) {
    throw new RangeError(`constraints.constrainDistance: distance must be finite and ≥ 0 (got ${distance})`);
  }
  const offset = sub(point, anchor);
  const coincident = offset[0] === 0 && offset[1] === 0 && offset[2] === 0;
  const direction = normalize(coincident ? fallback : offset, "constraints.constrainDistance: fallback");
  return add(anchor, scale(direction, distance));
}
