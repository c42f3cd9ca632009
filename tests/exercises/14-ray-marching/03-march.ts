/** The march loop: the checks of exercises/14-ray-marching/03-march.ts. */

import { type Vec3, random, sdf, vec3 } from "../../../lib/index.ts";
import { type Comparison, defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/14-ray-marching/03-march.ts";
import type { Shape } from "../../../solutions/14-ray-marching/03-march.ts";
import { caseRng, point, rigidMotion, shapeSdf } from "../cases.ts";

/**
 * `[hit, t, steps]`: hit and steps are small integers, compared exactly in effect (an error of 1 is far
 * beyond the tolerance). `t` is a sum of up to a few hundred distances ≤ 100; marching by
 * `p += d·distance` instead of `p = origin + t·d` changes it by ~1e-13, so 1e-9 (relative and absolute)
 * passes every correct loop while an off-by-one step or a missing normalization is off by ≥ 1e-4.
 */
const RESULT: Comparison = { kind: "numbers", atol: 1e-9, rtol: 1e-9 };

/** Fact 14.1's unit sphere, 5 ahead of the origin along +z. */
const BALL: Shape[] = [{ kind: "sphere", center: [0, 0, 5], radius: 1 }];
const Z: Vec3 = [0, 0, 1];
const FLOOR: Shape = { kind: "plane", normal: [0, 1, 0], offset: -1 };

type Args = [Shape[], Vec3, Vec3, number, number, number];

/**
 * Fact 14.1's configuration moved and turned at random: the unit sphere 5 ahead along the ray, and the
 * ray's origin `offset` aside from the axis; `length` is the direction's length.
 */
function movedBall(rng: random.Rng, offset: number, length = 1): { shapes: Shape[]; origin: Vec3; direction: Vec3 } {
  const m = rigidMotion(rng);
  return {
    shapes: [{ kind: "sphere", center: m.at([0, 0, 5]), radius: 1 }],
    origin: m.at([offset, 0, 0]),
    direction: vec3.scale(m.turn(Z), length),
  };
}

/** A random floor (unit normal `n`, offset drawn) and a point `height` above it. */
function randomFloor(rng: random.Rng, height: number): { n: Vec3; floor: Shape; origin: Vec3 } {
  const n = random.unitVector(rng);
  const origin = point(rng, 3);
  return { n, floor: { kind: "plane", normal: n, offset: vec3.dot(origin, n) - height }, origin };
}

/** A unit vector at right angles to `n`, in a random direction about it. */
const across = (rng: random.Rng, n: Vec3): Vec3 => vec3.normalize(vec3.cross(n, random.unitVector(rng)));

export default defineExercise<typeof solution>({
  title: "The march loop, with a distance limit and a step limit",
  uses: ["vec3", "sdf.sphere", "sdf.box", "sdf.plane", "sdf.union"],
  hints: [
    "Build the scene once: scene = sdf.union(...shapes.map(toSdf)). Normalize direction (divide by its length), start at t = 0, and loop for steps = 1, 2, …, maxSteps.",
    "In the loop, in this order: distance = scene(origin + t·direction); if distance < epsilon return [1, t, steps]; t += distance; if t > maxDistance return [0, t, steps]. After the loop, return [0, t, maxSteps]. The step that finds the hit counts: fact 14.1's sphere is found on step 2 (4 at t = 0, then 0 at t = 4).",
    "Test distance < epsilon, not |distance| < epsilon: inside a shape the distance is negative, and with the absolute value the ray would step backwards out of it. And keep the step limit: a ray grazing a sphere takes ever more, ever shorter steps (15, 39, 80 at offsets 0.9, 0.99, 0.999), so maxDistance alone does not bound the loop.",
  ],
  checks: [
    // Guards: the step that finds the hit counts (fact 14.1: [1, 4, 2]), for a sphere, a box and a floor whose normal
    // is not unit.
    {
      name: "fact 14.1: hit at t = 4 on the second step",
      points: 1,
      comparison: RESULT,
      cases: () => [
        {
          fn: "march",
          args: [BALL, [0, 0, 0], Z, 1e-4, 100, 256],
          label: "unit sphere at (0, 0, 5), from the origin along +z: [1, 4, 2]",
        },
        {
          fn: "march",
          args: [[{ kind: "box", center: [0, 0, 5], halfExtents: [1, 1, 1] }], [0, 0, 0], Z, 1e-4, 100, 256],
          label: "a cube of half-size 1 there instead: [1, 4, 2]",
        },
        {
          fn: "march",
          args: [[{ kind: "plane", normal: [0, 3, 0], offset: -3 }], [0, 1, 0], [0, -1, 0], 1e-4, 100, 256],
          label: "a floor 4 below, its normal given as (0, 3, 0) (not unit): [1, 4, 2]",
        },
        ...(() => {
          const rng = caseRng(1431);
          const m = rigidMotion(rng);
          const size = random.uniform(rng, 0.5, 2);
          const { n, floor, origin } = randomFloor(rng, 4);
          const long = random.uniform(rng, 0.3, 3); // the floor's normal given with this length
          return [
            {
              fn: "march" as const,
              args: [
                [{ kind: "sphere", center: m.at([0, 0, 5 * size]), radius: size }],
                m.at([0, 0, 0]),
                m.turn(Z),
                1e-4,
                100,
                256,
              ] as Args,
              label: "the sphere moved, turned and scaled at random: a hit on the second step",
            },
            {
              fn: "march" as const,
              args: [
                [{ ...floor, normal: vec3.scale(n, long) } as Shape],
                origin,
                vec3.negate(n),
                1e-4,
                100,
                256,
              ] as Args,
              label: "a random floor 4 below, its normal not unit: [1, 4, 2]",
            },
          ];
        })(),
      ],
    },
    // Guards: t advances by the scene's distance each step (grazing rays take 15, 39, 80 steps).
    {
      name: "fact 14.2: grazing rays take 15, 39, 80 steps",
      points: 2,
      comparison: RESULT,
      cases: () =>
        [0.9, 0.99, 0.999, 1.2]
          .map((x) => ({
            fn: "march" as const,
            args: [BALL, [x, 0, 0], Z, 1e-4, 100, 1000] as [Shape[], Vec3, Vec3, number, number, number],
            label: x < 1 ? `offset ${x}: a hit after many steps` : "offset 1.2: a miss",
          }))
          .concat(
            (() => {
              const rng = caseRng(1432);
              const { shapes, origin, direction } = movedBall(rng, random.uniform(rng, 0.9, 0.995));
              return [
                {
                  fn: "march" as const,
                  args: [shapes, origin, direction, 1e-4, 100, 1000] as Args,
                  label: "a grazing ray, the scene moved and turned at random: a hit after many steps",
                },
              ];
            })(),
          ),
    },
    // Guards: a miss once t > maxDistance, strictly: t landing exactly on maxDistance (10 steps of 1 to 10) marches on.
    {
      name: "misses: stops once t passes maxDistance",
      points: 1,
      comparison: RESULT,
      cases: () => [
        { fn: "march", args: [BALL, [1.2, 0, 0], Z, 1e-4, 20, 1000], label: "offset 1.2, maxDistance 20" },
        { fn: "march", args: [BALL, [0, 0, 0], [0, 0, -1], 1e-4, 50, 1000], label: "pointing away from the sphere" },
        {
          fn: "march",
          args: [[FLOOR], [0, 0, 0], [1, 0, 0], 1e-4, 10, 1000],
          label: "parallel to a floor 1 below: steps of 1, 11 of them",
        },
        ...(() => {
          const rng = caseRng(1433);
          const { shapes, origin, direction } = movedBall(rng, random.uniform(rng, 1.1, 2));
          const height = random.uniform(rng, 0.5, 2);
          const { n, floor, origin: above } = randomFloor(rng, height);
          const count = 5 + Math.floor(rng() * 10); // steps of `height` before t passes maxDistance
          return [
            {
              fn: "march" as const,
              args: [shapes, origin, direction, 1e-4, random.uniform(rng, 15, 30), 1000] as Args,
              label: "past the sphere, moved and turned at random",
            },
            {
              fn: "march" as const,
              args: [[floor], above, across(rng, n), 1e-4, height * (count + 0.5), 1000] as Args,
              label: "parallel to a random floor: steps of its height, one more than fit in maxDistance",
            },
          ];
        })(),
      ],
    },
    // Guards: a miss at the t reached when maxSteps run out (maxSteps 1 and just enough included).
    {
      name: "gives up after maxSteps",
      points: 1,
      comparison: RESULT,
      cases: () => [
        {
          fn: "march",
          args: [BALL, [0.999, 0, 0], Z, 1e-4, 100, 30],
          label: "offset 0.999 (80 steps needed), maxSteps 30: a miss",
        },
        { fn: "march", args: [BALL, [0, 0, 0], Z, 1e-4, 100, 1], label: "maxSteps 1: one step, a miss at t = 4" },
        {
          fn: "march",
          args: [BALL, [0.9, 0, 0], Z, 1e-4, 100, 15],
          label: "offset 0.9, maxSteps 15: just enough, a hit",
        },
        ...(() => {
          const rng = caseRng(1434);
          // Offset ≥ 0.99 needs ≥ 39 steps; at most 29 are allowed.
          const { shapes, origin, direction } = movedBall(rng, random.uniform(rng, 0.99, 0.999));
          return [
            {
              fn: "march" as const,
              args: [shapes, origin, direction, 1e-4, 100, 5 + Math.floor(rng() * 25)] as Args,
              label: "a grazing ray, moved and turned at random, maxSteps 5 … 29: a miss",
            },
          ];
        })(),
      ],
    },
    // Guards: a negative distance (origin inside) is a hit at t = 0 — not |d| < epsilon.
    {
      name: "inside: a negative distance is a hit at t = 0",
      points: 1,
      comparison: RESULT,
      cases: () => [
        {
          fn: "march",
          args: [BALL, [0, 0, 5], [1, 0, 0], 1e-4, 100, 256],
          label: "from the sphere's centre: [1, 0, 1]",
        },
        { fn: "march", args: [BALL, [0.2, 0.3, 4.5], [0, 1, 1], 1e-4, 100, 256], label: "from inside, off centre" },
        {
          fn: "march",
          args: [[FLOOR, ...BALL], [3, -4, 0], [0, 1, 0], 1e-4, 100, 256],
          label: "from under the floor, looking up",
        },
        ...(() => {
          const rng = caseRng(1435);
          const c = point(rng, 3);
          const r = random.uniform(rng, 0.5, 2);
          const half: Vec3 = [random.uniform(rng, 0.3, 2), random.uniform(rng, 0.3, 2), random.uniform(rng, 0.3, 2)];
          const b = point(rng, 3);
          return [
            {
              fn: "march" as const,
              args: [
                [{ kind: "sphere", center: c, radius: r }],
                vec3.add(c, vec3.scale(random.unitVector(rng), r * random.uniform(rng, 0, 0.9))),
                random.unitVector(rng),
                1e-4,
                100,
                256,
              ] as Args,
              label: "from inside a random sphere",
            },
            {
              fn: "march" as const,
              args: [
                [{ kind: "box", center: b, halfExtents: half }],
                b.map((x, i) => x + random.uniform(rng, -0.9, 0.9) * half[i]!) as Vec3,
                random.unitVector(rng),
                1e-4,
                100,
                256,
              ] as Args,
              label: "from inside a random box",
            },
          ];
        })(),
      ],
    },
    // Guards: the hit test is strict, d < epsilon: a distance of exactly epsilon (2⁻¹⁰, dyadic, so every
    // correct loop computes it exactly) is one more step, not yet a hit.
    {
      name: "exactly epsilon away: not yet a hit (d < epsilon)",
      points: 1,
      comparison: RESULT,
      cases: () => [
        {
          fn: "march",
          args: [[{ kind: "plane", normal: [0, 1, 0], offset: 0 }], [0, 2 ** -10, 0], [0, -1, 0], 2 ** -10, 10, 100],
          label: "2⁻¹⁰ above the floor y = 0, looking down, epsilon 2⁻¹⁰: [1, 2⁻¹⁰, 2]",
        },
        {
          fn: "march",
          args: [BALL, [0, 0, 4 - 2 ** -10], Z, 2 ** -10, 10, 100],
          label: "2⁻¹⁰ before fact 14.1's sphere, epsilon 2⁻¹⁰: [1, 2⁻¹⁰, 2]",
        },
        // Salted: a floor across a random axis, either way up, at a random whole offset; the origin 2⁻¹⁰
        // above it, elsewhere at random, looking down along a direction 3 long. Axis-aligned and dyadic, so
        // still exact.
        ...(() => {
          const rng = caseRng(1434);
          return Array.from({ length: 2 }, () => {
            const axis = Math.floor(rng() * 3);
            const sign = rng() < 0.5 ? -1 : 1;
            const offset = Math.floor(rng() * 11) - 5;
            const n: Vec3 = [0, 0, 0];
            n[axis] = sign;
            const origin = point(rng, 5);
            origin[axis] = sign * (offset + 2 ** -10);
            return {
              fn: "march" as const,
              args: [[{ kind: "plane", normal: n, offset }], origin, vec3.scale(n, -3), 2 ** -10, 10, 100] as Args,
              label: "2⁻¹⁰ above a random axis-aligned floor, epsilon 2⁻¹⁰: [1, 2⁻¹⁰, 2]",
            };
          });
        })(),
      ],
    },
    // Guards: `direction` of any length (0.05 … 10) is normalized first: t is a distance.
    {
      name: "direction of any length (t is a distance)",
      points: 1,
      comparison: RESULT,
      cases: () => [
        {
          fn: "march",
          args: [BALL, [0, 0, 0], [0, 0, 10], 1e-4, 100, 256],
          label: "direction (0, 0, 10): still t = 4",
        },
        {
          fn: "march",
          args: [BALL, [0.5, 0, 0], [0, 0, 0.25], 1e-4, 100, 256],
          label: "direction (0, 0, 0.25), offset 0.5",
        },
        {
          fn: "march",
          args: [[FLOOR], [0, 2, 0], [3, -1, 0], 1e-4, 100, 256],
          label: "down onto the floor at a slant",
        },
        ...(() => {
          const rng = caseRng(1436);
          const length = rng() < 0.5 ? random.uniform(rng, 0.05, 0.5) : random.uniform(rng, 2, 10);
          const { shapes, origin, direction } = movedBall(rng, random.uniform(rng, 0, 0.8), length);
          const { n, floor, origin: above } = randomFloor(rng, random.uniform(rng, 1, 3));
          const cos = random.uniform(rng, 0.4, 0.9); // of the angle between the ray and straight down
          const slant = vec3.add(vec3.scale(n, -cos), vec3.scale(across(rng, n), Math.sqrt(1 - cos * cos)));
          return [
            {
              fn: "march" as const,
              args: [shapes, origin, direction, 1e-4, 100, 256] as Args,
              label: "the sphere moved and turned at random, a direction of length 0.05 … 10",
            },
            {
              fn: "march" as const,
              args: [[floor], above, vec3.scale(slant, random.uniform(rng, 2, 5)), 1e-4, 100, 256] as Args,
              label: "down onto a random floor at a slant, a direction of length 2 … 5",
            },
          ];
        })(),
      ],
    },
    // Guards: all of it together on random scenes and rays.
    {
      name: "random scenes and rays",
      points: 2,
      hidden: true,
      comparison: RESULT,
      cases: () => {
        const rng = caseRng(1403);
        const cases = [];
        while (cases.length < 20) {
          const shapes: Shape[] = Array.from({ length: 1 + Math.floor(rng() * 4) }, (): Shape =>
            rng() < 0.5
              ? { kind: "sphere", center: point(rng, 2), radius: random.uniform(rng, 0.3, 1.2) }
              : {
                  kind: "box",
                  center: point(rng, 2),
                  halfExtents: [random.uniform(rng, 0.2, 1), random.uniform(rng, 0.2, 1), random.uniform(rng, 0.2, 1)],
                },
          );
          if (rng() < 0.3) shapes.push({ kind: "plane", normal: [0, 1, 0], offset: -3.5 });
          const origin = vec3.scale(random.unitVector(rng), 8);
          if (origin[1] < -3) continue; // keep the origin above the floor
          // Towards the middle of the scene, give or take; of any length.
          const aim = vec3.sub(point(rng, 2.5), origin);
          const direction = vec3.scale(aim, random.uniform(rng, 0.05, 3) / vec3.length(aim));
          const eps = random.uniform(rng, 1e-5, 1e-3);
          const scene = sdf.union(...shapes.map(shapeSdf));
          if (scene(origin) < 0.5) continue; // start outside every shape (inside has its own check)
          cases.push({
            fn: "march" as const,
            args: [shapes, origin, direction, eps, 40, 400] as [Shape[], Vec3, Vec3, number, number, number],
          });
        }
        return cases;
      },
    },
  ],
});
