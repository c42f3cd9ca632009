/** Union, intersection and a smooth union: the checks of exercises/14-ray-marching/02-union-and-intersection.ts. */

import { type Vec3, random, vec3 } from "../../../lib/index.ts";
import { type Comparison, defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/14-ray-marching/02-union-and-intersection.ts";
import type { Shape } from "../../../solutions/14-ray-marching/02-union-and-intersection.ts";
import { caseRng, point, rigidMotion } from "../cases.ts";

/**
 * A min or a max is exact, and the smooth minimum is a few operations more: two ways of writing it
 * (max(k − |a − b|, 0)/k, or the clamp-and-mix form) agree to ~1e-15 on distances ≤ 10. A dip of the
 * wrong size, a fold from the other end or a NaN is off by ≥ 1e-3.
 */
const DISTANCE: Comparison = { kind: "numbers", atol: 1e-12, rtol: 1e-12 };

const ball = (center: Vec3, radius: number): Shape => ({ kind: "sphere", center, radius });
const cube = (center: Vec3, halfExtents: Vec3): Shape => ({ kind: "box", center, halfExtents });
const floor: Shape = { kind: "plane", normal: [0, 1, 0], offset: -1 };
/** Two unit spheres at x = ±1, touching at the origin. */
const PAIR = [ball([-1, 0, 0], 1), ball([1, 0, 0], 1)];
/** Three spheres of different sizes, close enough that their blends overlap. */
const TRIO = [ball([0, 0, 0], 1), ball([1.6, 0.2, 0], 0.7), ball([0.6, 1.5, 0.3], 0.6)];

/**
 * A random rigid motion (a rotation, then a move by up to 3 along each axis) and what it does to
 * spheres: distances between points, and so the sphere distances, do not change.
 */
function sceneMotion(rng: random.Rng) {
  const { at, turn } = rigidMotion(rng);
  const move = (s: Shape): Shape => (s.kind === "sphere" ? { ...s, center: at(s.center) } : s);
  return { at, turn, move };
}

/** A point on the plane x = 0 (where PAIR's spheres are equally near), at 0.3 … 1.5 from the origin. */
const onJoint = (rng: random.Rng): Vec3 => {
  const a = random.uniform(rng, 0, 2 * Math.PI);
  const r = random.uniform(rng, 0.3, 1.5);
  return [0, r * Math.cos(a), r * Math.sin(a)];
};

/** A random shape within 3 of the origin. */
function randomShape(rng: random.Rng): Shape {
  const r = rng();
  if (r < 0.45) return ball(point(rng, 3), random.uniform(rng, 0.2, 1.5));
  if (r < 0.9)
    return cube(point(rng, 3), [
      random.uniform(rng, 0.2, 1.5),
      random.uniform(rng, 0.2, 1.5),
      random.uniform(rng, 0.2, 1.5),
    ]);
  return { kind: "plane", normal: random.unitVector(rng), offset: random.uniform(rng, -2, 2) };
}

export default defineExercise<typeof solution>({
  title: "Union, intersection and a smooth union",
  uses: ["vec3", "sdf.sphere", "sdf.box", "sdf.plane"],
  hints: [
    'Turn each shape into its distance function first — s.kind === "sphere" ? sdf.sphere(s.center, s.radius) : … — then evaluate them all at p. The union is Math.min of the distances, the intersection Math.max.',
    "The smooth minimum of two distances a, b: h = max(k − |a − b|, 0)/k is 0 when they differ by k or more (then the answer is min(a, b)) and 1 when they are equal (then it dips by k/4). Subtract h²·k/4 from min(a, b).",
    "For more than two shapes, fold from the left: d = f₀, then d = smin(d, f₁), d = smin(d, f₂), … (the smooth minimum is not associative, so the order is part of the answer). And k = 0 means no blend: test for it before dividing by k: max(k − |a − b|, 0)/k is 0/0 = NaN at every point when k = 0 (and the clamp-and-mix form is NaN where a = b).",
  ],
  checks: [
    // Guards: the union is the smallest distance, one shape included; a plane's normal of any length is normalized.
    {
      name: "union: the nearest shape",
      points: 2,
      comparison: DISTANCE,
      cases: () => [
        { fn: "union", args: [[0, 3, 0], PAIR], label: "two spheres, above where they touch: √10 − 1" },
        { fn: "union", args: [[-1, 0, 0], PAIR], label: "inside one: −1" },
        {
          fn: "union",
          args: [
            [0, 0.5, 0],
            [ball([0, 0, 0], 1), floor],
          ],
          label: "a sphere resting on a floor, inside the sphere",
        },
        {
          fn: "union",
          args: [
            [3, 0, 0],
            [cube([0, 0, 0], [1, 1, 1]), ball([0, 3, 0], 1)],
          ],
          label: "a box and a sphere: the box is nearer",
        },
        { fn: "union", args: [[0, 0, 7], [ball([0, 0, 5], 1)]], label: "one shape: its own distance" },
        {
          fn: "union",
          args: [
            [0.5, 2, 0],
            [ball([6, 0, 0], 1), { kind: "plane", normal: [0, 2, 0], offset: -1 }],
          ],
          label: "the floor y = −1 given with normal (0, 2, 0), not unit: 3",
        },
        ...(() => {
          const rng = caseRng(1421);
          const m = sceneMotion(rng);
          // A floor in a random direction, its normal of random length, and a sphere far off.
          const n = random.unitVector(rng);
          const floorAt = random.uniform(rng, -2, 2);
          const height = random.uniform(rng, 0.5, 3);
          const ground = vec3.add(vec3.scale(n, floorAt + height), vec3.scale(vec3.orthogonal(n), 0.5));
          return [
            {
              fn: "union" as const,
              args: [m.at([0, 3, 0]), PAIR.map(m.move)] as [Vec3, Shape[]],
              label: "the two spheres moved and turned at random, above where they touch: √10 − 1",
            },
            {
              fn: "union" as const,
              args: [
                ground,
                [
                  ball(vec3.add(ground, vec3.scale(n, height + 3)), 1),
                  { kind: "plane", normal: vec3.scale(n, random.uniform(rng, 0.3, 3)), offset: floorAt },
                ],
              ] as [Vec3, Shape[]],
              label: "a random floor given with a normal not unit, and a sphere farther off",
            },
          ];
        })(),
      ],
    },
    // Guards: the intersection is the largest distance — negative only inside every shape; one shape included.
    {
      name: "intersection: the farthest shape",
      points: 2,
      comparison: DISTANCE,
      cases: () => [
        {
          fn: "intersection",
          args: [
            [0, -3, 0],
            [ball([0, 0, 0], 1), { kind: "plane", normal: [0, 1, 0], offset: 0 }],
          ],
          label: "a half ball, from below: 2",
        },
        {
          fn: "intersection",
          args: [
            [0, 0.2, 0],
            [ball([0, 0, 0], 1), { kind: "plane", normal: [0, 1, 0], offset: 0 }],
          ],
          label: "above the cut: 0.2",
        },
        {
          fn: "intersection",
          args: [
            [2, 2, 2],
            [cube([0, 0, 0], [1, 1, 1]), ball([0, 0, 0], 1.3)],
          ],
          label: "a rounded cube, beyond a corner",
        },
        {
          fn: "intersection",
          args: [[0, 0, 0], PAIR],
          label: "two spheres touching at the origin: their lens is one point, 0",
        },
        {
          fn: "intersection",
          args: [
            [0, -0.2, 0],
            [ball([0, 0, 0], 1), { kind: "plane", normal: [0, 1, 0], offset: 0 }],
          ],
          label: "inside the half ball, near the cut: −0.2 (negative inside every shape)",
        },
        { fn: "intersection", args: [[0.5, 0, 0], [cube([0, 0, 0], [1, 1, 1])]], label: "one shape: its own, −0.5" },
        ...(() => {
          const rng = caseRng(1422);
          // The half ball cut at random: a sphere and the solid below a plane through its centre.
          const c = point(rng, 3);
          const r = random.uniform(rng, 0.5, 2);
          const n = random.unitVector(rng);
          const half = [ball(c, r), { kind: "plane", normal: n, offset: vec3.dot(n, c) } as Shape];
          const side = vec3.scale(vec3.orthogonal(n), random.uniform(rng, -0.3, 0.3) * r);
          return [
            {
              fn: "intersection" as const,
              args: [vec3.add(c, vec3.add(side, vec3.scale(n, -(r + random.uniform(rng, 0.5, 2))))), half] as [
                Vec3,
                Shape[],
              ],
              label: "a random half ball, from below",
            },
            {
              fn: "intersection" as const,
              args: [vec3.add(c, vec3.add(side, vec3.scale(n, -random.uniform(rng, 0.1, 0.3) * r))), half] as [
                Vec3,
                Shape[],
              ],
              label: "inside a random half ball, near the cut (negative inside every shape)",
            },
          ];
        })(),
      ],
    },
    // Guards: smin(a, b) = min − h²·k/4 with h = max(k − |a − b|, 0)/k: the k/4 dip on the joint, the plain minimum
    // when |a − b| > k.
    {
      name: "smooth union: the k/4 dip where two shapes are equally near",
      points: 2,
      comparison: DISTANCE,
      cases: () => [
        { fn: "smoothUnion", args: [[0, 1, 0], 1, PAIR], label: "k = 1, above the joint: √2 − 1 − 1/4" },
        { fn: "smoothUnion", args: [[0, 0.3, 0.2], 0.5, PAIR], label: "k = 0.5, in the crease" },
        {
          fn: "smoothUnion",
          args: [[-2.5, 0, 0], 0.5, PAIR],
          label: "far from the crease (|a − b| > k): the plain minimum",
        },
        {
          fn: "smoothUnion",
          args: [[0.2, -0.5, 0], 0.3, [ball([0, 0.5, 0], 0.6), floor]],
          label: "a ball melting into a floor",
        },
        ...(() => {
          const rng = caseRng(1423);
          const m = sceneMotion(rng);
          return [
            {
              fn: "smoothUnion" as const,
              args: [m.at(onJoint(rng)), random.uniform(rng, 0.3, 1.5), PAIR.map(m.move)] as [Vec3, number, Shape[]],
              label: "the two spheres moved and turned at random, random k, on the joint: the k/4 dip",
            },
          ];
        })(),
      ],
    },
    // Guards: k = 0 gives the plain union, also where a = b (no 0/0).
    {
      name: "smooth union: k = 0 is the union (no 0/0)",
      points: 1,
      comparison: DISTANCE,
      cases: () => [
        { fn: "smoothUnion", args: [[0, 1, 0], 0, PAIR], label: "k = 0 where both spheres are equally near: √2 − 1" },
        { fn: "smoothUnion", args: [[0, 0, 0], 0, PAIR], label: "k = 0 at the touching point: 0" },
        {
          fn: "smoothUnion",
          args: [[1, 1, 1], 0, [cube([0, 0, 0], [1, 1, 1]), cube([2, 0, 0], [1, 1, 1])]],
          label: "k = 0, two boxes sharing a face",
        },
        ...(() => {
          const rng = caseRng(1424);
          const m = sceneMotion(rng);
          return [
            {
              fn: "smoothUnion" as const,
              args: [m.at(onJoint(rng)), 0, PAIR.map(m.move)] as [Vec3, number, Shape[]],
              label: "k = 0, the two spheres moved and turned at random, on the joint",
            },
          ];
        })(),
      ],
    },
    // Guards: folded from the left, smin(smin(f₀, f₁), f₂); one shape is its own distance.
    {
      name: "smooth union of one shape and of three: folded from the left",
      points: 1,
      comparison: DISTANCE,
      cases: () => [
        {
          fn: "smoothUnion",
          args: [[0, 0, 6.5], 0.5, [ball([0, 0, 5], 1)]],
          label: "one shape: its own distance, 0.5",
        },
        {
          fn: "smoothUnion",
          args: [[0.9, 0.9, 0.1], 0.8, TRIO],
          label: "three spheres, where all three blends overlap",
        },
        { fn: "smoothUnion", args: [[1.1, 0.4, 0.6], 0.6, TRIO], label: "three spheres, another point" },
        ...(() => {
          const rng = caseRng(1425);
          const m = sceneMotion(rng);
          const single = randomShape(rng);
          const near = single.kind === "plane" ? [0, 0, 0] : single.center;
          return [
            {
              fn: "smoothUnion" as const,
              args: [vec3.add(near as Vec3, point(rng, 2.5)), random.uniform(rng, 0.05, 1.5), [single]] as [
                Vec3,
                number,
                Shape[],
              ],
              label: "one random shape: its own distance",
            },
            {
              fn: "smoothUnion" as const,
              args: [m.at([0.9, 0.9, 0.1]), 0.8, TRIO.map(m.move)] as [Vec3, number, Shape[]],
              label: "the three spheres moved and turned at random, where all three blends overlap",
            },
          ];
        })(),
      ],
    },
    // Guards: all of it together on random scenes (hidden).
    {
      name: "random scenes, points all around",
      points: 2,
      hidden: true,
      comparison: DISTANCE,
      cases: () => {
        const rng = caseRng(1402);
        const scenes = Array.from({ length: 30 }, (_, i) => {
          const shapes = Array.from({ length: 1 + Math.floor(rng() * 4) }, () => randomShape(rng));
          // Points near the first shape's centre (or anywhere for a plane), where the shapes compete.
          const first = shapes[0]!;
          const p = vec3.add(first.kind === "plane" ? [0, 0, 0] : first.center, point(rng, 2.5));
          if (i % 3 === 0) return { fn: "union" as const, args: [p, shapes] as [Vec3, Shape[]] };
          if (i % 3 === 1) return { fn: "intersection" as const, args: [p, shapes] as [Vec3, Shape[]] };
          // At most two shapes here: the order of the fold is the previous check's business, on every salt.
          const pair = shapes.length > 2 ? shapes.slice(0, 2) : shapes;
          return {
            fn: "smoothUnion" as const,
            args: [p, random.uniform(rng, 0.05, 1.5), pair] as [Vec3, number, Shape[]],
          };
        });
        // On every salt, one point inside both of two shapes and one smooth union of a single shape: the
        // draws above reach these only sometimes, so an answer wrong only there would pass on some salts.
        const c = point(rng, 2);
        const size = () => random.uniform(rng, 0.5, 1.5);
        const both = [ball(c, size()), cube(vec3.add(c, point(rng, 0.2)), [size(), size(), size()])];
        return [
          ...scenes,
          { fn: "intersection" as const, args: [vec3.add(c, point(rng, 0.2)), both] as [Vec3, Shape[]] },
          {
            fn: "smoothUnion" as const,
            args: [vec3.add(c, point(rng, 2.5)), random.uniform(rng, 0.05, 1.5), [randomShape(rng)]] as [
              Vec3,
              number,
              Shape[],
            ],
          },
        ];
      },
    },
  ],
});
