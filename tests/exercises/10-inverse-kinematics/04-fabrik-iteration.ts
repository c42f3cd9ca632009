/** One FABRIK iteration: the checks of exercises/10-inverse-kinematics/04-fabrik-iteration.ts. */

import { type Vec3, random, vec3 } from "../../../lib/index.ts";
import { type Comparison, defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/10-inverse-kinematics/04-fabrik-iteration.ts";
import { caseRng, generated, point } from "../cases.ts";

/**
 * 2n distance projections on points a few units in size: ~1e-15 of rounding each, however the student
 * normalizes. 1e-11 is generous for that and tiny beside the errors it must catch: a pass left out
 * moves the base by a bone length; lengths read after the tip moved are off by ~0.1.
 */
const POINTS: Comparison = { kind: "numbers", atol: 1e-11, rtol: 1e-11, layout: "points" };

/** A random chain: 3–7 points, each 0.3 … 1.5 from the last, in random directions. */
const randomChain = (rng: random.Rng): Vec3[] => {
  const n = 3 + Math.floor(rng() * 5);
  const p: Vec3[] = [point(rng, 2)];
  for (let i = 1; i < n; i++)
    p.push(vec3.add(p[i - 1]!, vec3.scale(random.unitVector(rng), random.uniform(rng, 0.3, 1.5))));
  return p;
};

export default defineExercise<typeof solution>({
  title: "One FABRIK iteration",
  uses: ["vec3", "constraints.constrainDistance"],
  hints: [
    "Compute the bone lengths first, from the input: lengths[i] = |p[i+1] − p[i]|. Then copy the points; you will overwrite them.",
    "Backward: p[n] = target; for i from n − 1 down to 0, p[i] = constrainDistance(p[i], p[i+1], lengths[i]). Forward: p[0] = the original base; for i from 1 up to n, p[i] = constrainDistance(p[i], p[i−1], lengths[i−1]).",
    "Read the lengths before you move anything: after p[n] = target the distance p[n] − p[n−1] is no longer the bone's. And if you normalize by hand, a joint exactly on its neighbour gives 0/0: push it along +x, as constrainDistance does.",
  ],
  checks: [
    // Guards: the backward pass (tip on the target, each joint onto its sphere) then the forward pass (base
    // back), fact 10.4's numbers.
    {
      name: "fact 10.4's chain, one iteration",
      points: 1,
      comparison: POINTS,
      cases: () => [
        {
          fn: "fabrikIteration",
          args: [
            [
              [0, 0, 0],
              [1, 0, 0],
              [2, 0, 0],
              [3, 0, 0],
            ],
            [2.9, 0.1, 0],
          ],
          label: "three unit bones, the stretched target (2.9, 0.1, 0)",
        },
        {
          fn: "fabrikIteration",
          args: [
            [
              [0, 0, 0],
              [1, 0, 0],
              [2, 0, 0],
              [3, 0, 0],
            ],
            [-1, 0.2, 0],
          ],
          label: "three unit bones, the target behind the base (−1, 0.2, 0)",
        },
        {
          fn: "fabrikIteration",
          args: [
            [
              [0, 0, 0],
              [1, 0, 0],
              [2, 0, 0],
            ],
            [0, 2, 0],
          ],
          label: "two unit bones, target (0, 2, 0)",
        },
        ...generated("fabrikIteration", 1042, 3, (rng): [Vec3[], Vec3] => [
          [
            [0, 0, 0],
            [1, 0, 0],
            [2, 0, 0],
            [3, 0, 0],
          ],
          vec3.scale(random.unitVector(rng), random.uniform(rng, 0.2, 2.9)),
        ]).map((c) => ({ ...c, label: "three unit bones, a random target within reach" })),
      ],
    },
    // Guards: both passes whatever the target, also beyond reach (no reach test, no straight chain).
    {
      name: "random chains and targets",
      points: 2,
      comparison: POINTS,
      cases: () => {
        const rng = caseRng(1041);
        return [
          ...Array.from({ length: 15 }, () => ({
            fn: "fabrikIteration" as const,
            args: [randomChain(rng), point(rng, 4)] as [Vec3[], Vec3],
          })),
          {
            fn: "fabrikIteration" as const,
            args: [
              [
                [0, 0, 0],
                [1, 0, 0],
                [1, 1, 0],
              ],
              [0, 0, 4],
            ] as [Vec3[], Vec3],
            label: "a target beyond reach (4 away, the chain 2 long): still the two passes",
          },
        ];
      },
    },
    // Guards: "its bone lengths are the distances between consecutive input points", kept after the move
    // (bones 2 and 0.5, 1 3 1).
    {
      name: "the lengths are the input's",
      points: 1,
      hidden: true,
      comparison: POINTS,
      cases: () => [
        {
          fn: "fabrikIteration",
          args: [
            [
              [0, 0, 0],
              [2, 0, 0],
              [2, 0.5, 0],
            ],
            [0, 2, 1],
          ],
          label: "bones 2 and 0.5, the tip moved far",
        },
        {
          fn: "fabrikIteration",
          args: [
            [
              [1, 1, 1],
              [1, 2, 1],
              [1, 2, 4],
              [0, 2, 4],
            ],
            [3, 0, 0],
          ],
          label: "bones 1, 3, 1",
        },
      ],
    },
    // Guards: "a joint that lands exactly on its neighbour … push it along +x, never NaN": the target on a
    // joint, zero-length bones, exact touches.
    {
      name: "a joint on its neighbour: +x, not NaN",
      points: 1,
      comparison: POINTS,
      cases: () => [
        {
          fn: "fabrikIteration",
          args: [
            [
              [0, 0, 0],
              [1, 0, 0],
              [2, 0, 0],
            ],
            [1, 0, 0],
          ],
          label: "the target on joint 1: the backward pass has no direction there",
        },
        {
          fn: "fabrikIteration",
          args: [
            [
              [0, 0, 0],
              [0, 1, 0],
              [0, 1, 0],
              [0, 2, 0],
            ],
            [0, 3, 0],
          ],
          label: "a zero-length bone in the middle",
        },
        {
          fn: "fabrikIteration",
          args: [
            [
              [0, 0, 0],
              [0, 1, 0],
              [0, 1, 0],
              [0, 2, 0],
            ],
            [0, 2, 0],
          ],
          label: "a zero-length bone whose ends meet exactly in both passes",
        },
        {
          fn: "fabrikIteration",
          args: [
            [
              [0, 0, 0],
              [0, 1, 0],
              [0, 2, 0],
            ],
            [0, 0, 0],
          ],
          label: "the target on the base",
        },
        // The target is the input point before the tip, so the backward pass meets it exactly.
        ...generated("fabrikIteration", 1043, 2, (rng): [Vec3[], Vec3] => {
          const p = randomChain(rng);
          return [p, p[p.length - 2]!];
        }).map((c) => ({ ...c, label: "a random chain, the target exactly on the joint before the tip" })),
      ],
    },
  ],
});
