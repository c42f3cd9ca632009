/** The best rotation from the cross-covariance: the checks of exercises/08-kabsch/02-rotation-from-covariance.ts. */

import { type Vec3, decompose, kabsch, mat3, random, vec3 } from "../../../lib/index.ts";
import { type Call, defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/08-kabsch/02-rotation-from-covariance.ts";
import { cloudAndCopy, mirroredInX, movedCopy, point, pointCloud, pointCount, wellPosedFits } from "../cases.ts";

/**
 * The best rotation is unique here (every case is built with a clear gap between the singular values
 * that decide it, see `wellPosed`), so two correct methods agree to ~1e-15/gap ≈ 1e-13 rad: compare as
 * rotations at the default 1e-9 rad, which also refuses a reflection (det −1) with a sentence.
 */
const ROTATION = { kind: "rotationMatrix" } as const;

type Case = Call<typeof solution>;

/**
 * `n` cases from a seeded generator of (from, to) pairs, each H as `kabsch.crossCovariance` computes it
 * (entries rounded as they arrive in practice), rejecting the rare ill-posed draw.
 */
function cases(
  seed: number,
  n: number,
  pair: (rng: random.Rng) => [Vec3[], Vec3[]],
  label: string,
  mirrored: boolean | undefined = false,
): Case[] {
  return wellPosedFits("rotationFromCovariance", seed, n, pair, label, mirrored).map(({ fn, args, label }) => ({
    fn,
    args: [kabsch.crossCovariance(args[0], args[1])],
    label,
  }));
}

export default defineExercise<typeof solution>({
  title: "The best rotation from the cross-covariance",
  uses: ["vec3", "mat3", "decompose.svd"],
  hints: [
    "Σ wᵢ q′ᵢ·R p′ᵢ = tr(R·H) = tr(Rᵀ·A) with A = Hᵀ: the best R is the rotation nearest A (chapter 07). Take the SVD of Hᵀ — not of H, which gives the inverse rotation.",
    "With Hᵀ = U·diag(s)·Vᵀ, tr(Rᵀ·A) is largest for the orthogonal matrix U·Vᵀ. It is a rotation when det(U)·det(V) = +1.",
    "When det(U)·det(V) = −1, U·Vᵀ is a reflection: the sets are mirror images. Negate the last column of U (the direction of the smallest singular value, which costs the least) before multiplying: R = U·diag(1, 1, −1)·Vᵀ.",
  ],
  checks: [
    // Guards: R = U·diag(1, 1, d)·Vᵀ of A = Hᵀ, not of H (which gives the inverse): known quarter turns and
    // random motions.
    {
      name: "a known rotation, recovered",
      points: 2,
      comparison: ROTATION,
      cases: () => [
        {
          fn: "rotationFromCovariance",
          args: [[0, -2, 0, 2, 0, 0, 0, 0, 1]],
          label: "H = diag(2, 2, 1)·Rz(90°)ᵀ: the quarter turn about Z",
        },
        {
          fn: "rotationFromCovariance",
          args: [[3, 0, 0, 0, 2, 0, 0, 0, 1]],
          label: "H diagonal, positive: the identity",
        },
        ...cases(811, 10, (rng) => cloudAndCopy(rng, 0), "a random set and its rotated, moved copy"),
      ],
    },
    // Guards: the maximizer of tr(R·H) for noisy, well-posed sets (rotationMatrix, 1e-9 rad).
    {
      name: "noisy point sets",
      points: 2,
      comparison: ROTATION,
      cases: () => cases(812, 12, (rng) => cloudAndCopy(rng, 0.3), "a random set and a noisy copy"),
    },
    // Guards: "a rotation, never a reflection": d = det(U·Vᵀ) flips the smallest singular direction (not the
    // largest).
    {
      // U·Vᵀ is a reflection here: refused as "determinant −1". Flipping the wrong singular direction (the
      // largest, or all three) gives a rotation that is not the best one: refused by the angle.
      name: "mirror images: a rotation, never a reflection",
      points: 3,
      comparison: ROTATION,
      cases: () => [
        {
          fn: "rotationFromCovariance",
          args: [[-3, 0, 0, 0, 2, 0, 0, 0, 1]],
          label:
            "H = diag(−3, 2, 1): U·Vᵀ is the mirror in X; the best rotation is the half turn about Y (z, the smallest direction, flipped too)",
        },
        ...cases(813, 10, (rng) => cloudAndCopy(rng, 0.1, true), "a random set and a moved mirror image", true),
      ],
    },
    // Guards: rank-2 H (flat sets), where the smallest singular value is 0 and only d fixes the third axis.
    {
      // H has rank 2: s₂ = 0 (or rounding), so the sign of det(U) is whatever completes the basis. The
      // best rotation is still unique; an answer that inverts H or divides by s₂ is not.
      name: "flat point sets (rank 2)",
      points: 1,
      hidden: true,
      comparison: ROTATION,
      cases: () =>
        cases(
          814,
          10,
          (rng) => {
            const from = pointCloud(rng, pointCount(rng)).map(([x, y]): Vec3 => [x, y, 0]);
            return [from, movedCopy(rng, rng() < 0.5 ? from : mirroredInX(from), 0)];
          },
          "a flat set and its moved copy or mirror image",
          undefined,
        ),
    },
  ],
});
