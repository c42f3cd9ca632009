/**
 * Chapter 15's example map, written once: the notebook draws it, and the curriculum's facts, the prose
 * checks and exercise 15.2's definition all read it from here, so a change to the map is one change.
 * Plain data, no imports but a type: the exercise definitions load it in Node without a DOM.
 */

import type { path } from "../../lib/index.ts";

/**
 * The example map, 16 × 10 cells (rows as in `path.gridFromRows`: `rows[j][i]`, `"#"` blocked), with A*'s
 * start S = (0, 9) and goal G = (15, 8). The goal sits in a pocket whose mouth faces down, so the raw path
 * ends round a corner: the case where the blog's smoothing loop (fact 15.1) walks through a wall.
 */
export const PATH_EXAMPLE: {
  readonly rows: readonly string[];
  readonly start: path.GridPoint;
  readonly goal: path.GridPoint;
} = {
  rows: [
    "................",
    "....#...........",
    "....#.....#.....",
    "....#.....#.##..",
    "....#.....#..#..",
    "..........#..#..",
    "...####...#..#..",
    "..........#...##",
    "......#...#...#.",
    "......#.........",
  ],
  start: [0, 9],
  goal: [15, 8],
};
