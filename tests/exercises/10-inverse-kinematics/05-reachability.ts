/** Reachability: the checks of exercises/10-inverse-kinematics/05-reachability.ts. */

import { type Vec3, random, vec3 } from "../../../lib/index.ts";
import { type Comparison, defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/10-inverse-kinematics/05-reachability.ts";
import { caseRng, point } from "../cases.ts";

/** A sum of a few lengths and one distance: ~1e-15 of rounding; 1e-12 for any order of summation. */
const LENGTH: Comparison = { kind: "numbers", atol: 1e-12, rtol: 1e-12 };
/** The same tolerance for the straight chain's joint positions, flattened, named point by point in a failure. */
const CHAIN: Comparison = { ...LENGTH, layout: "points" };

/** `n` bone lengths 0.3 … 2, with the longest possibly much longer (so the hole appears). */
const lengthsOf = (rng: random.Rng): number[] => {
  const n = 1 + Math.floor(rng() * 4);
  const ls = Array.from({ length: n }, () => random.uniform(rng, 0.3, 2));
  if (rng() < 0.5) ls[Math.floor(rng() * n)] = random.uniform(rng, 3, 6);
  return ls;
};
/** A target at `distance` from `o` in a random direction. */
const at = (rng: random.Rng, o: Vec3, distance: number): Vec3 =>
  vec3.add(o, vec3.scale(random.unitVector(rng), distance));
type Args = [Vec3, number[], Vec3];
type Case<F> = { fn: F; args: Args; label?: string };
const sum = (ls: number[]) => ls.reduce((s, l) => s + l, 0);
const innerOf = (ls: number[]) => Math.max(0, 2 * Math.max(...ls) - sum(ls));

export default defineExercise<typeof solution>({
  title: "Reachability",
  uses: ["vec3", "scalar"],
  hints: [
    "Let d = |target − origin| and L the sum of the lengths. If d > L no pose reaches: the best is the chain straight toward the target, d − L short.",
    "There is a hole too: the longest bone Lₘₐₓ can be folded back by at most L − Lₘₐₓ, so the tip can come no nearer the base than inner = max(0, 2·Lₘₐₓ − L). Inside it the error is inner − d. Between inner and L it is 0.",
    "For straightToward: the unit direction u = (target − origin)/d and the points origin + (L₀ + … + Lᵢ)·u. When d = 0 there is no direction: use +x.",
  ],
  checks: [
    // Guards: d − L beyond the reach L, the shell's outer edge.
    {
      name: "beyond reach: d − L",
      points: 1,
      comparison: LENGTH,
      cases: () => {
        const rng = caseRng(1051);
        const cases: Case<"reachError">[] = [
          {
            fn: "reachError",
            args: [
              [0, 0, 0],
              [1, 1, 1],
              [5, 0, 0],
            ],
            label: "three unit bones, target 5 away",
          },
        ];
        for (let k = 0; k < 8; k++) {
          const o = point(rng, 3);
          const ls = lengthsOf(rng);
          cases.push({ fn: "reachError", args: [o, ls, at(rng, o, sum(ls) + random.uniform(rng, 0.01, 3))] });
        }
        return cases;
      },
    },
    // Guards: 0 anywhere between inner and L, the target on the base when the bones fold back to it.
    {
      name: "inside the shell: 0",
      points: 1,
      comparison: LENGTH,
      cases: () => {
        const rng = caseRng(1052);
        const cases: Case<"reachError">[] = [
          {
            fn: "reachError",
            args: [
              [0, 0, 0],
              [1, 1, 1],
              [0, 0, 0],
            ],
            label: "three unit bones, target on the base (they fold back to it)",
          },
        ];
        for (let k = 0; k < 8; k++) {
          const o = point(rng, 3);
          const ls = lengthsOf(rng);
          const inner = innerOf(ls);
          cases.push({
            fn: "reachError",
            args: [o, ls, at(rng, o, inner + random.uniform(rng, 0.05, 0.95) * (sum(ls) - inner))],
          });
        }
        return cases;
      },
    },
    // Guards: inner = max(0, 2·Lₘₐₓ − L) wherever the longest bone is (first, last, middle); inner − d in the
    // hole.
    {
      name: "inside the hole: inner − d",
      points: 2,
      comparison: LENGTH,
      cases: () => {
        const rng = caseRng(1053);
        const cases: Case<"reachError">[] = [
          {
            fn: "reachError",
            args: [
              [0, 0, 0],
              [3, 1],
              [0.5, 0, 0],
            ],
            label: "bones 3 and 1: the hole has radius 2",
          },
          {
            fn: "reachError",
            args: [
              [0, 0, 0],
              [1, 3],
              [0, -0.5, 0],
            ],
            label: "bones 1 and 3, the long one at the tip: the hole still has radius 2",
          },
          {
            fn: "reachError" as const,
            args: [[1, 1, 1], [5], [1, 1, 1]],
            label: "one bone 5 long, target on the base",
          },
        ];
        for (let k = 0; k < 6; k++) {
          const o = point(rng, 3);
          const ls = [random.uniform(rng, 3, 6), random.uniform(rng, 0.2, 1), random.uniform(rng, 0.2, 1)];
          cases.push({ fn: "reachError", args: [o, ls, at(rng, o, random.uniform(rng, 0, 0.95) * innerOf(ls))] });
        }
        // The longest bone anywhere, not only at the base: in the middle, or at the tip.
        for (let k = 0; k < 6; k++) {
          const o = point(rng, 3);
          const ls = [random.uniform(rng, 0.2, 1), random.uniform(rng, 0.2, 1), random.uniform(rng, 0.2, 1)];
          ls.splice(1 + (k % 3), 0, random.uniform(rng, 4, 6));
          cases.push({
            fn: "reachError",
            args: [o, ls, at(rng, o, random.uniform(rng, 0, 0.95) * innerOf(ls))],
            label: `bones ${ls.map((l) => l.toFixed(2)).join(", ")}: the long one is bone ${2 + (k % 3)}`,
          });
        }
        return cases;
      },
    },
    // Guards: straightToward: the chain straight from the base toward the target, base first, tip last.
    {
      name: "the straight chain toward the target",
      points: 2,
      comparison: CHAIN,
      cases: () => {
        const rng = caseRng(1054);
        const cases: Case<"straightToward">[] = [
          {
            fn: "straightToward",
            args: [
              [0, 0, 0],
              [1, 1],
              [0, 0, 5],
            ],
            label: "two unit bones toward (0, 0, 5)",
          },
        ];
        for (let k = 0; k < 8; k++) {
          const o = point(rng, 3);
          const ls = lengthsOf(rng);
          cases.push({ fn: "straightToward", args: [o, ls, at(rng, o, sum(ls) + random.uniform(rng, 0.01, 3))] });
        }
        return cases;
      },
    },
    // Guards: "for a target exactly on the base, lay it along +x" (an exact touch: target = base).
    {
      name: "a target on the base: along +x, not NaN",
      points: 1,
      hidden: true,
      comparison: CHAIN,
      cases: () => [
        {
          fn: "straightToward",
          args: [
            [0, 0, 0],
            [1, 2],
            [0, 0, 0],
          ],
          label: "target = base = origin",
        },
        { fn: "straightToward", args: [[1, -2, 3], [0.5], [1, -2, 3]], label: "target = base elsewhere" },
      ],
    },
  ],
});
