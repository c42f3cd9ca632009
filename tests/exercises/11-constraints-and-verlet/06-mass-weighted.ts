/** A distance constraint between unequal masses: the checks of exercises/11-constraints-and-verlet/06-mass-weighted.ts. */

import { type Vec3, random, vec3 } from "../../../lib/index.ts";
import { type Comparison, defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/11-constraints-and-verlet/06-mass-weighted.ts";
import { caseRng, point } from "../cases.ts";

/**
 * Each end is `x ± (w/Σw)·C·n`: a normalization and a multiply-add, a few ulps of coordinates ≤ ~60 (an ulp
 * ≈ 7e-15). 1e-12 allows any order of the arithmetic (the fractions first, or C/Σw first); swapping the
 * weights, or splitting half and half, is off by ≥ 1e-3.
 */
const POINT: Comparison = { kind: "numbers", atol: 1e-12, rtol: 1e-12, layout: "points" };

type Args = [Vec3, Vec3, number, number, number];
const call = (args: Args, label?: string) => ({ fn: "projectPair" as const, args, ...(label ? { label } : {}) });

/** A random pair ~`size` apart and a rest length, full 53-bit coordinates. */
const pair = (rng: random.Rng, size = 20): [Vec3, Vec3, number] => [
  point(rng, size),
  point(rng, size),
  random.uniform(rng, 0.01, size),
];

export default defineExercise<typeof solution>({
  title: "A distance constraint between unequal masses",
  uses: ["vec3"],
  hints: [
    "Compute the error C = |b − a| − length and the unit vector n from a to b, as in exercise 11.1. Then a += (wa/(wa + wb))·C·n and b −= (wb/(wa + wb))·C·n: check that the two moves add up to the whole correction.",
    "Inverse masses, not masses: w = 0 is a pinned particle, and (0/(0 + wb))·C is exactly 0, so it never moves. With masses you would divide by ∞. But wa = wb = 0 makes wa/(wa + wb) = 0/0 = NaN: test for it and return both points unchanged.",
    "Only the ratio of the weights matters: do not compare wa + wb with a small number (1e-12 is a perfectly good inverse mass). For a = b there is no direction: use n = (1, 0, 0); and measure |b − a| with Math.hypot (or vec3.normalize), which does not underflow for points 1e-170 apart.",
  ],
  checks: [
    // Guards: equal weights split half and half (the blog's rule), any common weight; length 0 meets in the middle.
    {
      name: "equal weights: half each",
      points: 1,
      comparison: POINT,
      cases: () => {
        const rng = caseRng(1161);
        return [
          call([[0, 0, 0], [3, 0, 0], 1, 1, 1], "(0, 0, 0)–(3, 0, 0), rest 1: each end moves 1"),
          call([[1, 2, 2], [1, 2, 2.5], 2, 0.25, 0.25], "too short: both pushed out, 0.75 each"),
          call([[-1, 0, 0], [1, 0, 0], 0, 0.7, 0.7], "rest length 0: both to the middle"),
          ...Array.from({ length: 4 }, () => {
            const w = random.uniform(rng, 0.1, 10);
            return call([...pair(rng), w, w], "a random pair, equal random weights");
          }),
        ];
      },
    },
    // Guards: unequal weights split as wa : wb, the light end moving most (masses 1 and 3: ¾ and ¼), not swapped.
    {
      name: "unequal weights: a moves wa/(wa + wb) of the correction, b the rest",
      points: 2,
      comparison: POINT,
      cases: () => {
        const rng = caseRng(1162);
        return [
          call([[0, 0, 0], [2, 0, 0], 1, 1, 1 / 3], "masses 1 and 3: ¾ and ¼"),
          call([[0, 0, 0], [0, 0, 0.5], 2, 0.2, 1], "too short, masses 5 and 1"),
          call([[0.1, 0.7, -0.3], [2.9, -1.3, 0.7], 0, 3, 0.5], "rest length 0: they meet at the weighted point"),
          ...Array.from({ length: 10 }, () =>
            call(
              [...pair(rng), random.uniform(rng, 0.01, 10), random.uniform(rng, 0.01, 10)],
              "random pair and weights",
            ),
          ),
        ];
      },
    },
    // Guards: w = 0 (pinned) moves by exactly 0 and the other end takes the whole correction — with masses 1/w the
    // pinned end is ∞ and ∞/∞ is NaN. Axis-aligned, integer-valued cases, so every correct formula is exact.
    {
      name: "a pinned end (w = 0) stays exactly; the other takes it all",
      points: 1,
      comparison: { kind: "exact" },
      cases: () => [
        // Seeded, so that the check cannot be earned by copying the shipped answers: integer points on a line
        // along y and a power-of-two weight, so every correct formula is still exact.
        ...(() => {
          const rng = caseRng(1168);
          const int = (lo: number, hi: number) => lo + Math.floor(rng() * (hi - lo + 1));
          const a: Vec3 = [int(-20, 20), int(-20, 20), int(-20, 20)];
          const k = int(2, 9);
          const b: Vec3 = [a[0], a[1] + k, a[2]];
          return [call([a, b, int(1, k - 1), 0, 2 ** int(-3, 3)], "a random pinned particle, b along +y")];
        })(),
        call([[0, 0, 0], [4, 0, 0], 1, 0, 0.5], "a pinned, b free: b to (1, 0, 0)"),
        call([[0, 3, 0], [0, -5, 0], 2, 2, 0], "b pinned, a free: a to (0, −3, 0)"),
        call([[2, 2, 2], [2, 2, 2.5], 4.5, 0, 1], "too short, a pinned: b pushed to z = 6.5"),
      ],
    },
    // Guards: both pinned (wa = wb = 0): nothing moves — no 0/0, no NaN; full-precision points come back exactly.
    {
      name: "both pinned: neither moves",
      points: 1,
      comparison: { kind: "exact" },
      cases: () => {
        const rng = caseRng(1163);
        return [
          call([[0, 0, 0], [3, 0, 0], 1, 0, 0], "(0, 0, 0)–(3, 0, 0), both pinned"),
          call([...pair(rng), 0, 0], "a random pair, both pinned"),
          call([[0.1, 0.2, 0.7], [0.1, 0.2, 0.7], 1, 0, 0], "coincident and both pinned"),
        ];
      },
    },
    // Guards: only the ratio matters: weights at the promise's edges 1e-12 and 1e12 (an absolute epsilon on wa + wb
    // treats 1e-12 as pinned), and ratios far from 1.
    {
      name: "weights of any size, 1e-12 … 1e12",
      points: 1,
      comparison: POINT,
      cases: () => {
        const rng = caseRng(1164);
        return [
          call([[0, 0, 0], [2, 0, 0], 1, 1e-12, 1e-12 / 3], "masses 1e12 and 3e12: still ¾ and ¼"),
          call([[0, 0, 0], [2, 0, 0], 1, 1e12, 3e12], "weights 1e12 and 3e12: ¼ and ¾"),
          ...[1e-12, 1e12].map((s) =>
            call(
              [...pair(rng), s * random.uniform(rng, 0.1, 1), s * random.uniform(rng, 0.1, 1)],
              `random weights ~${s}`,
            ),
          ),
          call([...pair(rng), 1e-12, 1], "a 1e12 times heavier than b: b moves almost all of it"),
        ];
      },
    },
    // Guards: coincident particles (0/0) use n = (1, 0, 0): b ends on the +x side of a.
    {
      name: "coincident particles: b goes to +x",
      points: 1,
      comparison: POINT,
      cases: () => {
        const c = point(caseRng(1165), 10);
        return [
          call([[0, 0, 0], [0, 0, 0], 1, 1, 1], "both at the origin, equal weights"),
          call([[...c], [...c], 2.5, 1, 0.25], "a random point, masses 1 and 4"),
          call([[...c], [...c], 3, 0, 1], "a pinned at a random point"),
        ];
      },
    },
    // Guards: particles 1e-170 apart keep their direction (no squared-length underflow, no absolute epsilon).
    {
      name: "particles 1e-170 apart keep their direction",
      points: 1,
      hidden: true,
      comparison: POINT,
      cases: () => {
        const d = random.unitVector(caseRng(1166));
        return [
          call([[0, 0, 0], [0, -1e-170, 0], 2, 1, 1], "b 1e-170 below a"),
          call([[0, 0, 0], vec3.scale(d, 3e-180), 1, 1, 3], "3e-180 apart, a random direction"),
        ];
      },
    },
    // Guards: all of it together at scales 1e-3 … 1e3 (hidden).
    {
      name: "random pairs, weights and scales",
      points: 1,
      hidden: true,
      comparison: POINT,
      cases: () => {
        const rng = caseRng(1167);
        return [1e-3, 1, 1e3].flatMap((s) =>
          Array.from({ length: 4 }, () => {
            const [a, b, length] = pair(rng, 20);
            const weights = [0, random.uniform(rng, 0.01, 10), random.uniform(rng, 0.01, 10)];
            return call(
              [
                vec3.scale(a, s),
                vec3.scale(b, s),
                length * s,
                weights[1 + Math.floor(rng() * 2)]!,
                weights[Math.floor(rng() * 3)]!,
              ],
              `random at scale ${s}`,
            );
          }),
        );
      },
    },
  ],
});
