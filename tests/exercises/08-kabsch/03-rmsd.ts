/** RMSD, directly and from the singular values: the checks of exercises/08-kabsch/03-rmsd.ts. */

import { type Vec3, kabsch, random, vec3 } from "../../../lib/index.ts";
import { type Call, defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/08-kabsch/03-rmsd.ts";
import {
  caseRng,
  cloudAndCopy,
  generated,
  mirroredInX,
  movedCopy,
  point,
  pointCloud,
  pointCount,
  pointWeights,
  wellPosedFits,
} from "../cases.ts";
import { KABSCH_MIRROR_SET } from "../../../notebooks/figures/kabsch-example.ts";

/** A square root of a short sum of squares: a few ulps; 1e-12 leaves room for any order of summation. */
const DIRECT = { kind: "numbers", atol: 1e-12, rtol: 1e-12 } as const;

/**
 * The best-fit RMSD by either route (the singular values, or the rotation applied and the distances
 * summed): RMSD² agrees to ~1e-15 × the spread (~10), so RMSD to ~1e-14/RMSD ≤ 1e-11 for the RMSDs ≥ 1e-3
 * used here. 1e-9 absolute is loose enough for both and far tighter than any wrong formula (≥ 1e-2).
 */
const FIT = { kind: "numbers", atol: 1e-9, rtol: 1e-9 } as const;

/**
 * A perfect fit of points with a spread of ~100: RMSD² is a difference of sums of ~10⁵ that cancel to
 * ~1e-11, so a correct answer is anything from 0 to √(1e-11) ≈ 3e-6 — and NaN when the rounding is
 * negative and nothing clamps it. 1e-5 (1e-7 of the spread) accepts every rounding and refuses NaN.
 */
const PERFECT = { kind: "numbers", atol: 1e-5, rtol: 0 } as const;

/** Fact 8.2's set (notebooks/figures/kabsch-example.ts): a corner of the unit cube's tetrahedron and the far corner. */
const FACT_82 = [...KABSCH_MIRROR_SET];

/** `n` points on a random line: a random point plus random multiples (−3 … 3) of a random direction. */
const collinear = (rng: random.Rng, n: number): Vec3[] => {
  const base = point(rng, 3);
  const along = random.unitVector(rng);
  return Array.from({ length: n }, () => vec3.add(base, vec3.scale(along, random.uniform(rng, -3, 3))));
};

/**
 * The degenerate cases at random (the best rotation is one of many, the best RMSD is one number): a line onto
 * another line with other spacings, a line onto a random cloud, and one point repeated onto a random cloud.
 * A line pair that happens to fit almost perfectly (RMSD < 0.05, where the trace formula's rounding would
 * matter) is drawn again.
 */
const degenerateAtRandom = (seed: number): Call<typeof solution>[] => {
  const rng = caseRng(seed);
  let lines: [Vec3[], Vec3[]];
  do {
    const n = 3 + Math.floor(rng() * 6);
    lines = [collinear(rng, n), collinear(rng, n)];
  } while (kabsch.kabsch(lines[0], lines[1]).rmsd < 0.05);
  const n = pointCount(rng);
  const repeated = point(rng, 3);
  return [
    { fn: "bestFitRmsd", args: lines, label: "collinear onto collinear, other spacings" },
    { fn: "bestFitRmsd", args: [collinear(rng, n), pointCloud(rng, n)], label: "collinear onto a random cloud" },
    {
      fn: "bestFitRmsd",
      args: [Array.from({ length: n }, () => repeated), pointCloud(rng, n)],
      label: "copies of one point onto a random cloud: the cloud's spread about its centroid",
    },
  ];
};

export default defineExercise<typeof solution>({
  title: "RMSD, directly and from the singular values",
  uses: ["vec3", "mat3", "decompose.svd", "kabsch.centroid", "kabsch.crossCovariance"],
  hints: [
    "rmsd: add wᵢ·|aᵢ − bᵢ|² over the pairs, divide by Σ wᵢ (not by the number of points), take the square root.",
    "bestFitRmsd: expand |R p′ + t … − q′|² about the centroids: Σ wᵢ|R p′ᵢ − q′ᵢ|² = Σ wᵢ|p′ᵢ|² + Σ wᵢ|q′ᵢ|² − 2·tr(R·H), since |R p′| = |p′|. The best rotation makes tr(R·H) = s₀ + s₁ + d·s₂, the singular values of H with d = det(U)·det(V).",
    "Without d, a mirror image reads as a perfect fit (fact 8.2's set gives 0 instead of 1). And when the fit is perfect the subtraction cancels: rounding can leave −1e-12 under the square root. Clamp it at 0.",
  ],
  checks: [
    // Guards: rmsd = √(Σ |aᵢ − bᵢ|² / n).
    {
      name: "rmsd of matched points",
      points: 1,
      comparison: DIRECT,
      cases: () => [
        {
          fn: "rmsd",
          args: [
            [
              [0, 0, 0],
              [1, 0, 0],
            ],
            [
              [0, 0, 0],
              [1, 2, 0],
            ],
          ],
          label: "one pair 2 apart, one pair together: √2",
        },
        ...generated("rmsd", 831, 6, (rng) => cloudAndCopy(rng, 0.5)),
      ],
    },
    // Guards: √(Σ wᵢ|aᵢ − bᵢ|² / Σ wᵢ), divided by the weights' sum.
    {
      name: "weighted rmsd",
      points: 1,
      comparison: DIRECT,
      cases: () => [
        {
          fn: "rmsd",
          args: [
            [
              [0, 0, 0],
              [1, 0, 0],
            ],
            [
              [0, 0, 0],
              [1, 2, 0],
            ],
            [3, 1],
          ],
          label: "weights 3 and 1: √(4/4) = 1",
        },
        ...generated("rmsd", 832, 6, (rng) => {
          const n = pointCount(rng);
          const a = pointCloud(rng, n);
          return [a, movedCopy(rng, a, 0.5), pointWeights(rng, n)] as [Vec3[], Vec3[], number[]];
        }),
      ],
    },
    // Guards: the best rigid motion's RMSD from the singular values, without the motion.
    {
      name: "best-fit RMSD of noisy sets",
      points: 2,
      comparison: FIT,
      cases: () => [
        // Drawn again when the noise makes the reflection fix matter: that is the mirror check's business.
        ...wellPosedFits("bestFitRmsd", 833, 8, (rng) => cloudAndCopy(rng, 0.2), "a noisy moved copy"),
        ...wellPosedFits(
          "bestFitRmsd",
          834,
          6,
          (rng) => {
            const n = pointCount(rng);
            const from = pointCloud(rng, n);
            return [from, movedCopy(rng, from, 0.2), pointWeights(rng, n)];
          },
          "a noisy moved copy, weighted",
        ),
      ],
    },
    // Guards: s₀ + s₁ + d·s₂ with d = det(U·Vᵀ): fact 8.2's mirrored set reads 1, not 0.
    {
      name: "mirror images: the sign of the smallest singular value",
      points: 2,
      comparison: FIT,
      cases: () => [
        { fn: "bestFitRmsd", args: [FACT_82, mirroredInX(FACT_82)], label: "fact 8.2's set and its mirror in x: 1.0" },
        ...generated("bestFitRmsd", 835, 8, (rng) => cloudAndCopy(rng, 0.05, true)),
      ],
    },
    // Guards: "unique even where the best rotation is not (collinear or coincident points)".
    {
      // The best rotation is not unique here, the best RMSD is: these cases compare the number.
      name: "collinear and coincident points",
      points: 1,
      comparison: FIT,
      cases: () => [
        {
          fn: "bestFitRmsd",
          args: [
            [
              [0, 0, 0],
              [1, 0, 0],
              [3, 0, 0],
            ],
            [
              [1, 1, 1],
              [1, 2, 1],
              [1, 4, 1],
            ],
          ],
          label: "collinear onto collinear, same spacing: 0 (any spin about the line)",
        },
        {
          fn: "bestFitRmsd",
          args: [
            [
              [0, 0, 0],
              [1, 0, 0],
              [3, 0, 0],
            ],
            [
              [0, 0, 0],
              [0, 1, 0],
              [0, 0, 1],
            ],
          ],
          label: "collinear onto a triangle",
        },
        {
          fn: "bestFitRmsd",
          args: [
            [
              [2, 2, 2],
              [2, 2, 2],
              [2, 2, 2],
            ],
            [
              [0, 0, 0],
              [1, 0, 0],
              [0, 1, 0],
            ],
          ],
          label: "three copies of one point onto a triangle: the triangle's spread about its centroid",
        },
        ...degenerateAtRandom(837),
      ],
    },
    // Guards: "rounding can make it slightly negative … never NaN": perfect fits whose subtraction cancels,
    // to 1e-5.
    {
      name: "perfect fits 100 units wide: 0, never NaN",
      points: 1,
      hidden: true,
      comparison: PERFECT,
      cases: () =>
        generated("bestFitRmsd", 836, 24, (rng) => {
          const from = pointCloud(rng, pointCount(rng), 100);
          return [from, movedCopy(rng, from, 0)] as [Vec3[], Vec3[]];
        }),
    },
  ],
});
