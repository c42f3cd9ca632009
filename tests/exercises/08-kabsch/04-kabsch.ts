/** Kabsch with weights, as a 4×4 matrix: the checks of exercises/08-kabsch/04-kabsch.ts. */

import { decompose, kabsch, mat3, random, vec3 } from "../../../lib/index.ts";
import { type Call, defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/08-kabsch/04-kabsch.ts";
import { cloudAndCopy, movedCopy, pointCloud, pointCount, wellPosedFits } from "../cases.ts";

/**
 * The best rigid motion is unique in every case (see `wellPosed`), so two correct methods agree to
 * ~1e-13 in the rotation entries (size ≤ 1) and the translation (size ≤ ~10): 1e-10 is a wide margin,
 * and any wrong formula is off by ≥ 1e-3.
 */
const MATRIX = { kind: "numbers", atol: 1e-10, rtol: 1e-10 } as const;

/**
 * Points 10⁵ from the origin. Centring first, the rotation is right to ~1e-10 and t = q̄ − R p̄ (size
 * ~10⁵) to ~1e-5, i.e. 1e-10 relative; products taken before centring lose the rotation to ~1e-5.
 * atol 1e-8 (rotation entries) and rtol 1e-9 (translation) sit between the two.
 */
const FAR_MATRIX = { kind: "numbers", atol: 1e-8, rtol: 1e-9 } as const;

type Case = Call<typeof solution>;

export default defineExercise<typeof solution>({
  title: "Kabsch with weights: the best rigid motion as a matrix",
  uses: ["vec3", "mat3", "mat4", "decompose.svd", "kabsch.centroid", "kabsch.crossCovariance"],
  hints: [
    "Three steps: the weighted centroids p̄ and q̄ (kabsch.centroid takes the weights); the rotation from the weighted cross-covariance (exercise 08.2: SVD of Hᵀ, flip the last column of U when det(U)·det(V) < 0); the translation.",
    "R rotates about the origin, so R p̄ + t must land on q̄: t = q̄ − R p̄. The blog's 'offset between the averages', q̄ − p̄, is right only for a rotation about p̄.",
    "Pack it column-major: m[0..2], m[4..6], m[8..10] are R's columns, m[12..14] is t, m[3] = m[7] = m[11] = 0 and m[15] = 1. Use the same weights in both centroids and in H: a pair with weight 0 must vanish from all three.",
  ],
  checks: [
    // Guards: R in the upper-left block, t = q̄ − R p̄ in indices 12 … 14, bottom row 0 0 0 1 (fact 8.1 and
    // exact copies).
    {
      name: "known motions, recovered (fact 8.1)",
      points: 2,
      comparison: MATRIX,
      cases: () => [
        {
          fn: "fitRigid",
          args: [
            [
              [1, 0, 0],
              [0, 1, 0],
              [0, 0, 0],
            ],
            [
              [1, 4, 3],
              [0, 3, 3],
              [1, 3, 3],
            ],
          ],
          label: "a right triangle turned 90° about Z and moved by (1, 3, 3)",
        },
        ...wellPosedFits(
          "fitRigid",
          841,
          10,
          (rng) => cloudAndCopy(rng, 0),
          "a random set and its rotated, moved copy",
        ),
      ],
    },
    // Guards: the least-squares motion for noisy targets.
    {
      name: "noisy targets",
      points: 2,
      comparison: MATRIX,
      cases: () => wellPosedFits("fitRigid", 842, 12, (rng) => cloudAndCopy(rng, 0.3), "a random set and a noisy copy"),
    },
    // Guards: "a pair with weight 0 must not count at all, and scaling every weight … changes nothing"
    // (weights scaled 1e-3 … 1e3).
    {
      // Weights in H but not in the centroids (or the reverse) fail here; so does ignoring them.
      name: "weights: a zero weight drops a pair",
      points: 2,
      comparison: MATRIX,
      cases: () => [
        ...wellPosedFits(
          "fitRigid",
          843,
          6,
          (rng) => {
            const from = pointCloud(rng, pointCount(rng));
            const to = movedCopy(rng, from, 0);
            to[0] = vec3.add(to[0]!, [5, -4, 3]); // an outlier, weighted out
            return [from, to, from.map((_, i) => (i === 0 ? 0 : 1))];
          },
          "an outlier with weight 0, the rest exact",
        ),
        ...wellPosedFits(
          "fitRigid",
          844,
          8,
          (rng) => {
            const from = pointCloud(rng, pointCount(rng));
            const scale = 10 ** random.uniform(rng, -3, 3);
            return [from, movedCopy(rng, from, 0.3), from.map(() => scale * random.uniform(rng, 0.1, 3))];
          },
          "a noisy copy with random weights",
        ),
      ],
    },
    // Guards: det R = +1 for mirror images (the reflection fix).
    {
      name: "mirror images: a rotation, never a reflection",
      points: 2,
      comparison: MATRIX,
      cases: () =>
        wellPosedFits(
          "fitRigid",
          845,
          10,
          (rng) => cloudAndCopy(rng, 0.1, true),
          "a random set and a moved mirror image",
          true,
        ),
    },
    // Guards: centred sums far from the origin (10⁵), where the one-pass covariance cancels.
    {
      name: "far from the origin (10⁵ away)",
      points: 1,
      hidden: true,
      comparison: FAR_MATRIX,
      cases: () =>
        wellPosedFits(
          "fitRigid",
          846,
          8,
          (rng) => {
            const offset = vec3.scale(random.unitVector(rng), 1e5);
            const from = pointCloud(rng, pointCount(rng)).map((p) => vec3.add(p, offset));
            return [from, movedCopy(rng, from, 0.1)];
          },
          "a set 10⁵ from the origin and a noisy copy",
        ),
    },
  ],
});
