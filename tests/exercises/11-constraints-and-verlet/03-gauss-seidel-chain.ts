/** A Gauss–Seidel chain solve: the checks of exercises/11-constraints-and-verlet/03-gauss-seidel-chain.ts. */

import { defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/11-constraints-and-verlet/03-gauss-seidel-chain.ts";
import { FACT_11_3, ROPE, caseRng, movedFactRope, point, randomLinks, randomRopes } from "../cases.ts";

type Args = Parameters<typeof solution.gaussSeidelChain>;

export default defineExercise<typeof solution>({
  title: "A Gauss–Seidel chain solve",
  uses: ["vec3"],
  hints: [
    "Unflatten first: particle i is positions[3i], positions[3i + 1], positions[3i + 2]. Work on a copy and flatten at the end.",
    "For link i: d = p[i+1] − p[i], C = |d| − restLength, n = d/|d|. Both free: p[i] += (C/2)·n, p[i+1] −= (C/2)·n. One pinned: the other moves the whole C·n. Both pinned: skip. Write each move back before the next link.",
    "Coincident particles: |d| = 0, so use n = (1, 0, 0) instead of 0/0 — then p[i+1] ends up on the +x side of p[i].",
  ],
  checks: [
    // Guards: one link: half each when both are free, all on the free end when one is pinned, pushed apart when too
    // short; 0 iterations: unchanged.
    {
      name: "one link",
      points: 1,
      comparison: ROPE,
      cases: () => [
        {
          fn: "gaussSeidelChain",
          args: [[0, 0, 0, 3, 0, 0], 1, 1, [0]],
          label: "first end pinned: the second moves all the way",
        },
        {
          fn: "gaussSeidelChain",
          args: [[0, 0, 0, 3, 4, 0], 1, 1, []],
          label: "both free: half each, the midpoint stays",
        },
        {
          fn: "gaussSeidelChain",
          args: [[0, 0, 0, 0.5, 0, 0], 2, 1, [1]],
          label: "too short, second end pinned: the first is pushed away",
        },
        { fn: "gaussSeidelChain", args: [[1, 2, 3, 4, 6, 3], 1, 0, [0]], label: "0 iterations: unchanged" },
        ...randomLinks("gaussSeidelChain", 1133),
      ],
    },
    // Guards: links visited in order 0 … n − 2, each using the positions earlier links of this sweep left (1, 2, 10, 50
    // sweeps, and the rope moved rigidly).
    {
      name: "fact 11.3's rope: 10 particles, 1.5× stretched, one end pinned",
      points: 2,
      comparison: ROPE,
      cases: () => [
        ...[1, 2, 10, 50].map((k) => ({
          fn: "gaussSeidelChain" as const,
          args: [FACT_11_3(), 1, k, [0]] as Args,
          label: `after ${k} iteration${k === 1 ? "" : "s"}`,
        })),
        movedFactRope("gaussSeidelChain", 1134),
      ],
    },
    // Guards: pins anywhere (ends, middle, none), any rest length and 1 … 20 sweeps.
    // Guards: "without changing the input": every case also fails if the call changed an argument (inputs: "unchanged").
    {
      name: "random ropes in 3D, pinned anywhere",
      inputs: "unchanged",
      points: 2,
      comparison: ROPE,
      cases: () => {
        return randomRopes("gaussSeidelChain", 1131);
      },
    },
    // Guards: coincident particles part along (1, 0, 0); a link pinned at both ends moves nothing; n = 1 has no links.
    {
      name: "coincident particles and fully pinned links: no NaN",
      points: 1,
      hidden: true,
      comparison: ROPE,
      cases: () => {
        const p = point(caseRng(1132), 3);
        return [
          { fn: "gaussSeidelChain", args: [[...p], 1, 3, []], label: "a single particle (n = 1): no links, it stays" },
          { fn: "gaussSeidelChain", args: [[...p, ...p], 2, 1, []], label: "two coincident particles: parted along x" },
          {
            fn: "gaussSeidelChain",
            args: [[0, 0, 0, 5, 0, 0, 5, 0, 0], 1, 3, [0]],
            label: "the last two coincident at the start (link 0 moves one of them first)",
          },
          {
            fn: "gaussSeidelChain",
            args: [[0, 0, 0, 3, 0, 0, 6, 0, 0], 1, 2, [0, 1]],
            label: "link 0 pinned at both ends",
          },
        ];
      },
    },
  ],
});
