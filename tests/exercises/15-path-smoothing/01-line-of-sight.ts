/** Line of sight on a grid: the checks of exercises/15-path-smoothing/01-line-of-sight.ts. */

import { random } from "../../../lib/index.ts";
import { defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/15-path-smoothing/01-line-of-sight.ts";
import { caseRng, randomRows, withGridMoves } from "../cases.ts";

/** A yes-or-no answer: compared exactly (the maps and points are chosen so that no rounding can flip it). */
const EXACT = { kind: "exact" } as const;

/** The arguments of `lineOfSight`. */
type Args = [string[], [number, number], [number, number]];

const OPEN = ["......", "..#...", "......", "....#.", "......"];

/** A case of `lineOfSight`. */
type Case = { fn: "lineOfSight"; args: Args; label: string };

/** `cases`, then each again moved by a random symmetry of the grid and a shift (`movedGrid` in ../cases.ts). */
const withMoved = (seed: number, cases: Case[]): Case[] =>
  withGridMoves(seed, cases, (m, [, a, b]) => [m.rows, m.to(a), m.to(b)]);

export default defineExercise<typeof solution>({
  title: "Line of sight on a grid",
  uses: [],
  hints: [
    "Shift every coordinate by ½: then cell k covers [k, k + 1] and the grid lines are the integers. From a, the segment next crosses a vertical line at t = (x − aₓ)/dₓ and a horizontal one at t = (y − a_y)/d_y, with x, y the next integers in the direction of travel. Step into the cell across whichever comes first, until t passes 1.",
    "When both come at the same t the segment goes exactly through a corner: test the cell beside it on each side as well as the diagonal one. Compute each t from the grid line itself, (x − aₓ)/dₓ, every time; adding tDelta to tMax again and again rounds, and (0, 0) → (1, 7) then misses its corner at (0.5, 3.5).",
    "Test the cells that a itself and b itself lie in (two, or four, when one sits on a grid line or a corner), treat anything outside the map as blocked, and handle dₓ = 0 and d_y = 0 (a segment exactly on a grid line lies in the cells on both sides of it).",
  ],
  checks: [
    // Guards: a blocked cell the segment crosses blocks it, also on shallow lines; a single point (a = b) is clear
    // exactly when its cell is free.
    {
      name: "clear rows, columns and diagonals",
      points: 2,
      comparison: EXACT,
      cases: () =>
        withMoved(1502, [
          { fn: "lineOfSight", args: [OPEN, [0, 0], [5, 0]], label: "along the open top row" },
          { fn: "lineOfSight", args: [OPEN, [0, 1], [5, 1]], label: "row 1, through the obstacle (2, 1)" },
          { fn: "lineOfSight", args: [OPEN, [0, 0], [0, 4]], label: "down the open left column" },
          { fn: "lineOfSight", args: [OPEN, [2, 0], [2, 4]], label: "column 2, through (2, 1)" },
          { fn: "lineOfSight", args: [OPEN, [1, 4], [5, 0]], label: "a clear diagonal between the obstacles" },
          { fn: "lineOfSight", args: [OPEN, [0, 2], [5, 4]], label: "a shallow line below (2, 1), past (4, 3)" },
          { fn: "lineOfSight", args: [OPEN, [0, 0], [5, 2]], label: "a shallow line through (2, 1)" },
          { fn: "lineOfSight", args: [OPEN, [3, 3], [3, 3]], label: "a single free point" },
          { fn: "lineOfSight", args: [OPEN, [4, 3], [4, 3]], label: "a single point on the obstacle (4, 3)" },
        ]),
    },
    // Guards: a corner touch counts: through a grid corner (exactly, integer and half-integer coordinates) the segment
    // touches both cells beside it, so either blocks it (no squeezing between diagonal obstacles), in both axis orders
    // at the tie.
    {
      // A walker that steps one axis first at a tie, or accumulates tMax += tDelta, fails here.
      name: "a line through a cell corner",
      points: 3,
      comparison: EXACT,
      cases: () =>
        withMoved(1503, [
          {
            fn: "lineOfSight",
            args: [
              [".#", "#."],
              [0, 0],
              [1, 1],
            ],
            label: "between two diagonal obstacles",
          },
          {
            fn: "lineOfSight",
            args: [
              ["..", "#."],
              [0, 0],
              [1, 1],
            ],
            label: "grazing the corner of (0, 1)",
          },
          {
            fn: "lineOfSight",
            args: [
              [".#", ".."],
              [0, 0],
              [1, 1],
            ],
            label: "grazing the corner of (1, 0)",
          },
          {
            fn: "lineOfSight",
            args: [
              ["..", ".."],
              [0, 0],
              [1, 1],
            ],
            label: "an open corner",
          },
          {
            fn: "lineOfSight",
            args: [
              ["...", "..#", "..."],
              [0, 0],
              [2, 2],
            ],
            label: "(0, 0) → (2, 2) grazing (2, 1)",
          },
          {
            fn: "lineOfSight",
            args: [
              ["...", "...", ".#."],
              [0, 0],
              [2, 2],
            ],
            label: "(0, 0) → (2, 2) grazing (1, 2)",
          },
          {
            fn: "lineOfSight",
            args: [
              ["..", "..", "..", ".#", "..", "..", "..", ".."],
              [0, 0],
              [1, 7],
            ],
            label: "(0, 0) → (1, 7) grazing (1, 3) at the corner (0.5, 3.5)",
          },
          {
            fn: "lineOfSight",
            args: [
              ["..", "..", "..", "..", "#.", "..", "..", ".."],
              [0, 0],
              [1, 7],
            ],
            label: "(0, 0) → (1, 7) grazing (0, 4) at the corner (0.5, 3.5)",
          },
          {
            fn: "lineOfSight",
            args: [
              ["....", "....", "....", "..#.", "....", "....", "....", "...."],
              [0, 0],
              [3, 7],
            ],
            label: "(0, 0) → (3, 7) grazing (2, 3) at the corner (1.5, 3.5)",
          },
          {
            fn: "lineOfSight",
            args: [
              ["....", "....", "....", "....", ".#..", "....", "....", "...."],
              [0, 0],
              [3, 7],
            ],
            label: "(0, 0) → (3, 7) grazing (1, 4) at the corner (1.5, 3.5)",
          },
          {
            fn: "lineOfSight",
            args: [
              ["...", "...", "#..", "..."],
              [0, 3],
              [2, 1],
            ],
            label: "up and to the right, grazing (0, 2)",
          },
        ]),
    },
    // Guards: the same answer from b to a as from a to b.
    {
      name: "the same answer both ways",
      points: 2,
      comparison: EXACT,
      cases: () =>
        withMoved(
          1504,
          (
            [
              [
                ["...", "...", ".#."],
                [0, 0],
                [2, 2],
              ],
              [
                ["...", "..#", "..."],
                [0, 0],
                [2, 2],
              ],
              [
                ["...", "#..", "..."],
                [2, 0],
                [0, 2],
              ],
              [
                [".#.", "...", "..."],
                [2, 0],
                [0, 2],
              ],
              [
                ["....", "....", "....", "..#.", "....", "....", "....", "...."],
                [0, 0],
                [3, 7],
              ],
              [
                ["....", "....", "....", "....", ".#..", "....", "....", "...."],
                [0, 0],
                [3, 7],
              ],
              // Ends on a grid line or a corner: the cells behind the start count as much as those past the end.
              [OPEN, [-0.5, 2], [2, 2]],
              [OPEN, [2.5, 1.5], [5, 2]],
            ] as Args[]
          ).flatMap(([rows, a, b]) => [
            {
              fn: "lineOfSight" as const,
              args: [rows, a, b] as Args,
              label: `[${a}] → [${b}] on ${rows.join("/")}`,
            },
            {
              fn: "lineOfSight" as const,
              args: [rows, b, a] as Args,
              label: `[${b}] → [${a}] on ${rows.join("/")}`,
            },
          ]),
        ),
    },
    // Guards: any points, not only cell centres; a segment exactly along a grid line touches the cells on both sides;
    // the outside is blocked (leaving the map, ending on its edge).
    {
      name: "points off the centres, and the map's edge",
      points: 1,
      comparison: EXACT,
      cases: () =>
        withMoved(1505, [
          { fn: "lineOfSight", args: [OPEN, [0.3, 0.2], [4.7, 0.4]], label: "off-centre points along the top row" },
          { fn: "lineOfSight", args: [OPEN, [0.3, 0.2], [4.7, 1.2]], label: "off-centre points, rising into (2, 1)" },
          {
            fn: "lineOfSight",
            args: [OPEN, [1.5, 0], [1.5, 4]],
            label: "exactly along the grid line x = 1.5, beside (2, 1)",
          },
          {
            fn: "lineOfSight",
            args: [OPEN, [0.5, 0], [0.5, 4]],
            label: "exactly along the grid line x = 0.5, all free",
          },
          // On a grid line a coordinate lies in the cells on both sides of it, the one with the smaller index too.
          {
            fn: "lineOfSight",
            args: [OPEN, [2.5, 0], [2.5, 4]],
            label: "exactly along the grid line x = 2.5, beside (2, 1) on its left",
          },
          {
            fn: "lineOfSight",
            args: [OPEN, [0, 1.5], [5, 1.5]],
            label: "exactly along the grid line y = 1.5, beside (2, 1) above it",
          },
          { fn: "lineOfSight", args: [OPEN, [2.5, 1.5], [2.5, 1.5]], label: "a single point on a corner of (2, 1)" },
          {
            fn: "lineOfSight",
            args: [OPEN, [-0.5, 2], [2, 2]],
            label: "starting on the map's edge, the outside behind",
          },
          { fn: "lineOfSight", args: [OPEN, [3, 2], [3.5, 2.5]], label: "ending on the corner of (4, 3)" },
          { fn: "lineOfSight", args: [OPEN, [0, 0], [-1, 0]], label: "leaving the map" },
          { fn: "lineOfSight", args: [OPEN, [0, 2], [-0.5, 2]], label: "ending on the map's edge" },
          { fn: "lineOfSight", args: [OPEN, [5, 4], [0, 4]], label: "along the bottom row, right to left" },
        ]),
    },
    // Guards: all of it together on random maps, through corners included (hidden).
    {
      name: "random maps and segments",
      points: 2,
      hidden: true,
      comparison: EXACT,
      cases: () => {
        const rng = caseRng(1501);
        const int = (lo: number, hi: number) => lo + Math.floor(rng() * (hi - lo + 1));
        const odd = () => (2 * int(0, 2) + 1) * (rng() < 0.5 ? -1 : 1);
        return Array.from({ length: 40 }, (_, k) => {
          const rows = randomRows(rng, 10, 7, 0.2);
          if (k % 4 === 0) {
            const [a, b] = [0, 1].map((): [number, number] => [random.uniform(rng, 0, 9), random.uniform(rng, 0, 6)]);
            return { fn: "lineOfSight" as const, args: [rows, a!, b!] as Args, label: "anywhere" };
          }
          // Between cell centres, steps of at most 5 each way; with both steps odd the segment's
          // midpoint is a grid corner. (Steps this short also keep every corner an exact tie even
          // for a walker that accumulates tMax += tDelta: that mistake has its own check above.)
          for (;;) {
            const a: [number, number] = [int(0, 9), int(0, 6)];
            const b: [number, number] =
              k % 4 === 1 ? [a[0] + int(-5, 5), a[1] + int(-5, 5)] : [a[0] + odd(), a[1] + odd()];
            if (b[0] >= 0 && b[0] < 10 && b[1] >= 0 && b[1] < 7)
              return {
                fn: "lineOfSight" as const,
                args: [rows, a, b] as Args,
                label: k % 4 === 1 ? "cell to cell" : "through a corner at the midpoint",
              };
          }
        }).concat(
          // On every salt: one diagonal step through a corner with exactly one of the two cells beside
          // it blocked, once each side — a walker that visits only one of them misses one of these.
          [0, 1].map((side) => {
            const a: [number, number] = [int(1, 7), int(1, 4)];
            const dir = rng() < 0.5 ? 1 : -1;
            const b: [number, number] = [a[0] + dir, a[1] + 1];
            const rows = randomRows(rng, 10, 7, 0.2).map((row) => [...row]);
            for (const [i, j] of [a, b]) rows[j]![i] = ".";
            const [bi, bj] = side === 0 ? [b[0], a[1]] : [a[0], b[1]];
            rows[bj]![bi] = "#";
            rows[side === 0 ? b[1] : a[1]]![side === 0 ? a[0] : b[0]] = ".";
            return {
              fn: "lineOfSight" as const,
              args: [rows.map((r) => r.join("")), a, b] as Args,
              label: "through a corner, one cell beside it blocked",
            };
          }),
        );
      },
    },
  ],
});
