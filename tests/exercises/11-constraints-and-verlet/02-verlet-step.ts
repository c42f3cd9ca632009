/** One step of position Verlet: the checks of exercises/11-constraints-and-verlet/02-verlet-step.ts. */

import { type Vec3, random, vec3 } from "../../../lib/index.ts";
import { type Comparison, defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/11-constraints-and-verlet/02-verlet-step.ts";
import { caseRng, generated, point } from "../cases.ts";

/**
 * Three additions and a product per coordinate of size ≤ ~100: a few ulps (≈ 1e-14). 1e-12 allows any
 * order (`2x − xₚ`, or through a velocity); `a·dt²/2` instead of `a·dt²` is off by ≥ 1e-5 on these cases.
 */
const POSITION: Comparison = { kind: "numbers", atol: 1e-12, rtol: 1e-12 };

/** The point at time t of the parabola x₀ + v₀t + at²/2. */
const parabola = (x0: Vec3, v0: Vec3, a: Vec3, t: number): Vec3 =>
  vec3.add(vec3.add(x0, vec3.scale(v0, t)), vec3.scale(a, 0.5 * t * t));

/** [x(t), x(t − dt), a, dt] on a random parabola: the next point must be x(t + dt). */
const onParabola = (rng: random.Rng): [Vec3, Vec3, Vec3, number] => {
  const [x0, v0, a] = [point(rng, 10), point(rng, 10), point(rng, 20)];
  const dt = random.uniform(rng, 0.001, 0.1);
  const t = random.uniform(rng, 0, 2);
  return [parabola(x0, v0, a, t), parabola(x0, v0, a, t - dt), a, dt];
};

export default defineExercise<typeof solution>({
  title: "One step of position Verlet",
  uses: ["vec3"],
  hints: [
    "The displacement of the last step is position − previous. Add it to position again: that is the inertia.",
    "Then add the acceleration's share, a·dt² — the whole of it. Adding the Taylor series of x(t + dt) and x(t − dt), the ½a·dt² terms appear twice.",
    "Check yourself on a parabola: x(t) = (5t, −4.9t², 0) with dt = 0.1 and a = (0, −9.8, 0); from x(0.1) and x(0) the step must land exactly on x(0.2) = (1, −0.196, 0).",
  ],
  checks: [
    // Guards: x + (x − xₚ) + a·dt² with the blog's units (dt = 1): at rest a particle falls a whole a·dt², not half.
    {
      name: "the blog's frame: one pixel of gravity",
      points: 1,
      comparison: POSITION,
      cases: () => {
        // A seeded frame too (still dt = 1), so the check cannot be earned by copying the shipped answers.
        const rng = caseRng(1124);
        const x = point(rng, 100).map(Math.round) as Vec3;
        const xp = vec3.sub(x, point(rng, 5).map(Math.round) as Vec3);
        return [
          {
            fn: "verletStep",
            args: [[100, 50, 0], [98, 50, 0], [0, 1, 0], 1],
            label: "moving right 2 px a frame, gravity 1 px/frame² (y down)",
          },
          { fn: "verletStep", args: [[10, 10, 0], [10, 10, 0], [0, 1, 0], 1], label: "at rest: falls one pixel" },
          { fn: "verletStep", args: [x, xp, [0, 1, 0], 1], label: "a random pixel and velocity, one frame" },
        ];
      },
    },
    // Guards: exact for constant acceleration: from two points of a parabola, its next point (so not a·dt²/2, not a·dt)
    // at dt 0.001 … 1.
    {
      name: "fact 11.2: on a parabola, exactly its next point",
      points: 2,
      comparison: POSITION,
      cases: () => [
        {
          fn: "verletStep",
          args: [[0.5, -0.049, 0], [0, 0, 0], [0, -9.8, 0], 0.1],
          label: "(5t, −4.9t², 0) from t = 0.1 and 0",
        },
        { fn: "verletStep", args: [[0, 1, 0], [0, 1, 0], [0, -10, 0], 0.1], label: "at rest, g = 10, dt = 0.1" },
        ...generated("verletStep", 1121, 15, onParabola),
      ],
    },
    // Guards: any state: positions, previous positions, accelerations and dt in 0.001 … 1 s.
    {
      name: "random states",
      points: 1,
      comparison: POSITION,
      cases: () =>
        generated("verletStep", 1122, 15, (rng): [Vec3, Vec3, Vec3, number] => [
          point(rng, 50),
          point(rng, 50),
          point(rng, 20),
          random.uniform(rng, 0.001, 1),
        ]),
    },
    // Guards: still exact at large steps (dt 0.2 … 1), where a·dt and a·dt²/2 are far off.
    {
      name: "more parabolas, large steps",
      points: 1,
      hidden: true,
      comparison: POSITION,
      cases: () => {
        const rng = caseRng(1123);
        return Array.from({ length: 8 }, () => {
          const [x0, v0, a] = [point(rng, 5), point(rng, 5), point(rng, 10)];
          const dt = random.uniform(rng, 0.2, 1);
          return {
            fn: "verletStep" as const,
            args: [parabola(x0, v0, a, dt), x0, a, dt] as [Vec3, Vec3, Vec3, number],
          };
        });
      },
    },
  ],
});
