/**
 * Exercise 15.1 — Line of sight on a grid (chapter 15, section 2).
 *
 * The map is a list of rows, `rows[y][x]`, `"#"` an obstacle and `"."` free; cell `(x, y)` is the closed
 * square `[x − ½, x + ½] × [y − ½, y + ½]`, so cell centres have integer coordinates, and everything
 * outside the map is blocked. Decide whether the closed segment from `a` to `b` touches a blocked cell:
 * walk it cell by cell (Amanatides & Woo) — from the current cell it leaves through the next vertical
 * grid line or the next horizontal one, whichever comes first. A touch counts: when the segment passes
 * exactly through a grid corner it touches the two cells beside the corner too, so it is blocked if
 * either is (no squeezing between diagonal obstacles). The answer must be the same from `b` to `a`.
 * `a` and `b` may be any points, not only cell centres. Do not use `path` from the library.
 */

import { NotImplemented } from "../not-implemented.ts";

/**
 * Whether the closed segment `ab` touches no blocked cell of the map.
 * @param rows - The map, one string per row `y`, all the same length; `"#"` blocked.
 * @param a - The start `[x, y]` in cell units (a cell's centre is integer).
 * @param b - The end `[x, y]`.
 * @returns `true` when the segment is clear (a corner touch of a blocked cell blocks it; so does the outside).
 * @example lineOfSight(["...", ".#.", "..."], [0, 0], [2, 0]) // true
 */
export function lineOfSight(rows: string[], a: [number, number], b: [number, number]): boolean {
  // TODO: visit every cell the segment touches, the cells beside an exact corner included.
  throw new NotImplemented("lineOfSight");
}
