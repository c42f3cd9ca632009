/**
 * Exercise 15.2 — Greedy smoothing with every leg checked (chapter 15, section 3).
 *
 * The blog's idea, with its flaw mended. Keep the first waypoint as the anchor; walk forward while the
 * straight leg from the anchor to the next waypoint has line of sight; when the leg to waypoint `k`
 * does not, keep waypoint `k − 1` as the new anchor and go on from there. The last waypoint is tested
 * like every other (the blog's loop stops one short and appends the goal untested — section 3 shows it
 * walking through a wall), and then kept. The result is a subsequence of the waypoints that starts and
 * ends where they do, has line of sight on every leg, and is never longer. One waypoint gives just that
 * waypoint. The map is as in exercise 15.1 (`"#"` blocked, a cell's centre integer, a corner touch
 * blocks) and the raw path's own legs are clear. You may use `path.gridFromRows` and
 * `path.lineOfSight` from the library, not `path.smoothPath`.
 */

import { path } from "../../lib/index.ts";

/**
 * The greedy smoothing of a raw grid path, every leg (the last one included) with line of sight.
 * @param rows - The map, one string per row `y`; `"#"` blocked.
 * @param waypoints - The raw path `[x, y]`, at least one point, each leg of it clear.
 * @returns The kept waypoints, in order: the first, the anchors, the last.
 * @example smoothPath(["...", ".#.", "..."], [[0, 2], [1, 2], [2, 2], [2, 1]]) // [[0, 2], [2, 2], [2, 1]]
 */
export function smoothPath(rows: string[], waypoints: [number, number][]): [number, number][] {
  const grid = path.gridFromRows(rows);
  const kept: [number, number][] = [waypoints[0]!];
  let anchor = 0;
  // k runs to the last waypoint inclusive: the leg to the goal is tested like every other.
  for (let k = 1; k < waypoints.length; k++) {
    if (path.lineOfSight(grid, waypoints[anchor]!, waypoints[k]!)) continue;
    anchor = k - 1; // the last waypoint still in sight becomes the new anchor
    kept.push(waypoints[anchor]!);
  }
  if (waypoints.length > 1) kept.push(waypoints[waypoints.length - 1]!);
  return kept;
}
