/** Umeyama's scale, the best similarity transform: the checks of exercises/08-kabsch/05-umeyama-scale.ts. */

import { type Vec3, decompose, kabsch, mat3, quat, random, vec3 } from "../../../lib/index.ts";
import { type Call, defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/08-kabsch/05-umeyama-scale.ts";
import { caseRng, mirroredInX, movedCopy, point, pointCloud, pointCount, wellPosedFits } from "../cases.ts";
import { KABSCH_SIMILARITY } from "../../../notebooks/figures/kabsch-example.ts";

/**
 * The answer is unique in every case (see `wellPosed`): entries of s·R (size ≤ 5) and t (size ≤ ~20)
 * agree to ~1e-13 between correct methods; 1e-10 is a wide margin, and the wrong scales tried by the
 * fixtures are off by ≥ 1e-3.
 */
const MATRIX = { kind: "numbers", atol: 1e-10, rtol: 1e-10 } as const;

type Case = Call<typeof solution>;

const someScale = (rng: random.Rng) => 10 ** random.uniform(rng, -0.7, 0.7); // 0.2 … 5

/** Fact 8.4's set, scaled by 2.5, turned 0.9 rad about (1, 2, −1) and moved by (3, −1, 2) (notebooks/figures/kabsch-example.ts). */
const FACT_84_FROM = [...KABSCH_SIMILARITY.from];
const FACT_84_TO = [...KABSCH_SIMILARITY.to];

/**
 * A scaled, turned, moved copy of a cloud `size` across (≈ the origin), moved by as much as its size:
 * a microscope's clouds (1e-7) or a survey's (1e3). Each is a real cloud, fitted as any other; a "one point"
 * test on the spread in world units (spread < 1e-12) takes the small one for a single point.
 */
const cloudAtScale = (rng: random.Rng, size: number) => {
  const from = pointCloud(rng, pointCount(rng), size);
  const r = random.unitQuat(rng);
  const s = someScale(rng);
  const t = point(rng, 2 * size);
  return [from, from.map((p) => vec3.add(vec3.scale(quat.rotateVec3(r, p), s), t))] as [Vec3[], Vec3[]];
};

/** Copies of one decimal point, whose centroid rounds (0.1 + 0.1 + 0.1 = 0.30000000000000004). */
const DECIMAL: Vec3 = [0.1, 0.2, 0.7];

export default defineExercise<typeof solution>({
  title: "Umeyama's scale: the best similarity transform",
  uses: ["vec3", "mat3", "mat4", "decompose.svd", "kabsch.centroid", "kabsch.crossCovariance"],
  hints: [
    "The rotation does not depend on the scale: find it as in exercise 08.4. Then Σ wᵢ|s R p′ᵢ − q′ᵢ|² = s²·Σ wᵢ|p′ᵢ|² − 2s·tr(R·H) + Σ wᵢ|q′ᵢ|² is a parabola in s: its lowest point is s = tr(R·H) / Σ wᵢ|p′ᵢ|².",
    "tr(R·H) for the best, sign-fixed rotation is s₀ + s₁ + d·s₂ (the singular values of H, d = det(U)·det(V)). Without d a mirror image gets too large a scale. And it is not √(Σ|q′|²/Σ|p′|²): that ratio also counts the noise as size.",
    "The matrix holds s·R in its upper-left block and t = q̄ − s·R·p̄ in m[12..14]. If every `from` point is the same, return the translation q̄ − p̄ with R = I and s = 1 instead of dividing by zero — and test the points for that (all coordinates equal), not the spread: copies of 0.1 have a centroid that rounds, so their spread is ~1e-33, and a cloud 1e-7 across has a spread of ~1e-14 that is real.",
  ],
  checks: [
    // Guards: s = tr(R·H)/spread and t = q̄ − sRp̄ recover an exact scaled copy (fact 8.4, scales 0.2 … 5).
    {
      name: "scaled copies, recovered (fact 8.4)",
      points: 2,
      comparison: MATRIX,
      cases: () => [
        { fn: "fitSimilarity", args: [FACT_84_FROM, FACT_84_TO], label: "fact 8.4: scaled by 2.5, s = 2.5" },
        ...wellPosedFits(
          "fitSimilarity",
          851,
          10,
          (rng) => {
            const from = pointCloud(rng, pointCount(rng));
            return [from, movedCopy(rng, from, 0, someScale(rng))];
          },
          "a random set and a scaled, turned, moved copy",
        ),
      ],
    },
    // Guards: "it is not the ratio of the two sets' sizes" — noise 0.3 on clouds ~1.5 across.
    {
      name: "noisy targets: Umeyama's s, not the ratio of the sizes",
      points: 2,
      comparison: MATRIX,
      cases: () =>
        wellPosedFits(
          "fitSimilarity",
          852,
          12,
          (rng) => {
            const from = pointCloud(rng, pointCount(rng));
            return [from, movedCopy(rng, from, 0.3, someScale(rng))];
          },
          "a random set and a noisy scaled copy",
        ),
    },
    // Guards: "with the sign-fixed rotation, s = (s₀ + s₁ + d·s₂)/spread", det R = +1, on mirror images.
    {
      name: "mirror images: the scale of the sign-fixed rotation",
      points: 2,
      comparison: MATRIX,
      cases: () =>
        wellPosedFits(
          "fitSimilarity",
          853,
          10,
          (rng) => {
            const from = pointCloud(rng, pointCount(rng));
            return [from, movedCopy(rng, mirroredInX(from), 0.1, someScale(rng))];
          },
          "a random set and a scaled mirror image",
          true,
        ),
    },
    // Guards: optional weights ≥ 0 in the centroids, H, the spread and s (weights 0 … 3).
    {
      name: "weights",
      points: 1,
      comparison: MATRIX,
      cases: () =>
        wellPosedFits(
          "fitSimilarity",
          854,
          10,
          (rng) => {
            const from = pointCloud(rng, pointCount(rng));
            return [from, movedCopy(rng, from, 0.3, someScale(rng)), from.map(() => random.uniform(rng, 0, 3))];
          },
          "a noisy scaled copy with random weights",
        ),
    },
    // Guards: "any scale" of a real cloud: 1e-7 and 1e3 across, fitted, not taken for one point.
    {
      name: "clouds 1e-7 and 1e3 across: fitted, not taken for one point",
      points: 1,
      comparison: MATRIX,
      cases: () => [
        ...wellPosedFits("fitSimilarity", 856, 4, (rng) => cloudAtScale(rng, 1e-7), "a cloud 1e-7 across"),
        ...wellPosedFits("fitSimilarity", 857, 3, (rng) => cloudAtScale(rng, 1e3), "a cloud 1e3 across"),
      ],
    },
    // Guards: "when every from point is the same … R = I, s = 1, never NaN" at its edge: copies of decimal
    // points whose centroid rounds (spread ~1e-33, not 0), with and without weights.
    {
      // No shape to turn or scale: every rotation and scale fit equally well, so the exercise pins the
      // answer (R = I, s = 1, its task says so) and the check is that it is not NaN.
      name: "every from point the same: a translation, not NaN",
      points: 1,
      hidden: true,
      comparison: MATRIX,
      cases: () => {
        const rng = caseRng(855);
        return Array.from({ length: 4 }, (_, k): Case => {
          const p = point(rng, 2);
          return {
            fn: "fitSimilarity",
            args: [Array.from({ length: 3 + k }, () => p), pointCloud(rng, 3 + k)],
            label: `${3 + k} copies of one point onto a random set`,
          };
        }).concat([
          {
            fn: "fitSimilarity",
            args: [[DECIMAL, DECIMAL, DECIMAL], pointCloud(rng, 3)],
            label: "three copies of (0.1, 0.2, 0.7) onto a random set",
          },
          {
            fn: "fitSimilarity",
            args: [[DECIMAL, DECIMAL, DECIMAL, DECIMAL], pointCloud(rng, 4), [0.1, 0.2, 0.3, 0.7]],
            label: "four copies of (0.1, 0.2, 0.7), weighted 0.1, 0.2, 0.3, 0.7",
          },
        ]);
      },
    },
  ],
});
