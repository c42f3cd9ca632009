/** Greedy smoothing with every leg checked: the checks of exercises/15-path-smoothing/02-smooth-path.ts. */

import { path, random } from "../../../lib/index.ts";

type GridPoint = path.GridPoint;
import { defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/15-path-smoothing/02-smooth-path.ts";
import { caseRng, randomRows, withGridMoves } from "../cases.ts";
import { PATH_EXAMPLE } from "../../../notebooks/figures/path-example.ts";

/** The raw path of a map: the library's A* (8-connected, no corner cutting, so every raw leg is clear). */
const raw = (rows: string[], start: GridPoint, goal: GridPoint): GridPoint[] => {
  const cells = path.aStar(path.gridFromRows(rows), start, goal);
  if (!cells) throw new Error(`no path from [${start}] to [${goal}] on ${rows.join("/")}`);
  return cells;
};

/**
 * The task pins the greedy walk (the waypoint before the first one out of sight), so its answer is one
 * list of integer points, compared exactly. (A checker of any valid smoothing — subsequence, ends kept,
 * every leg clear, never longer — is `path.smoothingProblem`; the chapter's exercise asks for this one.)
 */
const EXACT = { kind: "exact" } as const;

/** The chapter's example map (notebooks/figures/path-example.ts): the goal sits in a pocket whose mouth faces down. */
const EXAMPLE = [...PATH_EXAMPLE.rows];
/** The same pocket, mirrored left to right, and entered from above. */
const MIRRORED = EXAMPLE.map((row) => [...row].reverse().join("")).reverse();

/** A case of `smoothPath`. */
type Case = { fn: "smoothPath"; args: [string[], GridPoint[]]; label: string };

/** `cases`, then each again moved by a random symmetry of the grid and a shift (`movedGrid` in ../cases.ts). */
const withMoved = (seed: number, cases: Case[]): Case[] =>
  withGridMoves(seed, cases, (m, [, waypoints]) => [m.rows, waypoints.map(m.to)]);

export default defineExercise<typeof solution>({
  title: "Greedy smoothing with every leg checked",
  uses: ["path.gridFromRows", "path.lineOfSight"],
  hints: [
    "Keep an index `anchor` (start at 0) and the list `kept = [waypoints[0]]`. For k = 1, 2, …: if the anchor sees waypoints[k], go on; if not, waypoints[k − 1] — the last one it did see — becomes the anchor and joins `kept`.",
    "Let k run to the very last waypoint, waypoints.length − 1, and only then append the last waypoint. The blog's loop stops at length − 2 and appends the goal without testing the leg to it: on the chapter's example that leg goes through the obstacle (14, 8).",
    "With one waypoint return just that one (the blog returns it twice). After the new anchor k − 1 there is no need to test the leg to k again: it is a raw leg, and those are clear.",
  ],
  checks: [
    // Guards: the last leg (to the goal) is tested like every other, then the goal kept — the blog's loop walks through
    // a wall here.
    {
      name: "the chapter's example: the last leg is tested",
      points: 3,
      comparison: EXACT,
      cases: () =>
        withMoved(1505, [
          {
            fn: "smoothPath",
            args: [EXAMPLE, raw(EXAMPLE, PATH_EXAMPLE.start, PATH_EXAMPLE.goal)],
            label: "the chapter's example, A* from (0, 9) to (15, 8)",
          },
          {
            fn: "smoothPath",
            args: [MIRRORED, raw(MIRRORED, [15, 0], [0, 1])],
            label: "the example turned half round, A* from (15, 0) to (0, 1)",
          },
          {
            fn: "smoothPath",
            args: [["...", ".#.", "..."], [[0, 2], [1, 2], [2, 2], [2, 1]]], // prettier-ignore
            label: "round the corner of (1, 1) to the goal (2, 1)",
          },
        ]),
    },
    // Guards: every waypoint in sight of the anchor is dropped: a path in sight collapses to its two ends.
    {
      name: "straight runs collapse to their ends",
      points: 2,
      comparison: EXACT,
      cases: () =>
        withMoved(1506, [
          {
            fn: "smoothPath",
            args: [["......"], [[0, 0], [1, 0], [2, 0], [3, 0], [4, 0], [5, 0]]], // prettier-ignore
            label: "a straight row",
          },
          {
            fn: "smoothPath",
            args: [["....", "....", "....", "...."], raw(["....", "....", "....", "...."], [0, 0], [3, 2])],
            label: "an open map, A* from (0, 0) to (3, 2)",
          },
          {
            fn: "smoothPath",
            args: [["#...", "....", "...#"], [[1, 0], [1, 1], [2, 1], [2, 2]]], // prettier-ignore
            label: "a staircase between two obstacles, all in sight",
          },
        ]),
    },
    // Guards: one waypoint gives just that waypoint (once); two give both; repeated waypoints do not break the walk.
    {
      name: "one waypoint, two waypoints, repeats",
      points: 2,
      comparison: EXACT,
      cases: () =>
        withMoved(1507, [
          { fn: "smoothPath", args: [["...", "...", "..."], [[1, 1]]], label: "one waypoint: itself, once" },
          {
            fn: "smoothPath",
            args: [
              ["...", "...", "..."],
              [
                [0, 0],
                [1, 1],
              ],
            ],
            label: "two waypoints",
          },
          {
            fn: "smoothPath",
            args: [
              ["...", "...", "..."],
              [
                [2, 2],
                [2, 2],
              ],
            ],
            label: "two equal waypoints: both ends",
          },
          {
            fn: "smoothPath",
            args: [["...", "...", "..."], [[0, 0], [0, 0], [1, 0], [1, 0], [2, 1]]], // prettier-ignore
            label: "repeated waypoints in a clear path",
          },
        ]),
    },
    // Guards: when the leg to waypoint k is out of sight, waypoint k − 1 (not k, not the last one tested) becomes the
    // anchor.
    {
      name: "the waypoint before the first one out of sight",
      points: 2,
      comparison: EXACT,
      cases: () => {
        const maze = ["..#.....", "..#..#..", "..#..#..", ".....#..", "#######.", "........"];
        return withMoved(1508, [
          { fn: "smoothPath", args: [maze, raw(maze, [0, 0], [0, 5])], label: "a winding corridor" },
          {
            fn: "smoothPath",
            args: [maze, raw(maze, [0, 5], [3, 0])],
            label: "the same corridor backwards, to (3, 0)",
          },
          {
            fn: "smoothPath",
            args: [["....", ".##.", "...."], [[0, 0], [0, 1], [0, 2], [1, 2], [2, 2], [3, 2], [3, 1], [3, 0]]], // prettier-ignore
            label: "round a block, hand-made",
          },
        ]);
      },
    },
    // Guards: all of it together on A* paths of random maps (hidden).
    {
      name: "A* paths on random maps",
      points: 3,
      hidden: true,
      comparison: EXACT,
      cases: () => {
        const rng = caseRng(1502);
        const cases: { fn: "smoothPath"; args: [string[], GridPoint[]]; label: string }[] = [];
        while (cases.length < 30) {
          const rows = randomRows(rng, 14, 9, 0.25);
          const cell = (): GridPoint => [Math.floor(rng() * 14), Math.floor(rng() * 9)];
          const [a, b] = [cell(), cell()];
          const cells = path.aStar(path.gridFromRows(rows), a, b);
          if (cells && cells.length >= 3)
            cases.push({ fn: "smoothPath", args: [rows, cells], label: `A* from [${a}] to [${b}]` });
        }
        return cases;
      },
    },
  ],
});
