/** The centroid and the scatter matrix: the checks of exercises/09-fitting-lines-and-planes/01-centroid-and-scatter.ts. */

import { type Vec3, random, vec3 } from "../../../lib/index.ts";
import { type Comparison, defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/09-fitting-lines-and-planes/01-centroid-and-scatter.ts";
import { caseRng, generated, movedCopy, point } from "../cases.ts";

/** The blog-sized example of chapter 09 (fact 9.1): five points close to the x axis. */
const FACT_9_1: Vec3[] = [[0, 0, 0], [1, 0.1, 0], [2, -0.1, 0.1], [3, 0.05, -0.05], [4, 0, 0]]; // prettier-ignore

/**
 * Sums of up to 40 products of coordinates ≤ 6 in size (entries up to ~10³): any order of summation
 * rounds by ~1e-13, and a centroid computed another way (a running mean) moves S by n·|δc|² ~ 1e-30.
 */
const SUMS: Comparison = { kind: "numbers", atol: 1e-11, rtol: 1e-12 };

/** A cloud of `n` points within `size` of `center`. */
const cloud = (rng: random.Rng, n: number, center: Vec3, size: number): Vec3[] =>
  Array.from({ length: n }, () => point(rng, size).map((x, i) => x + center[i]!) as Vec3);

/**
 * A cloud a million units out, spread ~1. Centring first keeps S to ~1e-14 (p − c is exact when p
 * and c are within a factor 2, Sterbenz); the one-pass Σ ppᵀ − n·c·cᵀ cancels terms of ~10¹³ and
 * keeps only ~1e-3 of absolute accuracy. 1e-8 lies between the two by five orders of magnitude each way.
 */
const FAR: Comparison = { kind: "numbers", atol: 1e-8, rtol: 1e-12 };

export default defineExercise<typeof solution>({
  title: "The centroid and the scatter matrix",
  uses: ["vec3", "mat3"],
  hints: [
    "The centroid is the sum of the points divided by their number. The scatter matrix adds up one outer product per point: with r = p − c, entry (row, column) gains r[row]·r[column]; in the column-major Mat3 that entry is at index 3·column + row.",
    "S is a sum, not a mean: do not divide by n. Check it on two points (0, 0, 0) and (2, 0, 0): the centroid is (1, 0, 0), each centred point is ±(1, 0, 0), and S = diag(2, 0, 0).",
    "Subtract the centroid from each point first and multiply the centred coordinates. The algebraically equal Σ ppᵀ − n·c·cᵀ subtracts two numbers of size n·|c|², which for a cloud 10⁶ away are ~10¹³: the difference keeps only the last few digits.",
  ],
  checks: [
    // Guards: centroid = Σ pᵢ / n; one point is itself ("at least one").
    {
      name: "the centroid",
      points: 2,
      comparison: { kind: "numbers", atol: 1e-12, rtol: 1e-12 },
      cases: () => [
        { fn: "centroid", args: [FACT_9_1], label: "fact 9.1's five points: (2, 0.01, 0.01)" },
        { fn: "centroid", args: [[[3, -1, 2]]], label: "one point: itself" },
        {
          fn: "centroid",
          args: [
            [
              [0, 0, 0],
              [2, 0, 0],
              [1, 3, 0],
            ],
          ],
          label: "a triangle",
        },
        ...generated("centroid", 911, 8, (rng): [Vec3[]] => [cloud(rng, 3 + Math.floor(rng() * 30), point(rng, 3), 3)]),
      ],
    },
    // Guards: S = Σ (pᵢ − c)(pᵢ − c)ᵀ, a sum not a mean; "one point, or coincident points, give S = 0"
    // (exactly, also at a random spot).
    {
      name: "the scatter of hand-picked clouds (fact 9.1)",
      points: 2,
      comparison: SUMS,
      cases: () => {
        // The same clouds at a random place and turn: S turns with them (R S Rᵀ) and ignores the move.
        const rng = caseRng(914);
        const spot = point(rng, 3);
        return [
          { fn: "scatterMatrix", args: [FACT_9_1], label: "fact 9.1's five points" },
          {
            fn: "scatterMatrix",
            args: [
              [
                [0, 0, 0],
                [2, 0, 0],
              ],
            ],
            label: "two points on x: diag(2, 0, 0)",
          },
          { fn: "scatterMatrix", args: [[[3, -1, 2]]], label: "one point: the zero matrix" },
          {
            fn: "scatterMatrix",
            args: [
              [
                [1, 2, 3],
                [1, 2, 3],
                [1, 2, 3],
              ],
            ],
            label: "three coincident points: the zero matrix",
          },
          {
            fn: "scatterMatrix",
            args: [
              [
                [1, 1, 0],
                [-1, -1, 0],
                [0, 0, 2],
                [0, 0, -2],
              ],
            ],
            label: "a cross: 2·(1, 1, 0)(1, 1, 0)ᵀ + 8·zzᵀ",
          },
          {
            fn: "scatterMatrix",
            args: [movedCopy(rng, FACT_9_1, 0)],
            label: "fact 9.1's five points, turned and moved: R S Rᵀ",
          },
          {
            fn: "scatterMatrix",
            args: [[spot, spot, spot]],
            label: "three coincident points at a random spot: the zero matrix",
          },
        ];
      },
    },
    // Guards: S for random clouds of 3 … 32 points.
    {
      name: "the scatter of random clouds",
      points: 2,
      comparison: SUMS,
      cases: () =>
        generated("scatterMatrix", 912, 12, (rng): [Vec3[]] => [
          cloud(rng, 2 + Math.floor(rng() * 38), point(rng, 3), random.uniform(rng, 0.1, 3)),
        ]),
    },
    // Guards: "subtract the centroid before you multiply … a hidden check holds you to a cloud a million
    // units away".
    {
      name: "a cloud a million units from the origin",
      points: 1,
      hidden: true,
      comparison: FAR,
      cases: () =>
        generated("scatterMatrix", 913, 5, (rng): [Vec3[]] => [
          cloud(rng, 10 + Math.floor(rng() * 20), vec3.scale(random.unitVector(rng), 1e6), 1),
        ]).map((c) => ({ ...c, label: "10 to 29 points spread ±1, 10⁶ from the origin" })),
    },
  ],
});
