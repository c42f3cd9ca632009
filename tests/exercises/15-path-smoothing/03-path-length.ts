/** Path length: the checks of exercises/15-path-smoothing/03-path-length.ts. */

import { random } from "../../../lib/index.ts";
import { defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/15-path-smoothing/03-path-length.ts";
import { caseRng, generated } from "../cases.ts";

/**
 * A sum of up to 30 square roots, each within an ulp or two however it is computed (scaled sums, hypot,
 * a plain √(Σ d²) where it cannot overflow): ~30 · 2e-16 relative. 1e-12 relative leaves room for any
 * order of summation and still refuses a lost leg, a missing coordinate or a √2 instead of 1.
 */
const LENGTH = { kind: "numbers", atol: 1e-12, rtol: 1e-12 } as const;
/**
 * Lengths near 1e±200 compare relative to themselves. The absolute part must be far below the smallest
 * expected length, the subnormal 2e-320 (else a leg that underflows to 0 passes there): 1e-322 is about
 * 20 units in the last place of a subnormal, and every correct method gets that leg exactly.
 */
const RELATIVE = { kind: "numbers", atol: 1e-322, rtol: 1e-12 } as const;

/** A case of `pathLength`. */
type Case = { fn: "pathLength"; args: [number[][]]; label: string };

/**
 * `points` moved by a random rigid motion that keeps every leg's length: the coordinates permuted and
 * their signs flipped at random, then shifted by `shift(rng)`, one offset per coordinate.
 */
function moved(rng: random.Rng, points: number[][], shift: (rng: random.Rng) => number): number[][] {
  const d = points[0]?.length ?? 0;
  const order = Array.from({ length: d }, (_, c) => c);
  for (let c = d - 1; c > 0; c--) {
    const k = Math.floor(rng() * (c + 1));
    [order[c], order[k]] = [order[k]!, order[c]!];
  }
  const sign = order.map(() => (rng() < 0.5 ? -1 : 1));
  const offset = order.map(() => shift(rng));
  return points.map((p) => order.map((from, c) => sign[c]! * p[from]! + offset[c]!));
}

/** `cases`, then each again {@link moved}, with offsets from `shift`, drawn from caseRng(`seed`). */
const withMoved = (seed: number, shift: (rng: random.Rng) => number, cases: Case[]): Case[] => {
  const rng = caseRng(seed);
  return [
    ...cases,
    ...cases.map(({ fn, args: [points], label }) => ({
      fn,
      args: [moved(rng, points, shift)] as [number[][]],
      label: `${label}, its coordinates permuted, flipped and shifted`,
    })),
  ];
};

/** A whole-cell offset −20 … 20: grid paths stay on the grid. */
const cells = (rng: random.Rng) => Math.floor(rng() * 41) - 20;
/** An offset −10 … 10. */
const anywhere = (rng: random.Rng) => random.uniform(rng, -10, 10);
/** 10^±(150 … 300) times 1 … 4, the sign at random: far beyond where squares overflow or underflow. */
const extreme = (rng: random.Rng, sign: 1 | -1) =>
  (rng() < 0.5 ? -1 : 1) * random.uniform(rng, 1, 4) * 10 ** (sign * (150 + Math.floor(rng() * 151)));

export default defineExercise<typeof solution>({
  title: "Path length",
  uses: [],
  hints: [
    "Loop over the legs k = 1 … n − 1; each adds the distance from points[k − 1] to points[k]: the square root of the sum of the squared coordinate differences, over however many coordinates the points have.",
    "Fewer than two points: the loop runs zero times and the length is 0 — no special case needed, and no NaN for an empty list.",
    "3e200 squared is 9e400, beyond the largest double (1.8e308): Infinity. Divide each leg's differences by the largest of them in absolute value, take the root of the sum of squares, and multiply back (Math.hypot does the same).",
  ],
  checks: [
    // Guards: Σ |pₖ − pₖ₋₁| with Euclidean legs (diagonals √2), on grid paths.
    {
      name: "grid paths",
      points: 1,
      comparison: LENGTH,
      cases: () =>
        withMoved(1504, cells, [
          { fn: "pathLength", args: [[[0, 0], [3, 4], [3, 0]]], label: "3-4-5, then down 4: 9" }, // prettier-ignore
          { fn: "pathLength", args: [[[0, 9], [1, 8], [2, 8], [3, 8], [4, 8], [5, 7]]], label: "an A* path: 3 + 2√2" }, // prettier-ignore
          { fn: "pathLength", args: [[[0, 9], [7, 7], [10, 9], [15, 9], [15, 8]]], label: "the chapter's smoothed path" }, // prettier-ignore
        ]),
    },
    // Guards: points of any dimension: 1D, 3D, 4D and random dimensions, not only the plane.
    {
      name: "any dimension",
      points: 1,
      comparison: LENGTH,
      cases: () => [
        ...withMoved(1505, anywhere, [
          { fn: "pathLength", args: [[[0], [2], [-1]]], label: "1D: 2 + 3" },
          { fn: "pathLength", args: [[[0, 0, 0], [1, 2, 2], [1, 2, 7]]], label: "3D: 3 + 5" }, // prettier-ignore
          { fn: "pathLength", args: [[[0, 0, 0, 0], [1, 1, 1, 1], [1, 1, 1, 3]]], label: "4D: 2 + 2" }, // prettier-ignore
        ]),
        ...generated("pathLength", 1506, 2, (rng) => {
          const dimension = 5 + Math.floor(rng() * 4);
          const n = 2 + Math.floor(rng() * 8);
          return [Array.from({ length: n }, () => Array.from({ length: dimension }, () => anywhere(rng)))] as [
            number[][],
          ];
        }).map((c) => ({ ...c, label: `${c.args[0].length} random points in ${c.args[0][0]!.length}D` })),
      ],
    },
    // Guards: no points and one point give 0; repeated points (zero legs) give no NaN.
    {
      name: "no points, one point, repeated points",
      points: 1,
      comparison: LENGTH,
      cases: () => [
        { fn: "pathLength", args: [[]], label: "no points" },
        { fn: "pathLength", args: [[[4, 2]]], label: "one point" },
        { fn: "pathLength", args: [[[1, 1], [1, 1], [1, 1]]], label: "one point three times" }, // prettier-ignore
        { fn: "pathLength", args: [[[0, 0], [0, 0], [3, 4], [3, 4]]], label: "repeats around a 3-4-5 leg" }, // prettier-ignore
        ...(() => {
          const rng = caseRng(1507);
          const p = [anywhere(rng), anywhere(rng)];
          const q = [anywhere(rng), anywhere(rng)];
          const times = 2 + Math.floor(rng() * 4);
          return [
            { fn: "pathLength" as const, args: [[p]] as [number[][]], label: "one random point" },
            {
              fn: "pathLength" as const,
              args: [Array.from({ length: times }, () => [...p])] as [number[][]],
              label: `a random point ${times} times`,
            },
            {
              fn: "pathLength" as const,
              args: [[p, [...p], q, [...q]]] as [number[][]],
              label: "repeats around a random leg",
            },
          ];
        })(),
      ],
    },
    // Guards: no overflow near 1e200 … 1e300 and no underflow near 1e-200 (subnormals too), to 1e-12 relative, also for
    // a tiny leg far from the origin.
    {
      name: "huge and tiny coordinates",
      points: 2,
      comparison: RELATIVE,
      cases: () => [
        {
          fn: "pathLength",
          args: [
            [
              [0, 0],
              [3e200, 4e200],
            ],
          ],
          label: "a leg of 5e200",
        },
        {
          fn: "pathLength",
          args: [
            [
              [1e300, 0, 0],
              [-1e300, 0, 0],
            ],
          ],
          label: "a leg of 2e300 in 3D",
        },
        { fn: "pathLength", args: [[[0, 0], [3e-200, 4e-200], [3e-200, 0]]], label: "legs of 5e-200 and 4e-200" }, // prettier-ignore
        { fn: "pathLength", args: [[[1e-320], [3e-320]]], label: "1D, subnormal: 2e-320" },
        {
          fn: "pathLength",
          args: [
            [
              [3e200, 1e-200],
              [3e200, 5e-200],
            ],
          ],
          label: "a tiny leg far from the origin: 4e-200",
        },
        ...(() => {
          const rng = caseRng(1508);
          const turn = (angle: number, [x, y]: number[]) => [
            x! * Math.cos(angle) - y! * Math.sin(angle),
            x! * Math.sin(angle) + y! * Math.cos(angle),
          ];
          const huge = Math.abs(extreme(rng, 1));
          const angle = random.uniform(rng, 0, 2 * Math.PI);
          const start = [random.uniform(rng, -3, 3) * huge, random.uniform(rng, -3, 3) * huge];
          const leg = turn(angle, [3 * huge, 4 * huge]);
          const direction = random.unitVector(rng);
          const span = 2 * Math.abs(extreme(rng, 1));
          const tiny = Math.abs(extreme(rng, -1));
          const turned = random.uniform(rng, 0, 2 * Math.PI);
          const sub = random.uniform(rng, 1, 5) * 1e-320;
          const far = extreme(rng, 1);
          const low = extreme(rng, -1);
          return [
            {
              fn: "pathLength" as const,
              args: [[start, [start[0]! + leg[0]!, start[1]! + leg[1]!]]] as [number[][]],
              label: "a huge leg at a random angle from a random huge point",
            },
            {
              fn: "pathLength" as const,
              args: [[direction.map((x) => x * span * 0.5), direction.map((x) => -x * span * 0.5)]] as [number[][]],
              label: "a huge leg in 3D, in a random direction",
            },
            {
              fn: "pathLength" as const,
              args: [[[0, 0], turn(turned, [3 * tiny, 4 * tiny]), turn(turned, [3 * tiny, 0])]] as [number[][]],
              label: "tiny legs 5 : 4, of a random size, turned at random",
            },
            {
              fn: "pathLength" as const,
              args: [[[sub], [sub + (rng() < 0.5 ? -1 : 1) * random.uniform(rng, 1, 3) * 1e-320]]] as [number[][]],
              label: "1D, subnormal, at random",
            },
            {
              fn: "pathLength" as const,
              args: [
                [
                  [far, low],
                  [far, low + (rng() < 0.5 ? -1 : 1) * random.uniform(rng, 1, 4) * Math.abs(low)],
                ],
              ] as [number[][]],
              label: "a tiny leg far from the origin, at random",
            },
          ];
        })(),
      ],
    },
    // Guards: all of it together on random paths (hidden).
    {
      name: "random paths",
      points: 1,
      hidden: true,
      comparison: LENGTH,
      cases: () => {
        const rng = caseRng(1503);
        return Array.from({ length: 12 }, () => {
          const dimension = 1 + Math.floor(rng() * 4);
          const n = 2 + Math.floor(rng() * 29);
          return {
            fn: "pathLength" as const,
            args: [
              Array.from({ length: n }, () => Array.from({ length: dimension }, () => random.uniform(rng, -10, 10))),
            ] as [number[][]],
            label: `${n} random points in ${dimension}D`,
          };
        });
      },
    },
  ],
});
