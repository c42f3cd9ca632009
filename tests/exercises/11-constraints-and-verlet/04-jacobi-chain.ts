/** Jacobi averaging on a chain: the checks of exercises/11-constraints-and-verlet/04-jacobi-chain.ts. */

import { random } from "../../../lib/index.ts";
import { defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/11-constraints-and-verlet/04-jacobi-chain.ts";
import { FACT_11_3, ROPE, caseRng, point, randomRope } from "../cases.ts";

type Args = Parameters<typeof solution.jacobiChain>;

export default defineExercise<typeof solution>({
  title: "Jacobi averaging",
  uses: ["vec3"],
  hints: [
    "Unflatten first: particle i is positions[3i], positions[3i + 1], positions[3i + 2]. Keep the positions of the start of the iteration and never change them while you visit the links.",
    "For each link compute the same correction as in exercise 11.3 (±C·n, split by how many of its ends are free), but add it to a per-particle sum and count instead of moving the particle. After all links, move each particle by sum/count.",
    "Count only the links that moved the particle: a pinned particle has no corrections, and an end particle has one link, so it moves by its whole correction — dividing everyone by 2, or not dividing at all, overshoots or undershoots.",
  ],
  checks: [
    {
      name: "one link, and two links to one particle",
      points: 1,
      comparison: ROPE,
      cases: () => [
        {
          fn: "jacobiChain",
          args: [[0, 0, 0, 3, 0, 0], 1, 1, [0]],
          label: "first end pinned: the second moves all the way",
        },
        { fn: "jacobiChain", args: [[0, 0, 0, 3, 4, 0], 1, 1, []], label: "both free: half each, the midpoint stays" },
        {
          fn: "jacobiChain",
          args: [[0, 0, 0, 0.5, 0, 0], 2, 1, [1]],
          label: "too short, second end pinned: the first is pushed away",
        },
        { fn: "jacobiChain", args: [[1, 2, 3, 4, 6, 3], 1, 0, [0]], label: "0 iterations: unchanged" },
        {
          fn: "jacobiChain",
          args: [[0, 0, 0, 3, 0, 0, 6, 0, 0], 1, 1, [0]],
          label: "three particles, first pinned: the middle one averages two corrections",
        },
      ],
    },
    {
      name: "fact 11.3's rope: 10 particles, 1.5× stretched, one end pinned",
      points: 2,
      comparison: ROPE,
      cases: () =>
        [1, 2, 10, 50].map((k) => ({
          fn: "jacobiChain" as const,
          args: [FACT_11_3(), 1, k, [0]] as Args,
          label: `after ${k} iteration${k === 1 ? "" : "s"}`,
        })),
    },
    {
      name: "random ropes in 3D, pinned anywhere",
      points: 2,
      comparison: ROPE,
      cases: () => {
        const rng = caseRng(1141);
        return Array.from({ length: 12 }, () => {
          const rope = randomRope(rng);
          const n = rope.length / 3;
          const pinned = [0, n - 1, Math.floor(rng() * n)].filter(() => rng() < 0.5);
          return {
            fn: "jacobiChain" as const,
            args: [rope, random.uniform(rng, 0.2, 1.5), 1 + Math.floor(rng() * 20), pinned] as Args,
          };
        });
      },
    },
    {
      name: "coincident particles and fully pinned links: no NaN",
      points: 1,
      hidden: true,
      comparison: ROPE,
      cases: () => {
        const p = point(caseRng(1142), 3);
        return [
          { fn: "jacobiChain", args: [[...p, ...p], 2, 1, []], label: "two coincident particles: parted along x" },
          { fn: "jacobiChain", args: [[0, 0, 0, 5, 0, 0, 5, 0, 0], 1, 3, [0]], label: "the last two coincident" },
          { fn: "jacobiChain", args: [[0, 0, 0, 3, 0, 0, 6, 0, 0], 1, 2, [0, 1]], label: "link 0 pinned at both ends" },
        ];
      },
    },
  ],
});
