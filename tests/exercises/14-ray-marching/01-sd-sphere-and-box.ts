/** The signed distance to a sphere and to a box: the checks of exercises/14-ray-marching/01-sd-sphere-and-box.ts. */

import { type Vec3, random, vec3 } from "../../../lib/index.ts";
import { type Comparison, defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/14-ray-marching/01-sd-sphere-and-box.ts";
import { caseRng, point } from "../cases.ts";

/**
 * A handful of operations on coordinates ≤ 10: hypot and √(x² + y² + z²), or a clamp-then-measure
 * formula, agree to a few ulps (~1e-15); the mistakes these checks catch are off by ≥ 0.05.
 */
const DISTANCE: Comparison = { kind: "numbers", atol: 1e-12, rtol: 1e-12 };

const UNIT: [Vec3, Vec3] = [[0, 0, 0], [1, 1, 1]]; // prettier-ignore
const SLAB: [Vec3, Vec3] = [[1, -2, 0.5], [2, 0.5, 1]]; // prettier-ignore

/** A random box `[center, halfExtents]`: centre within 3 of the origin, half-sizes 0.2 … 2. */
const randomBox = (rng: random.Rng): [Vec3, Vec3] => [
  point(rng, 3),
  [random.uniform(rng, 0.2, 2), random.uniform(rng, 0.2, 2), random.uniform(rng, 0.2, 2)],
];

/**
 * A point by the box `[c, h]`: past the faces of the axes in `out` by 0.1 … 2 (on a random side), and
 * within 0.9 of the half-size of the centre along the others, so it is beside a face (one axis out), an
 * edge (two) or a corner (three), or inside (none), with a margin from the seams between them.
 */
const boxPoint = (rng: random.Rng, [c, h]: [Vec3, Vec3], out: boolean[]): Vec3 =>
  c.map((x, i) => {
    const side = rng() < 0.5 ? -1 : 1;
    return out[i] ? x + side * (h[i]! + random.uniform(rng, 0.1, 2)) : x + random.uniform(rng, -0.9, 0.9) * h[i]!;
  }) as Vec3;

/** `out` with only axis `i` (0 … 2) true, or, with `flip`, every axis but `i`. */
const axes = (i: number, flip = false): boolean[] => [0, 1, 2].map((j) => (j === i) !== flip);

export default defineExercise<typeof solution>({
  title: "The signed distance to a sphere and to a box",
  uses: ["vec3"],
  hints: [
    "The sphere is one line: the length of p − center, minus the radius. It is negative inside, which is what you want.",
    "For the box, take q = |p − center| − halfExtents component by component (the absolute value folds every octant onto the positive one). A component of q is > 0 where p sticks out past that pair of faces.",
    "Outside: length(max(q, 0)), the length of the positive parts only — beside a face one component is positive and it is that component; beside an edge two are, and the distance is round (√(qx² + qy²)), not max(qx, qy). Inside every q < 0 and the nearest face is the largest q: add min(max(qx, qy, qz), 0), which is 0 outside.",
  ],
  checks: [
    // Guards: |p − c| − r exactly: positive outside, 0 on the surface, negative inside, radius 0 (a point) too.
    {
      name: "sdSphere: outside, on the surface, inside",
      points: 1,
      comparison: DISTANCE,
      cases: () => [
        { fn: "sdSphere", args: [[0, 0, 0], [0, 0, 5], 1], label: "fact 14.1's sphere from the origin: 4" },
        { fn: "sdSphere", args: [[3, 2, 3], [1, 2, 3], 2], label: "on the surface: 0" },
        { fn: "sdSphere", args: [[1, 2, 3], [1, 2, 3], 2], label: "at the centre: −2" },
        { fn: "sdSphere", args: [[1, 2.5, 3], [1, 2, 3], 2], label: "inside: −1.5" },
        { fn: "sdSphere", args: [[0, 3, 4], [0, 0, 0], 0], label: "radius 0, a point: 5" },
        ...(() => {
          const rng = caseRng(1411);
          const c = point(rng, 3);
          const r = random.uniform(rng, 0.2, 3);
          const at = (s: number): Vec3 => vec3.add(c, vec3.scale(random.unitVector(rng), s));
          return [
            {
              fn: "sdSphere" as const,
              args: [at(r + random.uniform(rng, 0.5, 4)), c, r] as [Vec3, Vec3, number],
              label: "a random sphere, from outside",
            },
            {
              fn: "sdSphere" as const,
              args: [at(r * random.uniform(rng, 0, 0.9)), c, r] as [Vec3, Vec3, number],
              label: "a random sphere, from inside",
            },
          ];
        })(),
      ],
    },
    // Guards: beside a face: the distance to that face, 0 on it.
    {
      name: "sdBox: beside a face",
      points: 1,
      comparison: DISTANCE,
      cases: () => [
        { fn: "sdBox", args: [[3, 0.5, -0.2], ...UNIT], label: "beside the +x face of the cube of half-size 1: 2" },
        { fn: "sdBox", args: [[0, -4, 0], ...UNIT], label: "below the −y face: 3" },
        { fn: "sdBox", args: [[1, -2, 2.5], ...SLAB], label: "above the +z face of a slab: 1" },
        { fn: "sdBox", args: [[1, 0, 0], ...UNIT], label: "on a face: 0" },
        ...(() => {
          const rng = caseRng(1412);
          return [0, 1].map(() => {
            const b = randomBox(rng);
            return {
              fn: "sdBox" as const,
              args: [boxPoint(rng, b, axes(Math.floor(rng() * 3))), ...b] as [Vec3, Vec3, Vec3],
              label: "beside a face of a random box",
            };
          });
        })(),
      ],
    },
    // Guards: beside an edge or a corner: the length of the part of q that sticks out (√2, √3), not its largest
    // component.
    {
      name: "sdBox: beside an edge or a corner (the round part)",
      points: 2,
      comparison: DISTANCE,
      cases: () => [
        { fn: "sdBox", args: [[2, 2, 0], ...UNIT], label: "beside an edge: √2, not 1" },
        { fn: "sdBox", args: [[2, 2, 2], ...UNIT], label: "beside a corner: √3" },
        { fn: "sdBox", args: [[-2, 3, 0], ...UNIT], label: "beside an edge, lopsided: √5" },
        { fn: "sdBox", args: [[4, -3, 2.5], ...SLAB], label: "beside a corner of a slab" },
        ...(() => {
          const rng = caseRng(1413);
          const edge = randomBox(rng);
          const corner = randomBox(rng);
          return [
            {
              fn: "sdBox" as const,
              args: [boxPoint(rng, edge, axes(Math.floor(rng() * 3), true)), ...edge] as [Vec3, Vec3, Vec3],
              label: "beside an edge of a random box",
            },
            {
              fn: "sdBox" as const,
              args: [boxPoint(rng, corner, [true, true, true]), ...corner] as [Vec3, Vec3, Vec3],
              label: "beside a corner of a random box",
            },
          ];
        })(),
      ],
    },
    // Guards: inside: minus the distance to the nearest face (exact, not a bound); a flat box (a half extent 0) too.
    {
      name: "sdBox: inside is minus the distance to the nearest face",
      points: 2,
      comparison: DISTANCE,
      cases: () => [
        { fn: "sdBox", args: [[0, 0, 0], ...UNIT], label: "the cube's centre: −1" },
        { fn: "sdBox", args: [[0.5, 0.2, -0.1], ...UNIT], label: "nearer the +x face: −0.5" },
        { fn: "sdBox", args: [[-0.5, 0.2, 0.1], ...UNIT], label: "nearer the −x face: −0.5 (the fold, on every salt)" },
        { fn: "sdBox", args: [[1, -2, 0.5], ...SLAB], label: "a slab's centre: −0.5 (its thinnest half-size)" },
        {
          fn: "sdBox",
          args: [
            [0, 0, 0],
            [0, 0, 0],
            [1, 1, 0],
          ],
          label: "a flat box, on it: 0",
        },
        ...(() => {
          const rng = caseRng(1414);
          return [0, 1].map(() => {
            const b = randomBox(rng);
            return {
              fn: "sdBox" as const,
              args: [boxPoint(rng, b, [false, false, false]), ...b] as [Vec3, Vec3, Vec3],
              label: "inside a random box",
            };
          });
        })(),
      ],
    },
    // Guards: all regions together on random boxes and spheres (hidden).
    {
      name: "random boxes and spheres, points all around",
      points: 2,
      hidden: true,
      comparison: DISTANCE,
      cases: () => {
        const rng = caseRng(1401);
        return Array.from({ length: 24 }, (_, i) => {
          const center = point(rng, 3);
          const p = point(rng, 5).map((x, j) => x + center[j]!) as Vec3;
          if (i % 3 === 0)
            return { fn: "sdSphere" as const, args: [p, center, random.uniform(rng, 0.1, 3)] as [Vec3, Vec3, number] };
          const half: Vec3 = [random.uniform(rng, 0.1, 2), random.uniform(rng, 0.1, 2), random.uniform(rng, 0.1, 2)];
          // Every other box gets a point inside it (a point drawn all around rarely lands inside).
          const q = i % 3 === 1 ? (half.map((h, j) => center[j]! + random.uniform(rng, -h, h)) as Vec3) : p;
          return { fn: "sdBox" as const, args: [q, center, half] as [Vec3, Vec3, Vec3] };
        });
      },
    },
  ],
});
