/** A safe step for a non-uniformly scaled shape: the checks of exercises/14-ray-marching/05-safe-scaled-step.ts. */

import { type Vec3, random } from "../../../lib/index.ts";
import { type Comparison, defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/14-ray-marching/05-safe-scaled-step.ts";
import type { Shape } from "../../../solutions/14-ray-marching/05-safe-scaled-step.ts";
import { caseRng, point } from "../cases.ts";

/**
 * Dividing by 1/min(s) or multiplying by min(s), hypot or √(x² + y² + z²): a few ulps apart on
 * distances ≤ 50. The naive `f(p/s)` and the other factors are off by ≥ 0.1.
 */
const DISTANCE: Comparison = { kind: "numbers", atol: 1e-12, rtol: 1e-12 };

const UNIT: Shape = { kind: "sphere", center: [0, 0, 0], radius: 1 };
const SQUASH: Vec3 = [0.5, 1, 1];

type Args = [Vec3, Shape, Vec3];

/** Three random scale factors, 0.2 … 3. */
const randomFactors = (rng: random.Rng): Vec3 => [
  random.uniform(rng, 0.2, 3),
  random.uniform(rng, 0.2, 3),
  random.uniform(rng, 0.2, 3),
];

/** The point `x` along axis `i` (0 … 2), on a random side. */
const onAxis = (rng: random.Rng, i: number, x: number): Vec3 =>
  [0, 1, 2].map((j) => (j === i ? (rng() < 0.5 ? -x : x) : 0)) as Vec3;

export default defineExercise<typeof solution>({
  title: "A safe step for a non-uniformly scaled shape",
  uses: ["vec3", "sdf.sphere", "sdf.box", "sdf.plane"],
  hints: [
    "Build the shape's distance function f as in exercise 14.2 and evaluate it at q = (px/sx, py/sy, pz/sz): that is the stretched shape, but f(q) is not yet a distance. At (2, 0, 0) with s = (0.5, 1, 1) it gives 3.",
    "How much can f(q) overstate? f is 1-Lipschitz in q, and q moves by up to |Δp|/min(s) when p moves by |Δp| — so f(q) changes by up to 1/min(s) per unit of p. That slope, L = max(1/sx, 1/sy, 1/sz), is the factor to remove.",
    "Return f(q) / L = f(q)·min(sx, sy, sz) — the smallest factor, not the largest or the mean. Check it on fact 14.3: 3 · 0.5 = 1.5, the true distance from (2, 0, 0) to the squashed sphere, whose x semi-axis is 0.5.",
  ],
  checks: [
    // Guards: f(p/s)/L with L = max(1/sᵢ): fact 14.3's 1.5, not the naive 3.
    {
      name: "fact 14.3: the squashed unit sphere at (2, 0, 0) gives 1.5, not 3",
      points: 1,
      comparison: DISTANCE,
      cases: () => [
        { fn: "scaledDistance", args: [[2, 0, 0], UNIT, SQUASH], label: "(2, 0, 0), s = (0.5, 1, 1): 1.5" },
        { fn: "scaledDistance", args: [[-3, 0, 0], UNIT, SQUASH], label: "(−3, 0, 0): 2.5" },
        ...(() => {
          const rng = caseRng(1451);
          // The unit sphere squashed by a ∈ [0.2, 0.8] along a random axis, from 1.5 … 4 out along it: x − a.
          const axis = Math.floor(rng() * 3);
          const a = random.uniform(rng, 0.2, 0.8);
          const factors = [0, 1, 2].map((j) => (j === axis ? a : 1)) as Vec3;
          return [
            {
              fn: "scaledDistance" as const,
              args: [onAxis(rng, axis, random.uniform(rng, 1.5, 4)), UNIT, factors] as Args,
              label: "the unit sphere squashed along a random axis, from out along that axis",
            },
          ];
        })(),
      ],
    },
    // Guards: a uniform scale gives the exact distance (the centre moves with the scale; planes with non-unit normals).
    {
      name: "uniform scale: the exact distance",
      points: 1,
      comparison: DISTANCE,
      cases: () => [
        { fn: "scaledDistance", args: [[0, 5, 0], UNIT, [2, 2, 2]], label: "unit sphere × 2, from (0, 5, 0): 3" },
        {
          fn: "scaledDistance",
          args: [[4, 4, 0], { kind: "box", center: [0, 0, 0], halfExtents: [1, 1, 1] }, [3, 3, 3]],
          label: "the cube of half-size 1, × 3, beside an edge: √2",
        },
        {
          fn: "scaledDistance",
          args: [[1, 2, 3], { kind: "sphere", center: [1, 0, 0], radius: 0.5 }, [0.5, 0.5, 0.5]],
          label: "a sphere off the origin × ½ (its centre moves to (0.5, 0, 0))",
        },
        {
          fn: "scaledDistance",
          args: [[3, 5, 1], { kind: "plane", normal: [0, 3, 0], offset: 1 }, [2, 2, 2]],
          label: "the floor y = 1 (normal given as (0, 3, 0)) × 2, now y = 2, from (3, 5, 1): 3",
        },
        ...(() => {
          const rng = caseRng(1452);
          const s = random.uniform(rng, 0.3, 3);
          const shapes: Shape[] = [
            { kind: "sphere", center: point(rng, 1), radius: random.uniform(rng, 0.3, 1.5) },
            {
              kind: "box",
              center: point(rng, 1),
              halfExtents: [random.uniform(rng, 0.2, 1), random.uniform(rng, 0.2, 1), random.uniform(rng, 0.2, 1)],
            },
            {
              kind: "plane",
              normal: random.unitVector(rng).map((x) => x * random.uniform(rng, 0.3, 3)) as Vec3,
              offset: random.uniform(rng, -1, 1),
            },
          ];
          return shapes.map((shape) => ({
            fn: "scaledDistance" as const,
            args: [point(rng, 5), shape, [s, s, s]] as Args,
            label: `a random ${shape.kind}, scaled uniformly by a random factor`,
          }));
        })(),
      ],
    },
    // Guards: exact along the axis of the smallest factor for a sphere centred at the origin (the only shape the
    // stub promises it for), and never more than the true distance elsewhere — a box, and a plane where it is short
    // everywhere (L is the largest 1/sᵢ, not the smallest).
    {
      name: "exact along the shortest axis, less elsewhere",
      points: 2,
      comparison: DISTANCE,
      cases: () => [
        { fn: "scaledDistance", args: [[0, 3, 0], UNIT, [1, 0.25, 2]], label: "s = (1, 0.25, 2), on the y axis: 2.75" },
        { fn: "scaledDistance", args: [[0, 0, -4], UNIT, [2, 3, 0.5]], label: "s = (2, 3, 0.5), on the z axis: 3.5" },
        {
          fn: "scaledDistance",
          args: [[0, 5, 0], UNIT, SQUASH],
          label: "the squashed sphere on its long y axis: 2, less than the true 4",
        },
        {
          fn: "scaledDistance",
          args: [[3, 3, 1], { kind: "box", center: [0, 0, 0], halfExtents: [1, 1, 1] }, [2, 0.5, 1]],
          label: "a stretched box, beside a corner",
        },
        {
          fn: "scaledDistance",
          args: [[1, 1, 0], { kind: "plane", normal: [1, 1, 0], offset: 0 }, [1, 0.5, 1]],
          label: "the plane x + y = 0 squashed along y: 3/(2√2), less than the true 3/√5",
        },
        ...(() => {
          const rng = caseRng(1453);
          // Random factors; the unit sphere from out along the axis of the smallest: x − min(s), exact.
          const factors = randomFactors(rng);
          const axis = factors.indexOf(Math.min(...factors));
          const n = random.unitVector(rng);
          return [
            {
              fn: "scaledDistance" as const,
              args: [onAxis(rng, axis, factors[axis]! + random.uniform(rng, 0.5, 4)), UNIT, factors] as Args,
              label: "random factors, the unit sphere from out along the axis of the smallest",
            },
            {
              fn: "scaledDistance" as const,
              args: [
                point(rng, 5),
                { kind: "plane", normal: n.map((x) => x * random.uniform(rng, 0.3, 3)) as Vec3, offset: 0.5 },
                randomFactors(rng),
              ] as Args,
              label: "a random plane, its normal not unit, random factors",
            },
          ];
        })(),
      ],
    },
    // Guards: negative inside (−r·min(s) at the centre) and 0 on the surface.
    {
      name: "inside: negative, and zero on the surface",
      points: 1,
      comparison: DISTANCE,
      cases: () => [
        { fn: "scaledDistance", args: [[0.5, 0, 0], UNIT, SQUASH], label: "on the squashed sphere's surface: 0" },
        { fn: "scaledDistance", args: [[0, 0, 0], UNIT, SQUASH], label: "at its centre: −0.5" },
        { fn: "scaledDistance", args: [[0, 0.5, 0], UNIT, SQUASH], label: "halfway out along y: −0.25" },
        ...(() => {
          const rng = caseRng(1454);
          const factors = randomFactors(rng);
          const u = random.unitVector(rng);
          const c = point(rng, 1);
          const r = random.uniform(rng, 0.3, 1.5);
          const more = randomFactors(rng);
          return [
            {
              fn: "scaledDistance" as const,
              args: [u.map((x, i) => x * factors[i]!) as Vec3, UNIT, factors] as Args,
              label: "random factors, on the stretched unit sphere's surface: 0",
            },
            {
              fn: "scaledDistance" as const,
              args: [c.map((x, i) => x * more[i]!) as Vec3, { kind: "sphere", center: c, radius: r }, more] as Args,
              label: "random factors, at a random sphere's stretched centre: −r·min(s)",
            },
          ];
        })(),
      ],
    },
    // Guards: all of it together on random shapes, factors and points (hidden).
    {
      name: "random shapes, factors and points",
      points: 2,
      hidden: true,
      comparison: DISTANCE,
      cases: () => {
        const rng = caseRng(1405);
        return Array.from({ length: 20 }, () => {
          const shape: Shape =
            rng() < 0.5
              ? { kind: "sphere", center: point(rng, 1), radius: random.uniform(rng, 0.3, 1.5) }
              : {
                  kind: "box",
                  center: point(rng, 1),
                  halfExtents: [random.uniform(rng, 0.2, 1), random.uniform(rng, 0.2, 1), random.uniform(rng, 0.2, 1)],
                };
          const factors: Vec3 = [random.uniform(rng, 0.2, 3), random.uniform(rng, 0.2, 3), random.uniform(rng, 0.2, 3)];
          return { fn: "scaledDistance" as const, args: [point(rng, 5), shape, factors] as [Vec3, Shape, Vec3] };
        });
      },
    },
  ],
});
