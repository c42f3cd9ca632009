/** Centroids and the cross-covariance: the checks of exercises/08-kabsch/01-centroid-covariance.ts. */

import { type Vec3, vec3 } from "../../../lib/index.ts";
import { defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/08-kabsch/01-centroid-covariance.ts";
import { generated, movedCopy, point, pointCloud, pointWeights } from "../cases.ts";

/**
 * Sums of up to 12 products of coordinates of size ≤ 3: entries up to ~100, rounded to a few ulps of that
 * (~1e-14) however the sums are ordered. 1e-11 absolute leaves a wide margin and still refuses any
 * formula error (those are ≥ 1e-3 here).
 */
const SUMS = { kind: "numbers", atol: 1e-11, rtol: 1e-12 } as const;

/**
 * Points 10⁶ from the origin with a spread of ~1: centring first leaves errors of ~1e-10 (the centroid's
 * rounding, 1e6 · 1e-16); the one-pass Σ p qᵀ − W p̄ q̄ᵀ subtracts numbers of size 1e12 and is off by
 * ~1e-4. 1e-7 separates the two by three orders of magnitude either way.
 */
const FAR = { kind: "numbers", atol: 1e-7, rtol: 1e-9 } as const;

const OFFSET: Vec3 = [1e6, -2e6, 5e5];

export default defineExercise<typeof solution>({
  title: "Centroids and the cross-covariance",
  uses: ["vec3"],
  hints: [
    "centroid: add up wᵢ·pᵢ and, separately, the weights; divide the first by the second. Without weights every wᵢ is 1 and you divide by the number of points.",
    "crossCovariance: compute both weighted centroids first, then for each pair a = pᵢ − p̄, b = qᵢ − q̄ and add wᵢ·a_r·b_c to the entry of row r, column c — index 3c + r in a column-major Mat3. Row index from `from`, column index from `to`: the transpose is a different matrix, and it would turn the rotation of the next exercise into its inverse.",
    "Subtract the centroids before you multiply. Σ wᵢ pᵢ qᵢᵀ − (Σ wᵢ) p̄ q̄ᵀ is the same matrix on paper, but 10⁶ from the origin both terms are ~10¹² and their difference keeps only the last four digits.",
  ],
  checks: [
    // Guards: centroid = Σ pᵢ / n, one point ("at least one") is itself.
    {
      name: "centroids",
      points: 1,
      comparison: SUMS,
      cases: () => [
        {
          fn: "centroid",
          args: [
            [
              [0, 0, 0],
              [2, 4, 6],
            ],
          ],
          label: "two points: their midpoint (1, 2, 3)",
        },
        { fn: "centroid", args: [[[1, -2, 0.5]]], label: "one point: itself" },
        ...generated("centroid", 801, 6, (rng) => [pointCloud(rng, 3 + Math.floor(rng() * 8))] as [Vec3[]]),
      ],
    },
    // Guards: Σ wᵢ pᵢ / Σ wᵢ, "≥ 0": a zero weight drops its point.
    {
      // Dividing by the number of points instead of Σ wᵢ, or ignoring the weights, fails here.
      name: "weighted centroids",
      points: 1,
      comparison: SUMS,
      cases: () => [
        {
          fn: "centroid",
          args: [
            [
              [0, 0, 0],
              [4, 0, 0],
            ],
            [3, 1],
          ],
          label: "weights 3 and 1: a quarter of the way, (1, 0, 0)",
        },
        {
          fn: "centroid",
          args: [
            [
              [1, 1, 1],
              [9, 9, 9],
              [2, 0, 0],
            ],
            [1, 0, 1],
          ],
          label: "a zero weight: that point does not count",
        },
        ...generated("centroid", 802, 6, (rng) => {
          const n = 3 + Math.floor(rng() * 8);
          return [pointCloud(rng, n), pointWeights(rng, n)] as [Vec3[], number[]];
        }),
      ],
    },
    // Guards: entry (r, c) at index 3c + r (H, not Hᵀ), each set about its own centroid, a sum, not a mean.
    {
      name: "cross-covariance: entry (r, c) = Σ (p − p̄)_r (q − q̄)_c",
      points: 2,
      comparison: SUMS,
      cases: () => [
        {
          fn: "crossCovariance",
          args: [
            [
              [1, 0, 0],
              [-1, 0, 0],
            ],
            [
              [0, 1, 0],
              [0, -1, 0],
            ],
          ],
          label: "±x onto ±y: only row 1, column 2 is non-zero (2)",
        },
        {
          fn: "crossCovariance",
          args: [
            [
              [1, 0, 0],
              [0, 2, 0],
              [0, 0, 0],
              [5, 5, 5],
            ],
            [
              [3, 1, 2],
              [-1, 0, 4],
              [2, 2, 2],
              [0, 7, 1],
            ],
          ],
          label: "four pairs, no symmetry: H and Hᵀ differ",
        },
        ...generated("crossCovariance", 803, 8, (rng) => {
          const from = pointCloud(rng, 3 + Math.floor(rng() * 8));
          return [from, movedCopy(rng, from, 0.2)] as [Vec3[], Vec3[]];
        }),
      ],
    },
    // Guards: weights in the centroids and the sum; a zero weight drops its pair.
    {
      name: "weighted cross-covariance",
      points: 1,
      comparison: SUMS,
      cases: () => [
        {
          fn: "crossCovariance",
          args: [
            [
              [1, 0, 0],
              [-1, 0, 0],
              [0, 3, 0],
            ],
            [
              [0, 1, 0],
              [0, -1, 0],
              [7, 7, 7],
            ],
            [2, 2, 0],
          ],
          label: "the third pair has weight 0; the others 2: 2 × the unweighted pair sum",
        },
        ...generated("crossCovariance", 804, 8, (rng) => {
          const n = 3 + Math.floor(rng() * 8);
          const from = pointCloud(rng, n);
          return [from, movedCopy(rng, from, 0.2), pointWeights(rng, n)] as [Vec3[], Vec3[], number[]];
        }),
      ],
    },
    // Guards: "centre the points first … a hidden check puts them 10⁶ away": the one-pass Σ wpqᵀ − W p̄q̄ᵀ
    // cancels there.
    {
      name: "far from the origin (10⁶ away): centre first",
      points: 1,
      hidden: true,
      comparison: FAR,
      cases: () =>
        generated("crossCovariance", 805, 8, (rng) => {
          const n = 4 + Math.floor(rng() * 6);
          const from = pointCloud(rng, n).map((p) => vec3.add(p, OFFSET));
          const to = movedCopy(rng, pointCloud(rng, n), 0).map((p) => vec3.add(p, OFFSET));
          return [from, to] as [Vec3[], Vec3[]];
        }),
    },
  ],
});
