/** Repairing drift with Gram–Schmidt: the checks of exercises/01-canonical-rotations/04-gram-schmidt.ts. */

import { type Mat3, mat3, random } from "../../../lib/index.ts";
import { type Comparison, defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/01-canonical-rotations/04-gram-schmidt.ts";
import { generated, randomRotation } from "../cases.ts";

/**
 * Entry by entry: Gram–Schmidt in the order 0, 1, 2 has one answer, and classical, modified or
 * cross-product (e₂ = e₀ × e₁) versions agree to a few 1e-16 on these well-conditioned inputs. A repair
 * that keeps another column, or the nearest rotation (polar decomposition), differs by ~ the drift.
 */
const ENTRIES = { kind: "numbers", atol: 1e-12, rtol: 0 } satisfies Comparison;
/** On matrices that are rotations already, every version returns the input to rounding. */
const UNCHANGED = { kind: "numbers", atol: 1e-14, rtol: 0 } satisfies Comparison;

/** A random rotation with every entry moved by up to ±`by`, kept right-handed (det > 0.2: independent columns, a rotation comes out). */
function drifted(rng: random.Rng, by: number): Mat3 {
  for (;;) {
    const m = randomRotation(rng).map((x) => x + random.uniform(rng, -by, by)) as Mat3;
    if (mat3.determinant(m) > 0.2) return m;
  }
}

export default defineExercise<typeof solution>({
  title: "Repairing drift with Gram–Schmidt",
  uses: ["scalar", "vec3"],
  hints: [
    "e₀ = c₀ / |c₀|. Then take c₁ minus its part along e₀, (c₁·e₀) e₀, and normalize: that is e₁.",
    "For e₂, remove from c₂ its parts along e₀ and along e₁, then normalize. (Or e₂ = e₀ × e₁ — the same answer when det m > 0.)",
    "The result is column-major: [...e₀, ...e₁, ...e₂].",
  ],
  checks: [
    // Guards: a rotation is already orthonormal: it comes back unchanged (to rounding).
    {
      name: "leaves a rotation unchanged",
      points: 1,
      comparison: UNCHANGED,
      cases: () => generated("gramSchmidt", 401, 10, (rng): [Mat3] => [randomRotation(rng)]),
    },
    // Guards: "a rotation matrix" back from columns drifted by 1e-3, by Gram–Schmidt in the order 0, 1, 2 (not the
    // polar factor, not without the last normalize).
    {
      name: "repairs drifted rotations",
      points: 3,
      comparison: ENTRIES,
      cases: () => generated("gramSchmidt", 402, 20, (rng): [Mat3] => [drifted(rng, 1e-3)]),
    },
    // Guards: "whose first column points along m's first column", for upper-triangular (known answer) inputs.
    {
      name: "keeps the first column's direction",
      points: 1,
      comparison: ENTRIES,
      cases: () => [
        { fn: "gramSchmidt", args: [[2, 0, 0, 1, 1, 0, 1, 1, 1]], label: "upper triangular, column 0 = (2, 0, 0)" },
        { fn: "gramSchmidt", args: [[0, 0, 3, 1, 0, 1, 0, 1, 0]], label: "column 0 = (0, 0, 3), det 3" },
        // The first case turned by a random rotation Q, with random entries: m = Q·U, U upper triangular
        // with a positive diagonal and U₂₂ = 1, so Gram–Schmidt returns Q (and the third remainder is unit).
        ...generated("gramSchmidt", 404, 3, (rng): [Mat3] => {
          const off = () => (rng() < 0.5 ? -1 : 1) * random.uniform(rng, 0.2, 1);
          const u: Mat3 = [random.uniform(rng, 0.5, 2), 0, 0, off(), random.uniform(rng, 0.5, 2), 0, off(), off(), 1];
          return [mat3.multiply(randomRotation(rng), u)];
        }).map((c) => ({ ...c, label: "a random rotation times an upper triangular matrix" })),
      ],
    },
    // Guards: the same far from orthonormal (columns drifted by up to 0.3), where another repair (the
    // nearest rotation) or a skipped normalize is far off.
    {
      name: "strongly skewed bases",
      points: 1,
      hidden: true,
      comparison: ENTRIES,
      cases: () => generated("gramSchmidt", 403, 10, (rng): [Mat3] => [drifted(rng, 0.3)]),
    },
  ],
});
