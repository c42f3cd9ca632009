/** One step of power iteration: the checks of exercises/09-fitting-lines-and-planes/02-power-step.ts. */

import { type Vec3, quat, random, vec3 } from "../../../lib/index.ts";
import { type Comparison, defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/09-fitting-lines-and-planes/02-power-step.ts";
import { caseRng, generated, point } from "../cases.ts";

/** Fact 9.1's five points, close to the x axis. */
const FACT_9_1: Vec3[] = [[0, 0, 0], [1, 0.1, 0], [2, -0.1, 0.1], [3, 0.05, -0.05], [4, 0, 0]]; // prettier-ignore

/** `n` points uniform in a box of the given half-extents, turned by a random rotation and moved to `center`. */
const shaped = (rng: random.Rng, n: number, halfExtents: Vec3, center: Vec3): Vec3[] => {
  const q = random.unitQuat(rng);
  return Array.from({ length: n }, () =>
    vec3.add(center, quat.rotateVec3(q, halfExtents.map((h) => random.uniform(rng, -h, h)) as Vec3)),
  );
};

/** A small integer in −m … m. */
const int = (rng: random.Rng, m: number): number => Math.floor(rng() * (2 * m + 1)) - m;
/** A non-zero vector of small integers. */
const intVector = (rng: random.Rng, m: number): Vec3 => {
  for (;;) {
    const v: Vec3 = [int(rng, m), int(rng, m), int(rng, m)];
    if (v.some((x) => x !== 0)) return v;
  }
};

/**
 * Points along (or, with `across`, in a plane through) a random integer direction at a random integer
 * centre, in ± pairs, and a start at right angles to them all: every coordinate, the centroid (an
 * integer sum over n, exactly the centre) and every dot product are exact, so S·d is exactly zero.
 */
function perpendicularCase(rng: random.Rng, across: boolean): [Vec3[], Vec3] {
  const center: Vec3 = [int(rng, 9), int(rng, 9), int(rng, 9)];
  const u = intVector(rng, 3);
  let w = intVector(rng, 3);
  while (vec3.length(vec3.cross(u, w)) === 0) w = intVector(rng, 3);
  const offsets = Array.from({ length: 2 + Math.floor(rng() * 3) }, (): Vec3 => {
    const [k, m] = [1 + Math.floor(rng() * 7), across ? int(rng, 3) : 0];
    return vec3.add(vec3.scale(u, k), vec3.scale(w, m));
  });
  const points = offsets.flatMap((o) => [vec3.add(center, o), vec3.sub(center, o)]);
  const normal = vec3.cross(u, w);
  // along a line: any integer vector at right angles to u; in the plane: its normal, scaled
  return [points, across ? vec3.scale(normal, -(1 + Math.floor(rng() * 5))) : normal];
}

/**
 * A unit vector from sums of ≤ 30 products: ~1e-15 of rounding, amplified by |S|·|d|/|S d| (≤ ~100
 * for these clouds and starts) however the sum is ordered or S is formed first. The sign is part of
 * the answer: S d / |S d| lies in d's hemisphere, and −(S d / |S d|) is off by 2.
 */
const UNIT: Comparison = { kind: "numbers", atol: 1e-12, rtol: 0 };

export default defineExercise<typeof solution>({
  title: "One step of power iteration",
  uses: ["vec3", "mat3"],
  hints: [
    "Compute the centroid c first. Then next = Σ ((pᵢ − c)·d)(pᵢ − c): every centred point, scaled by its dot product with d. Divide next by its length.",
    "That sum is S d, the scatter matrix of exercise 09.1 times d — building S first and multiplying is just as right. The length of d only scales the sum, so there is no need to normalize d; and do not flip the result's sign: d·S d ≥ 0, so S d is already on d's side.",
    "If d is at right angles to every centred point (points on the x axis, d = (0, 1, 0)), the sum is exactly [0, 0, 0] and 0/0 is NaN. Test the length for zero and return null.",
  ],
  checks: [
    // Guards: d ← S d / |S d| (fact 9.2's first step, and from the axes).
    {
      name: "fact 9.2's first step, from (0, 1, 0)",
      points: 1,
      comparison: UNIT,
      cases: () => [
        {
          fn: "powerStep",
          args: [FACT_9_1, [0, 1, 0]],
          label: "fact 9.1's points from (0, 1, 0): 26.97° off after one step",
        },
        { fn: "powerStep", args: [FACT_9_1, [1, 0, 0]], label: "fact 9.1's points from (1, 0, 0)" },
        { fn: "powerStep", args: [FACT_9_1, [0, 0, 1]], label: "fact 9.1's points from (0, 0, 1)" },
        { fn: "powerStep", args: [FACT_9_1, [1, 1, 1]], label: "fact 9.1's points from (1, 1, 1)" },
        ...(() => {
          // The same first steps with the points turned and moved: the answer turns with them.
          const rng = caseRng(923);
          const q = random.unitQuat(rng);
          const t = point(rng, 3);
          const points = FACT_9_1.map((p) => vec3.add(t, quat.rotateVec3(q, p)));
          return (
            [
              [0, 1, 0],
              [1, 1, 1],
            ] as Vec3[]
          ).map((d) => ({
            fn: "powerStep" as const,
            args: [points, quat.rotateVec3(q, d)] as [Vec3[], Vec3],
            label: `fact 9.1's points turned and moved, from (${d.join(", ")}) turned likewise: the step turned likewise`,
          }));
        })(),
      ],
    },
    // Guards: the step, centred on the centroid, for random clouds and starts.
    {
      name: "random clouds and starts",
      points: 2,
      comparison: UNIT,
      cases: () =>
        generated("powerStep", 921, 15, (rng): [Vec3[], Vec3] => [
          shaped(
            rng,
            4 + Math.floor(rng() * 26),
            [2, random.uniform(rng, 0.3, 1.5), random.uniform(rng, 0.1, 0.8)],
            point(rng, 5),
          ),
          random.unitVector(rng),
        ]),
    },
    // Guards: "accept a d of any non-zero length" (0.001 … 50) and "the new direction lies in d's hemisphere
    // … do not flip its sign".
    {
      name: "any length, either hemisphere",
      points: 1,
      comparison: UNIT,
      cases: () => {
        const rng = caseRng(922);
        const long = shaped(rng, 12, [2, 0.7, 0.3], [1, -2, 0.5]);
        const d = random.unitVector(rng);
        return [
          { fn: "powerStep", args: [FACT_9_1, [0, 1e-3, 0]], label: "fact 9.1's points from (0, 0.001, 0)" },
          {
            fn: "powerStep",
            args: [FACT_9_1, [0, -50, 0]],
            label: "fact 9.1's points from (0, −50, 0): the other hemisphere",
          },
          { fn: "powerStep", args: [long, d], label: "a long cloud from d" },
          {
            fn: "powerStep",
            args: [long, vec3.scale(d, -7)],
            label: "the same cloud from −7d: the result turns round with d",
          },
        ];
      },
    },
    // Guards: "when d is at right angles to every centred point … return null", with exact (integer) data so
    // S d is exactly 0 (the stub says a sum that is zero only to rounding is no case: its direction is noise).
    {
      name: "at right angles to every point: null, not NaN",
      points: 2,
      comparison: { kind: "exact" },
      cases: () => [
        {
          fn: "powerStep",
          args: [[[0, 0, 0], [1, 0, 0], [2, 0, 0], [5, 0, 0]], [0, 1, 0]], // prettier-ignore
          label: "fact 9.3: points along x, d = (0, 1, 0)",
        },
        {
          fn: "powerStep",
          args: [[[-2, -4, -4], [-1, -2, -2], [0, 0, 0], [1, 2, 2], [2, 4, 4]], [2, -1, 0]], // prettier-ignore
          label: "points along (1, 2, 2), d = (2, −1, 0) at right angles to it",
        },
        {
          fn: "powerStep",
          args: [[[0, 0, 5], [3, 1, 5], [-1, 2, 5], [2, -2, 5]], [0, 0, -2]], // prettier-ignore
          label: "points in the plane z = 5, d along its normal",
        },
        ...(() => {
          const rng = caseRng(924);
          return [
            {
              fn: "powerStep" as const,
              args: perpendicularCase(rng, false),
              label: "points along a random integer direction, d at right angles to it",
            },
            {
              fn: "powerStep" as const,
              args: perpendicularCase(rng, true),
              label: "points in a random integer plane, d along its normal",
            },
          ];
        })(),
      ],
    },
  ],
});
