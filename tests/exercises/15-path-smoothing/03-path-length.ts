/** Path length: the checks of exercises/15-path-smoothing/03-path-length.ts. */

import { random } from "../../../lib/index.ts";
import { defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/15-path-smoothing/03-path-length.ts";
import { caseRng } from "../cases.ts";

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

export default defineExercise<typeof solution>({
  title: "Path length",
  uses: [],
  hints: [
    "Loop over the legs k = 1 … n − 1; each adds the distance from points[k − 1] to points[k]: the square root of the sum of the squared coordinate differences, over however many coordinates the points have.",
    "Fewer than two points: the loop runs zero times and the length is 0 — no special case needed, and no NaN for an empty list.",
    "3e200 squared is 9e400, beyond the largest double (1.8e308): Infinity. Divide each leg's differences by the largest of them in absolute value, take the root of the sum of squares, and multiply back (Math.hypot does the same).",
  ],
  checks: [
    {
      name: "grid paths",
      points: 1,
      comparison: LENGTH,
      cases: () => [
        { fn: "pathLength", args: [[[0, 0], [3, 4], [3, 0]]], label: "3-4-5, then down 4: 9" }, // prettier-ignore
        { fn: "pathLength", args: [[[0, 9], [1, 8], [2, 8], [3, 8], [4, 8], [5, 7]]], label: "an A* path: 3 + 2√2" }, // prettier-ignore
        { fn: "pathLength", args: [[[0, 9], [7, 7], [10, 9], [15, 9], [15, 8]]], label: "the chapter's smoothed path" }, // prettier-ignore
      ],
    },
    {
      name: "any dimension",
      points: 1,
      comparison: LENGTH,
      cases: () => [
        { fn: "pathLength", args: [[[0], [2], [-1]]], label: "1D: 2 + 3" },
        { fn: "pathLength", args: [[[0, 0, 0], [1, 2, 2], [1, 2, 7]]], label: "3D: 3 + 5" }, // prettier-ignore
        { fn: "pathLength", args: [[[0, 0, 0, 0], [1, 1, 1, 1], [1, 1, 1, 3]]], label: "4D: 2 + 2" }, // prettier-ignore
      ],
    },
    {
      name: "no points, one point, repeated points",
      points: 1,
      comparison: LENGTH,
      cases: () => [
        { fn: "pathLength", args: [[]], label: "no points" },
        { fn: "pathLength", args: [[[4, 2]]], label: "one point" },
        { fn: "pathLength", args: [[[1, 1], [1, 1], [1, 1]]], label: "one point three times" }, // prettier-ignore
        { fn: "pathLength", args: [[[0, 0], [0, 0], [3, 4], [3, 4]]], label: "repeats around a 3-4-5 leg" }, // prettier-ignore
      ],
    },
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
      ],
    },
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
