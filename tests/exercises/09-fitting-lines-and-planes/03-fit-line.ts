/** Fit a line by power iteration, with a convergence test: the checks of exercises/09-fitting-lines-and-planes/03-fit-line.ts. */

import { type Vec3, fit, mat3, quat, random, vec3 } from "../../../lib/index.ts";
import { type Comparison, defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/09-fitting-lines-and-planes/03-fit-line.ts";
import { caseRng, cloudWithSpreads, generated, point } from "../cases.ts";

/** Fact 9.1's five points, close to the x axis. */
const FACT_9_1: Vec3[] = [[0, 0, 0], [1, 0.1, 0], [2, -0.1, 0.1], [3, 0.05, -0.05], [4, 0, 0]]; // prettier-ignore

/**
 * Fact 9.1's points turned by a random rotation and moved, and a `turn` for the starts: power iteration
 * turns with the points (R S Rᵀ·R d = R S d), so from a start turned likewise every step — and every
 * early stop — is the original one turned, whatever the salt.
 */
function turnedFact(seed: number): { points: Vec3[]; turn: (d: Vec3) => Vec3 } {
  const rng = caseRng(seed);
  const q = random.unitQuat(rng);
  const t = point(rng, 3);
  return { points: FACT_9_1.map((p) => vec3.add(t, quat.rotateVec3(q, p))), turn: (d) => quat.rotateVec3(q, d) };
}

/**
 * Within 1e-9 rad of the reference's line (d ≡ −d). Stopping after a step of ≤ 1e-12 leaves
 * ≈ 1e-12·λ₂/(λ₁ − λ₂): 5e-11 rad at λ₂/λ₁ = 0.98, twenty times inside. The early stops of
 * "honours tolerance and maxIterations" differ from the next step's answer by ≥ 1.5e-8 rad.
 */
const LINE: Comparison = { kind: "line", toleranceRad: 1e-9 };

export default defineExercise<typeof solution>({
  title: "Fit a line by power iteration, with a convergence test",
  uses: ["vec3", "mat3", "fit.scatter", "fit.powerStep"],
  hints: [
    "Build S once (fit.scatter(points).matrix), normalize start, then loop: next = fit.powerStep(S, d). Count the steps: with maxIterations = 0 the loop body never runs and you return the normalized start.",
    "The convergence test compares consecutive directions: moved = |next − d| (vec3.distance). Take the step first, then test: stop as soon as moved ≤ tolerance, returning next. Then maxIterations = 10⁹ costs nothing on a long cloud, which settles in a dozen steps.",
    "Test the direction, not the eigenvalue estimate dᵀSd: that converges at the square of the rate (its error is the direction's error squared), so it stops changing while the direction is still ~√tolerance off — 1e-6 rad at tolerance 1e-12.",
  ],
  checks: [
    // Guards: the top eigenvector from fact 9.1's starts (to 1e-9 rad, d ≡ −d).
    {
      name: "fact 9.1's cloud",
      points: 1,
      comparison: LINE,
      cases: () => [
        { fn: "fitLine", args: [FACT_9_1, [0, 1, 0], 1e-12, 100], label: "fact 9.1's points from (0, 1, 0)" },
        { fn: "fitLine", args: [FACT_9_1, [-1, 0.2, 3], 1e-12, 100], label: "fact 9.1's points from (−1, 0.2, 3)" },
        ...(() => {
          const { points, turn } = turnedFact(933);
          return (
            [
              [0, 1, 0],
              [-1, 0.2, 3],
            ] as Vec3[]
          ).map((d) => ({
            fn: "fitLine" as const,
            args: [points, turn(d), 1e-12, 100] as [Vec3[], Vec3, number, number],
            label: `fact 9.1's points turned and moved, from (${d.join(", ")}) turned likewise`,
          }));
        })(),
      ],
    },
    // Guards: convergence for long clouds (λ₂/λ₁ ≤ 0.5) from random starts.
    {
      name: "random long clouds",
      points: 2,
      comparison: LINE,
      cases: () =>
        generated("fitLine", 931, 12, (rng): [Vec3[], Vec3, number, number] => [
          cloudWithSpreads(
            rng,
            5 + Math.floor(rng() * 30),
            [1, random.uniform(rng, 0.01, 0.5), random.uniform(rng, 0, 0.01)],
            point(rng, 5),
          ),
          random.unitVector(rng),
          1e-12,
          1000,
        ]).map((c) => ({ ...c, label: "a long cloud, λ₂/λ₁ ≤ 0.5, from a random start" })),
    },
    // Guards: "a round cloud takes many more steps": λ₂/λ₁ = 0.98, no fixed count of steps suffices.
    {
      name: "round clouds: λ₂/λ₁ = 0.98 (hundreds of steps)",
      points: 2,
      comparison: LINE,
      cases: () =>
        generated("fitLine", 932, 6, (rng): [Vec3[], Vec3, number, number] => [
          cloudWithSpreads(rng, 20 + Math.floor(rng() * 20), [1, 0.98, random.uniform(rng, 0.05, 0.5)], point(rng, 5)),
          random.unitVector(rng),
          1e-12,
          100_000,
        ]).map((c) => ({ ...c, label: "a round cloud, λ₂/λ₁ = 0.98, from a random start, tolerance 1e-12" })),
    },
    // Guards: "stop after the first step that moves the direction by at most tolerance … or after
    // maxIterations"; maxIterations = 0 returns start, normalized (a start of length 2.5 among them).
    {
      name: "honours tolerance and maxIterations (fact 9.2's steps)",
      points: 2,
      comparison: LINE,
      cases: () => [
        { fn: "fitLine", args: [FACT_9_1, [0, 1, 0], 1e-12, 0], label: "maxIterations 0: the start itself" },
        {
          fn: "fitLine",
          args: [FACT_9_1, [0, -2.5, 0], 1e-12, 0],
          label: "maxIterations 0, start (0, −2.5, 0): normalized",
        },
        { fn: "fitLine", args: [FACT_9_1, [0, 1, 0], 1e-12, 1], label: "maxIterations 1: 26.97° off" },
        { fn: "fitLine", args: [FACT_9_1, [0, 1, 0], 1e-12, 2], label: "maxIterations 2: 0.090° off" },
        { fn: "fitLine", args: [FACT_9_1, [0, 1, 0], 1e-12, 3], label: "maxIterations 3: 0.00028° off" },
        {
          fn: "fitLine",
          args: [FACT_9_1, [0, 1, 0], 1e-2, 100],
          label: "tolerance 0.01: stops after step 3 (it moved 1.6e-3)",
        },
        {
          fn: "fitLine",
          args: [FACT_9_1, [0, 1, 0], 1e-3, 100],
          label: "tolerance 0.001: stops after step 4 (it moved 4.8e-6)",
        },
        ...(() => {
          const { points, turn } = turnedFact(934);
          const limits: [number, number, string][] = [
            [1e-12, 1, "maxIterations 1"],
            [1e-12, 2, "maxIterations 2"],
            [1e-12, 3, "maxIterations 3"],
            [1e-2, 100, "tolerance 0.01"],
          ];
          return limits.map(([tolerance, max, what]) => ({
            fn: "fitLine" as const,
            args: [points, turn([0, 1, 0]), tolerance, max] as [Vec3[], Vec3, number, number],
            label: `fact 9.1's points turned and moved, from (0, 1, 0) turned likewise, ${what}: the same step turned`,
          }));
        })(),
      ],
    },
    // Guards: "the loop must stop by itself: a check passes maxIterations = 10⁹".
    {
      // Last: a loop with no convergence test runs out of time here, and the sandbox then skips the
      // export's later calls, which would fail checks that do not test this.
      name: "stops by itself (maxIterations = 10⁹)",
      points: 1,
      comparison: LINE,
      cases: () => [
        {
          fn: "fitLine",
          args: [FACT_9_1, [0, 1, 0], 1e-12, 1e9],
          label: "fact 9.1's points, tolerance 1e-12, maxIterations 10⁹",
        },
        (() => {
          const { points, turn } = turnedFact(935);
          return {
            fn: "fitLine" as const,
            args: [points, turn([0, 1, 0]), 1e-12, 1e9] as [Vec3[], Vec3, number, number],
            label: "fact 9.1's points turned and moved, tolerance 1e-12, maxIterations 10⁹",
          };
        })(),
      ],
    },
  ],
});
