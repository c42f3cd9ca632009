/** Parallel segments: the checks of exercises/12-closest-points-between-segments/03-parallel-case.ts. */

import { type Vec3, quat, random, vec3 } from "../../../lib/index.ts";
import { type Comparison, defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/12-closest-points-between-segments/03-parallel-case.ts";
import { caseRng, point } from "../cases.ts";

/**
 * `[distance, sFrom, sTo]` from two dot products and a division of coordinates ≤ ~8 (turned and
 * moved cases arrive rounded, ~1e-15): 1e-10 accepts every correct formula and refuses a range that
 * is short by any visible amount. Comparing the whole range — not one pair — is what makes the check
 * fair: every closest pair has its s in [sFrom, sTo], and that range is unique.
 */
const RANGE: Comparison = { kind: "numbers", atol: 1e-10, rtol: 0 };

type Args = [Vec3, Vec3, Vec3, Vec3];
const call = (args: Args, label?: string) => ({ fn: "parallelClosest" as const, args, ...(label ? { label } : {}) });

/** Turns and moves a case rigidly, so its coordinates arrive rounded, as they do in practice. */
function moved(rng: random.Rng, pts: Args): Args {
  const q = random.unitQuat(rng);
  const t = point(rng, 4);
  return pts.map((p) => vec3.add(t, quat.rotateVec3(q, p))) as Args;
}

export default defineExercise<typeof solution>({
  title: "Parallel segments",
  uses: ["vec3", "segments.closestPointOnSegment"],
  hints: [
    "The formula of exercise 12.2 divides by AE − B² = |d₁ × d₂|², which is 0 here. Do without it: find where c and d fall along ab, s_c = (c − a)·(b − a)/|b − a|² and s_d likewise.",
    "cd covers the parameters between min(s_c, s_d) and max(s_c, s_d) (c may come after d). Intersect that with [0, 1]: every s in the intersection has a partner on cd at the lines' distance.",
    "If the intersection is empty, all of cd lies beyond one end of ab: that end is the only closest point, sFrom = sTo = 0 or 1. The distance is then from that end to cd (closestPointOnSegment).",
  ],
  checks: [
    {
      name: "overlapping: a whole range of closest pairs (fact 12.1)",
      points: 2,
      comparison: RANGE,
      cases: () => [
        call(
          [
            [1, -2, 0],
            [1, 2, 0],
            [-1, -2, 0],
            [-1, 2, 0],
          ],
          "fact 12.1: side by side, 2 apart",
        ),
        call(
          [
            [0, 0, 0],
            [4, 0, 0],
            [1, 1, 0],
            [2, 1, 0],
          ],
          "cd above the second quarter of ab",
        ),
        call(
          [
            [0, 0, 0],
            [1, 0, 0],
            [-2, 0, 3],
            [0.5, 0, 3],
          ],
          "cd covers the first half of ab",
        ),
        call(
          [
            [0, 0, 0],
            [2, 0, 0],
            [-1, 2, 2],
            [3, 2, 2],
          ],
          "cd longer than ab on both sides",
        ),
      ],
    },
    {
      name: "apart along their line: one pair of ends (fact 12.2)",
      points: 1,
      comparison: RANGE,
      cases: () => [
        call(
          [
            [0, 0, 0],
            [1, 0, 0],
            [3, 1, 0],
            [5, 1, 0],
          ],
          "fact 12.2: √5 apart",
        ),
        call(
          [
            [0, 0, 0],
            [1, 0, 0],
            [-5, 1, 1],
            [-3, 1, 1],
          ],
          "cd behind a",
        ),
        call(
          [
            [0, 0, 0],
            [1, 0, 0],
            [3, 0, 0],
            [2, 0, 0],
          ],
          "collinear, 1 apart",
        ),
        call(
          [
            [0, 0, 0],
            [1, 0, 0],
            [1, 0, 0],
            [2, 0, 0],
          ],
          "collinear, touching at b",
        ),
      ],
    },
    {
      name: "opposite directions",
      points: 1,
      comparison: RANGE,
      cases: () => [
        call(
          [
            [0, 0, 0],
            [4, 0, 0],
            [2, 1, 0],
            [1, 1, 0],
          ],
          "cd from x = 2 back to x = 1",
        ),
        call(
          [
            [0, 0, 0],
            [1, 0, 0],
            [5, 1, 0],
            [3, 1, 0],
          ],
          "reversed and beyond b",
        ),
        call(
          [
            [3, 3, 3],
            [1, 1, 1],
            [0, 0, 1],
            [2, 2, 3],
          ],
          "a diagonal pair, ab reversed",
        ),
      ],
    },
    {
      name: "turned and moved (rounded coordinates)",
      points: 2,
      hidden: true,
      comparison: RANGE,
      cases: () => {
        const rng = caseRng(1231);
        return Array.from({ length: 16 }, () => {
          const len = random.uniform(rng, 0.5, 3);
          const from = random.uniform(rng, -4, 4);
          const to = from + (rng() < 0.5 ? 1 : -1) * random.uniform(rng, 0.5, 3);
          const off = random.uniform(rng, 0, 2);
          return call(
            moved(rng, [
              [0, 0, 0],
              [len, 0, 0],
              [from, off, 0],
              [to, off, 0],
            ]),
          );
        });
      },
    },
  ],
});
