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

import { segments, vec3 } from "../../lib/index.ts";

/** Whether the closed segment ab meets the closed square [lo, hi]² given by its cell (slab clipping). */
function meets(a: [number, number], b: [number, number], i: number, j: number): boolean {
  let t0 = 0,
    t1 = 1;
  for (const [p, q, c] of [
    [a[0], b[0], i],
    [a[1], b[1], j],
  ] as const) {
    if (p === q) {
      if (Math.abs(p - c) > 0.5) return false;
      continue;
    }
    const u = (c - 0.5 - p) / (q - p),
      v = (c + 0.5 - p) / (q - p);
    t0 = Math.max(t0, Math.min(u, v));
    t1 = Math.min(t1, Math.max(u, v));
  }
  return t0 <= t1;
}

/** The distance from the segment ab to cell (i, j)'s square. */
function distanceToCell(a: [number, number], b: [number, number], i: number, j: number): number {
  if (meets(a, b, i, j)) return 0;
  const toSquare = ([x, y]: [number, number]) =>
    Math.hypot(Math.max(Math.abs(x - i) - 0.5, 0), Math.max(Math.abs(y - j) - 0.5, 0));
  let best = Math.min(toSquare(a), toSquare(b));
  // Apart, the nearest pair has an end of the segment or a corner of the square: the corners are round.
  for (const [cx, cy] of [
    [i - 0.5, j - 0.5],
    [i + 0.5, j - 0.5],
    [i - 0.5, j + 0.5],
    [i + 0.5, j + 0.5],
  ]) {
    // prettier-ignore
    const c: vec3.Vec3 = [cx!, cy!, 0];
    best = Math.min(best, vec3.distance(c, segments.closestPointOnSegment(c, [a[0], a[1], 0], [b[0], b[1], 0]).point));
  }
  return best;
}

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
  const blocked = (i: number, j: number) =>
    j < 0 || j >= rows.length || i < 0 || i >= rows[0]!.length || rows[j]![i] === "#";
  // Only cells within `radius` of the segment matter: those overlapping its bounding box grown by radius.
  for (let j = Math.floor(Math.min(a[1], b[1]) - radius) - 1; j <= Math.ceil(Math.max(a[1], b[1]) + radius) + 1; j++)
    for (let i = Math.floor(Math.min(a[0], b[0]) - radius) - 1; i <= Math.ceil(Math.max(a[0], b[0]) + radius) + 1; i++)
      if (blocked(i, j) && distanceToCell(a, b, i, j) <= radius) return false;
  return true;
}
