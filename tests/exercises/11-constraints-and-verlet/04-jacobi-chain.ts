/** Jacobi averaging on a chain: the checks of exercises/11-constraints-and-verlet/04-jacobi-chain.ts. */

import { defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/11-constraints-and-verlet/04-jacobi-chain.ts";
import { FACT_11_3, ROPE, caseRng, movedFactRope, point, randomLinks, randomRopes } from "../cases.ts";

type Args = Parameters<typeof solution.jacobiChain>;

export default defineExercise<typeof solution>({
  title: "Jacobi averaging",
  uses: ["vec3"],
  hints: [
    "Unflatten first: particle i is positions[3i], positions[3i + 1], positions[3i + 2]. Keep the positions of the start of the iteration and never change them while you visit the links.",
    "For each link compute the same correction as in exercise 11.3 (±C·n, split by how many of its ends are free), but add it to a per-particle sum and count instead of moving the particle. After all links, move each particle by sum/count.",
    "Count every link that touches a free particle, even one already at its rest length (its correction is zero, and skipping it would double its neighbour's say): a pinned particle has no corrections, and an end particle has one link, so it moves by its whole correction — dividing everyone by 2, or not dividing at all, overshoots or undershoots.",
  ],
  checks: [
    // Guards: the average over every link touching a particle: a link to a pinned particle and a link already at rest
    // length both count.
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
        ...randomLinks("jacobiChain", 1143),
        {
          fn: "jacobiChain",
          args: [[0, 0, 0, 3, 0, 0, 6, 0, 0], 1, 1, [0]],
          label: "three particles, first pinned: the middle one averages two corrections",
        },
        {
          fn: "jacobiChain",
          args: [[0, 0, 0, 1, 0, 0, 3, 0, 0], 1, 1, []],
          label: "the first link already at rest length: its zero correction still counts in the middle one's average",
        },
      ],
    },
    // Guards: every correction from the positions at the start of the iteration (not Gauss–Seidel), averaged (not
    // summed), 1 … 50 iterations.
    {
      name: "fact 11.3's rope: 10 particles, 1.5× stretched, one end pinned",
      points: 2,
      comparison: ROPE,
      cases: () => [
        ...[1, 2, 10, 50].map((k) => ({
          fn: "jacobiChain" as const,
          args: [FACT_11_3(), 1, k, [0]] as Args,
          label: `after ${k} iteration${k === 1 ? "" : "s"}`,
        })),
        movedFactRope("jacobiChain", 1144),
      ],
    },
    // Guards: pins anywhere (ends, middle, none), any rest length and 1 … 20 iterations.
    // Guards: "without changing the input": every case also fails if the call changed an argument (inputs: "unchanged").
    {
      name: "random ropes in 3D, pinned anywhere",
      inputs: "unchanged",
      points: 2,
      comparison: ROPE,
      cases: () => {
        return randomRopes("jacobiChain", 1141);
      },
    },
    // Guards: coincident particles part along (1, 0, 0); a particle with no free link (count 0) stays — no 0/0.
    {
      name: "coincident particles and fully pinned links: no NaN",
      points: 1,
      hidden: true,
      comparison: ROPE,
      cases: () => {
        const p = point(caseRng(1142), 3);
        return [
          { fn: "jacobiChain", args: [[...p], 1, 3, []], label: "a single particle (n = 1): no links, it stays" },
          { fn: "jacobiChain", args: [[...p, ...p], 2, 1, []], label: "two coincident particles: parted along x" },
          { fn: "jacobiChain", args: [[0, 0, 0, 5, 0, 0, 5, 0, 0], 1, 3, [0]], label: "the last two coincident" },
          { fn: "jacobiChain", args: [[0, 0, 0, 3, 0, 0, 6, 0, 0], 1, 2, [0, 1]], label: "link 0 pinned at both ends" },
        ];
      },
    },
  ],
});
