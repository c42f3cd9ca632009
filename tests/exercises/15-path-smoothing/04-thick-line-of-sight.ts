/** Line of sight with a radius: the checks of exercises/15-path-smoothing/04-thick-line-of-sight.ts. */

import { path, random } from "../../../lib/index.ts";
import { defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/15-path-smoothing/04-thick-line-of-sight.ts";
import { caseRng, deg, randomRows, withGridMoves } from "../cases.ts";

type Args = [string[], [number, number], [number, number], number];

/**
 * Yes or no, compared exactly. Every case keeps the nearest blocked cell at least {@link MARGIN} away
 * from exactly `radius`, so no correct way of computing the distance (a projection, a hypot, a
 * rounded-rectangle test) can round to the other answer.
 */
const EXACT = { kind: "exact" } as const;
/** How far from the touching distance every case stays, in cell units: a million times any rounding here. */
const MARGIN = 1e-6;

/** The segment x + y = 3 − d√2 from one edge of a 5 × 5 map to the other: it passes the corner (1.5, 1.5) of cell (2, 2) at distance d. */
const pastCorner = (d: number): [[number, number], [number, number]] => {
  const c = 3 - d * Math.SQRT2;
  return [
    [0, c],
    [c, 0],
  ];
};
const CORNER = [".....", ".....", "..#..", ".....", "....."];
/** One blocked cell, (4, 4), in a 9 × 7 map: legs near it stay well away from the map's edge. */
const BESIDE = [".........", ".........", ".........", ".........", "....#....", ".........", "........."];
/** The same, turned: (2, 2)'s corner (2.5, 2.5) passed from below right, along x + y = 5 + d√2. */
const pastFarCorner = (d: number): [[number, number], [number, number]] => {
  const c = 5 + d * Math.SQRT2;
  return [
    [c - 4, 4],
    [4, c - 4],
  ];
};

/** A case of `thickLineOfSight`. */
type Case = { fn: "thickLineOfSight"; args: Args; label: string };

/** `cases`, then each again moved by a random symmetry of the grid and a shift (`movedGrid` in ../cases.ts). */
const withMoved = (seed: number, cases: Case[]): Case[] =>
  withGridMoves(seed, cases, (m, [, a, b, radius]) => [m.rows, m.to(a), m.to(b), radius]);

/**
 * `n` legs past the corner (1.5, 1.5) of CORNER's cell (2, 2), diagonally at a random distance d from a
 * random radius r in [0.1, 0.45] (the legs' ends stay more than 0.5 from the map's edge), with d/r drawn
 * by `ratio`: each kept only when its clearance is at least MARGIN from r, and on the side `clear` says.
 */
function randomCorners(seed: number, n: number, ratio: (rng: random.Rng, r: number) => number, clear: boolean): Case[] {
  const rng = caseRng(seed);
  const cases: Case[] = [];
  while (cases.length < n) {
    const r = random.uniform(rng, 0.1, 0.45);
    const d = ratio(rng, r) * r;
    const [a, b] = pastCorner(d);
    const gap = path.clearance(path.gridFromRows(CORNER), [a, b]) - r;
    if (Math.abs(gap) > MARGIN && gap > 0 === clear)
      cases.push({
        fn: "thickLineOfSight",
        args: [CORNER, a, b, r],
        label: `the corner (1.5, 1.5) passed at ${d.toFixed(3)}, r = ${r.toFixed(3)}`,
      });
  }
  return cases;
}

export default defineExercise<typeof solution>({
  title: "Line of sight for an agent with a radius",
  uses: ["segments.closestPointOnSegment", "vec3"],
  hints: [
    "Go through every cell whose square could come within `radius` of the segment — those overlapping the segment's bounding box grown by `radius` (and a cell more, to be safe) — and, for each blocked one (outside the map counts), compare its distance to the segment with the radius.",
    "The distance from a segment to a square: 0 if they meet (clip the segment against the square's x and y ranges); otherwise the smallest of the distances from the segment's two ends to the square and from the square's four corners to the segment (segments.closestPointOnSegment, with z = 0).",
    "Growing each square by the radius into a bigger square is not the same: a bigger square has sharp corners, but the set of points within r of a square has round ones. A leg that passes a corner diagonally at 0.45 is clear for r = 0.4, though it crosses the grown square's corner.",
  ],
  checks: [
    // Guards: clear when every blocked cell is farther than r: walls on both sides, r under and over the half-width.
    {
      // The legs start and end 1.5 from the map's edge, so the corridor's walls, not the outside, decide.
      name: "a corridor narrower than the agent",
      points: 2,
      comparison: EXACT,
      cases: () => {
        const one = ["......", "######", "......", "######", "......"];
        const two = ["......", "######", "......", "......", "######", "......"];
        return withMoved(1505, [
          { fn: "thickLineOfSight", args: [one, [1, 2], [4, 2], 0.45], label: "a corridor 1 wide, r = 0.45" },
          { fn: "thickLineOfSight", args: [one, [1, 2], [4, 2], 0.55], label: "a corridor 1 wide, r = 0.55" },
          {
            fn: "thickLineOfSight",
            args: [two, [1, 2.5], [4, 2.5], 0.9],
            label: "a corridor 2 wide, down its middle, r = 0.9",
          },
          { fn: "thickLineOfSight", args: [two, [1, 2.5], [4, 2.5], 1.1], label: "a corridor 2 wide, r = 1.1" },
          {
            fn: "thickLineOfSight",
            args: [two, [1, 2], [4, 3], 0.45],
            label: "a corridor 2 wide, across it, r = 0.45",
          },
        ]);
      },
    },
    // Guards: the corners are round: a corner passed at r < d < r√2 is clear (a square grown by r would refuse it).
    {
      // All clear, passed at r < d < r√2: inside a square grown by r, outside the true rounded zone.
      name: "round corners: a corner passed farther than the radius",
      points: 3,
      comparison: EXACT,
      cases: () =>
        withMoved(1506, [
          ...(
            [
              [pastCorner, 0.45, 0.4, "(1.5, 1.5) passed diagonally at 0.45, r = 0.4"],
              [pastCorner, 0.3, 0.25, "(1.5, 1.5) passed at 0.3, r = 0.25"],
              [pastFarCorner, 0.5, 0.45, "(2.5, 2.5) passed at 0.5, r = 0.45"],
              [pastCorner, 0.12, 0.1, "(1.5, 1.5) passed at 0.12, r = 0.1"],
            ] as const
          ).map(([past, d, r, what]) => ({
            fn: "thickLineOfSight" as const,
            args: [CORNER, ...past(d), r] as Args,
            label: `the corner ${what}`,
          })),
          ...randomCorners(1507, 2, (rng, r) => random.uniform(rng, 1.05, 1.35), true),
        ]),
    },
    // Guards: the cells are squares, not discs: a corner passed at d < r blocks though the centre is beyond r + ½.
    {
      // All blocked, passed at d < r but d + √½ > r + ½: discs of radius ½ about the centres miss them.
      name: "square cells: a corner passed closer than the radius",
      points: 2,
      comparison: EXACT,
      cases: () =>
        withMoved(1508, [
          ...(
            [
              [pastCorner, 0.1, 0.3, "(1.5, 1.5) passed at 0.1, r = 0.3"],
              [pastFarCorner, 0.05, 0.2, "(2.5, 2.5) passed at 0.05, r = 0.2"],
              [pastCorner, 0.45, 0.5, "(1.5, 1.5) passed at 0.45, r = 0.5"],
              [pastFarCorner, 0.3, 0.35, "(2.5, 2.5) passed at 0.3, r = 0.35"],
            ] as const
          ).map(([past, d, r, what]) => ({
            fn: "thickLineOfSight" as const,
            args: [CORNER, ...past(d), r] as Args,
            label: `the corner ${what}`,
          })),
          ...randomCorners(1509, 2, (rng, r) => random.uniform(rng, Math.max(0.1, 1 - 0.19 / r), 0.95), false),
        ]),
    },
    // Guards: cells the thin segment never crosses still block within r; the search window grows with r (r up to 1.6);
    // a = b (standing still) is a disc at a point.
    {
      // The map's edge is at least 2.5 from every leg here: only the cell (4, 4) can block them.
      name: "cells beside the thin line",
      points: 2,
      comparison: EXACT,
      cases: () =>
        withMoved(1510, [
          {
            fn: "thickLineOfSight",
            args: [BESIDE, [2, 3], [6, 3], 0.6],
            label: "along row 3, (4, 4) half a cell below, r = 0.6",
          },
          { fn: "thickLineOfSight", args: [BESIDE, [2, 3], [6, 3], 0.4], label: "along row 3, r = 0.4" },
          {
            fn: "thickLineOfSight",
            args: [BESIDE, [2, 2], [6, 2], 1.4],
            label: "along row 2, (4, 4) 1.5 below, r = 1.4",
          },
          { fn: "thickLineOfSight", args: [BESIDE, [2, 2], [6, 2], 1.6], label: "along row 2, r = 1.6" },
          { fn: "thickLineOfSight", args: [BESIDE, [4, 2], [4, 2], 0.8], label: "standing still at (4, 2), r = 0.8" },
          {
            fn: "thickLineOfSight",
            args: [BESIDE, [4, 3], [4, 3], 0.6],
            label: "standing still at (4, 3), (4, 4) half a cell below, r = 0.6",
          },
        ]),
    },
    // Guards: a distance of exactly r is a touch and blocks — on a side (0.5), at a round corner (0.625), standing
    // still, and the outside; every tie dyadic, so rounding cannot decide it.
    {
      // Axis-aligned legs at dyadic distances: exactly r = 0.5 in every correct way of computing it.
      name: "exactly the radius away: a touch blocks",
      points: 1,
      comparison: EXACT,
      cases: () =>
        withMoved(1511, [
          {
            fn: "thickLineOfSight",
            args: [BESIDE, [2, 3], [6, 3], 0.5],
            label: "along row 3, (4, 4) exactly 0.5 below, r = 0.5",
          },
          {
            fn: "thickLineOfSight",
            args: [BESIDE, [3, 1], [3, 5], 0.5],
            label: "down column 3, (4, 4) exactly 0.5 to the right, r = 0.5",
          },
          {
            fn: "thickLineOfSight",
            args: [BESIDE, [4, 3], [4, 3], 0.5],
            label: "standing still at (4, 3), (4, 4) exactly 0.5 below, r = 0.5",
          },
          {
            fn: "thickLineOfSight",
            args: [BESIDE, [2, 0], [6, 0], 0.5],
            label: "along the top row, the outside exactly 0.5 above, r = 0.5",
          },
          // A round corner touched: (4, 4)'s corner (4.5, 4.5) is exactly 0.625 = hypot(0.375, 0.5) from
          // the leg, at its middle (4.875, 5) — every value here is dyadic, so projection, cross product
          // and squared distances all give exactly 0.625.
          {
            fn: "thickLineOfSight",
            args: [BESIDE, [3.875, 5.75], [5.875, 4.25], 0.625],
            label: "past (4, 4)'s corner (4.5, 4.5) at exactly 0.625, r = 0.625",
          },
          {
            fn: "thickLineOfSight",
            args: [BESIDE, [4.875, 5], [4.875, 5], 0.625],
            label: "standing still at (4.875, 5), (4, 4)'s corner exactly 0.625 away, r = 0.625",
          },
          { fn: "thickLineOfSight", args: [BESIDE, [2, 3], [6, 3], 0.25], label: "along row 3, r = 0.25: clear" },
        ]),
    },
    // Guards: the distance is 0 where the segment meets a blocked square — a leg straight through a cell,
    // its ends and the square's corners all farther than r from the other.
    {
      name: "straight through a blocked cell",
      points: 1,
      comparison: EXACT,
      cases: () =>
        withMoved(1513, [
          {
            fn: "thickLineOfSight",
            args: [BESIDE, [2, 4.25], [6, 3.75], 0.1],
            label: "through the middle of (4, 4), r = 0.1",
          },
          {
            fn: "thickLineOfSight",
            args: [BESIDE, [4, 2], [4, 6], 0.25],
            label: "down column 4, through (4, 4), r = 0.25",
          },
          {
            fn: "thickLineOfSight",
            args: [BESIDE, [3.75, 4.125], [4.25, 3.875], 0.05],
            label: "a short leg inside (4, 4), r = 0.05",
          },
        ]),
    },
    // Guards: everything outside the map is blocked (r just under and over the gap to the edge).
    {
      name: "the map's edge",
      points: 1,
      comparison: EXACT,
      cases: () => {
        const open = ["....", "....", "...."];
        return withMoved(1512, [
          { fn: "thickLineOfSight", args: [open, [0, 0], [3, 0], 0.45], label: "along the top row, r = 0.45" },
          {
            fn: "thickLineOfSight",
            args: [open, [0, 0], [3, 0], 0.55],
            label: "along the top row, r = 0.55: the outside is a wall",
          },
          { fn: "thickLineOfSight", args: [open, [1, 1], [2, 1], 0.9], label: "the middle row, r = 0.9" },
          { fn: "thickLineOfSight", args: [open, [1, 1], [2, 1], 1.1], label: "the middle row, r = 1.1" },
        ]);
      },
    },
    // Guards: all of the above together on random maps, legs past corners at 0.6r … 1.5r (hidden, so no answer can be
    // looked up).
    {
      name: "random maps, segments and radii",
      points: 2,
      hidden: true,
      comparison: EXACT,
      cases: () => {
        const rng = caseRng(1504);
        const cases: { fn: "thickLineOfSight"; args: Args; label: string }[] = [];
        while (cases.length < 40) {
          const targeted = cases.length % 2 === 1;
          const rows = targeted
            ? ["......", "......", "......", "......", "......", "......"]
            : randomRows(rng, 10, 7, 0.15);
          let a: [number, number], b: [number, number], r: number;
          if (targeted) {
            // Past a corner of the one blocked cell (or its side), at a distance near r: where square,
            // disc and thin-line shortcuts disagree with the truth.
            const [ci, cj] = [2 + Math.floor(rng() * 2), 2 + Math.floor(rng() * 2)];
            rows[cj] = rows[cj]!.slice(0, ci) + "#" + rows[cj]!.slice(ci + 1);
            r = random.uniform(rng, 0.1, 0.6);
            const angle = random.uniform(rng, 0, 2 * Math.PI);
            const n: [number, number] = [Math.cos(angle), Math.sin(angle)];
            const corner: [number, number] = [ci + Math.sign(n[0]) * 0.5, cj + Math.sign(n[1]) * 0.5];
            const d = r * random.uniform(rng, 0.6, 1.5);
            const p: [number, number] = [corner[0] + d * n[0], corner[1] + d * n[1]];
            const s = random.uniform(rng, 0.5, 1.5);
            [a, b] = [[p[0] - s * n[1], p[1] + s * n[0]], [p[0] + s * n[1], p[1] - s * n[0]]]; // prettier-ignore
          } else {
            [a, b] = [0, 1].map((): [number, number] => [random.uniform(rng, 0, 9), random.uniform(rng, 0, 6)]) as [[number, number], [number, number]]; // prettier-ignore
            r = random.uniform(rng, 0.05, 0.8);
          }
          const gap = path.clearance(path.gridFromRows(rows), [a, b]) - r;
          if (Math.abs(gap) > MARGIN)
            cases.push({
              fn: "thickLineOfSight",
              args: [rows, a, b, r],
              label: targeted ? "past a corner" : "a random map",
            });
        }
        // Straight through a lone blocked cell, near its centre (≤ 0.15 off) and within 20° of an axis, with
        // r ≤ 0.08: the square's corners stay ≥ 0.1 from the leg and its ends ≥ 0.29 from the square, so only
        // the crossing itself (distance 0) blocks it — whatever the salt draws.
        const through = caseRng(1514);
        for (let k = 0; k < 4; k++) {
          const rows = [".......", ".......", ".......", "...#...", ".......", ".......", "......."];
          const angle = random.uniform(through, -deg(20), deg(20)) + (through() < 0.5 ? 0 : Math.PI / 2);
          const [u, v] = [Math.cos(angle), Math.sin(angle)];
          const p: [number, number] = [
            3 + random.uniform(through, -0.15, 0.15),
            3 + random.uniform(through, -0.15, 0.15),
          ];
          const [s0, s1] = [random.uniform(through, 1, 2), random.uniform(through, 1, 2)];
          cases.push({
            fn: "thickLineOfSight",
            args: [
              rows,
              [p[0] - s0 * u, p[1] - s0 * v],
              [p[0] + s1 * u, p[1] + s1 * v],
              random.uniform(through, 0.02, 0.08),
            ],
            label: "straight through a lone blocked cell",
          });
        }
        return cases;
      },
    },
  ],
});
