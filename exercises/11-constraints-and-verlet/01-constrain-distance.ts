/**
 * Exercise 11.1 — The distance constraint (chapter 11, section 1).
 *
 * Move `point` onto the sphere of radius `distance` about `anchor`, to the sphere's nearest point: along
 * the ray from the anchor through the point, `anchor + distance · (point − anchor)/|point − anchor|` — the
 * blog's `ConstrainDistance`. Two edges the blog's one-liner misses: a point exactly on its anchor has no
 * direction (0/0 is NaN) — push it along +x, so the answer is still `distance` away; and a point very
 * close to its anchor (1e-170 away) still has a direction, even though its squared length underflows
 * to 0. `distance = 0` returns the anchor. Do not use `constraints` from the library.
 */

import type { Vec3 } from "../../lib/index.ts";
import { NotImplemented } from "../not-implemented.ts";

/**
 * The point `distance` from `anchor` on the ray from `anchor` through `point`.
 * @param point - The point to move (any length unit).
 * @param anchor - The point it keeps its distance from.
 * @param distance - The distance, ≥ 0.
 * @returns `anchor + distance · unit(point − anchor)`; for `point = anchor`, `anchor + distance · (1, 0, 0)`.
 * @example constrainDistance([3, 4, 0], [0, 0, 0], 1) // [0.6, 0.8, 0]
 */
export function constrainDistance(point: Vec3, anchor: Vec3, distance: number): Vec3 {
  // TODO: anchor + distance · unit(point − anchor), with +x for a point on its anchor.
  throw new NotImplemented("constrainDistance");
}
