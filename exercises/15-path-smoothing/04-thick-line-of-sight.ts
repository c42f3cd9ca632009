/**
 * Exercise 15.4 — Line of sight for an agent with a radius (chapter 15, section 5).
 *
 * An agent is a disc of radius `radius` (in cell units, > 0) whose centre walks the segment from `a` to
 * `b`; it can take the leg when no blocked cell comes within `radius` of the segment — when the
 * distance from the segment to every blocked cell's square is greater than `radius` (a distance of
 * exactly `radius` is a touch, and blocks). The map is as in exercise 15.1: `rows[y][x]`, `"#"` blocked,
 * cell `(x, y)` the square `[x − ½, x + ½] × [y − ½, y + ½]`, everything outside the map blocked. The
 * distance from a segment to a square is 0 when they meet, and otherwise is reached at an end of the
 * segment or at a corner of the square: the corners are round, not square. An exact touch is decided
 * exactly only where the distance is exact in binary (0.5, or 0.625 = hypot(0.375, 0.5)), and the checks
 * put touches only there; at a distance such as 0.3 rounding decides, and no check asks. You may use
 * `segments.closestPointOnSegment` and `vec3` (a 2D point is `[x, y, 0]`), not `path`.
 */

import { NotImplemented } from "../not-implemented.ts";

/**
 * Whether a disc of the given radius can move along the segment `ab` without touching a blocked cell.
 * @param rows - The map, one string per row `y`; `"#"` blocked.
 * @param a - The start `[x, y]` of the disc's centre, in cell units.
 * @param b - The end `[x, y]`.
 * @param radius - The disc's radius in cell units, > 0.
 * @returns `true` when every blocked cell (the outside included) is farther than `radius` from the segment.
 * @example thickLineOfSight(["...", ".#.", "..."], [0, 0], [2, 0], 0.4) // true
 */
export function thickLineOfSight(rows: string[], a: [number, number], b: [number, number], radius: number): boolean {
  // TODO: the distance from the segment to each nearby blocked square, against the radius.
  throw new NotImplemented("thickLineOfSight");
}
