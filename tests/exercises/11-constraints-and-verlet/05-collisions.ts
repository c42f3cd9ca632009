/** Collision constraints: the checks of exercises/11-constraints-and-verlet/05-collisions.ts. */

import { type Vec3, random, vec3 } from "../../../lib/index.ts";
import { type Comparison, defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/11-constraints-and-verlet/05-collisions.ts";
import { caseRng, point } from "../cases.ts";

/**
 * A surface point is `center + radius · unit`: a few ulps of coordinates ≤ ~50 (an ulp ≈ 7e-15). A point
 * that should not move must come back to the same few ulps. 1e-12 allows any formula; an outside point
 * pulled onto the surface, or an inside one left alone, is off by ≥ 1e-3.
 */
const POINT: Comparison = { kind: "numbers", atol: 1e-12, rtol: 1e-12 };

/** A point `fraction · radius` from a random sphere's centre, in a random direction: [point, center, radius]. */
const around = (rng: random.Rng, fraction: number): [Vec3, Vec3, number] => {
  const center = point(rng, 20);
  const radius = random.uniform(rng, 0.1, 10);
  return [vec3.add(center, vec3.scale(random.unitVector(rng), fraction * radius)), center, radius];
};

export default defineExercise<typeof solution>({
  title: "Collision constraints: a sphere and a floor",
  uses: ["vec3", "constraints.constrainDistance"],
  hints: [
    "First decide whether the point is inside at all: |point − center| < radius. If not, return it unchanged — a collision pushes out, it never pulls in (that would be exercise 11.1's equality constraint).",
    "Inside, the nearest surface point is on the ray from the centre through the point: center + radius · unit(point − center), which constraints.constrainDistance computes.",
    "At the centre every direction is equally near; the task asks for +x, the course's one fallback direction (constraints.constrainDistance's default, exercise 11.1's answer). The floor: only y changes, to exactly height.",
  ],
  checks: [
    // Guards: a point on or outside the sphere stays (on the surface exactly, and outside at 1.01 … 4 radii); one just
    // inside (0.9 … 0.99) moves — an inequality, not the equality constraint.
    {
      name: "outside the sphere: unchanged, and only there",
      points: 1,
      comparison: POINT,
      cases: () => {
        const rng = caseRng(1151);
        return [
          // Two points just inside, which must move: else returning every point unchanged earns this check.
          ...Array.from({ length: 2 }, () => ({
            fn: "outOfSphere" as const,
            args: around(rng, random.uniform(rng, 0.9, 0.99)),
            label: "just inside: must move",
          })),
          {
            fn: "outOfSphere" as const,
            args: [[0, 2, 0], [0, 0, 0], 1] as [Vec3, Vec3, number],
            label: "(0, 2, 0) outside the unit sphere",
          },
          {
            fn: "outOfSphere" as const,
            args: [[1, 0, 0], [0, 0, 0], 1] as [Vec3, Vec3, number],
            label: "on the surface",
          },
          ...Array.from({ length: 8 }, () => ({
            fn: "outOfSphere" as const,
            args: around(rng, random.uniform(rng, 1.01, 4)),
          })),
        ];
      },
    },
    // Guards: a point inside moves to the nearest surface point, along the ray from the centre (0.01 … 0.99 radii).
    {
      name: "inside the sphere: onto the nearest surface point",
      points: 2,
      comparison: POINT,
      cases: () => {
        const rng = caseRng(1152);
        return [
          {
            fn: "outOfSphere" as const,
            args: [[0, 0.5, 0], [0, 0, 0], 1] as [Vec3, Vec3, number],
            label: "(0, 0.5, 0) in the unit sphere",
          },
          {
            fn: "outOfSphere" as const,
            args: [[3, 4, -1], [0, 0, 0], 10] as [Vec3, Vec3, number],
            label: "deep inside a sphere of radius 10",
          },
          ...Array.from({ length: 10 }, () => ({
            fn: "outOfSphere" as const,
            args: around(rng, random.uniform(rng, 0.01, 0.99)),
          })),
        ];
      },
    },
    // Guards: a point exactly at the centre goes to +x (the course's one fallback direction, as in 11.1).
    {
      name: "at the centre: pushed along +x",
      points: 1,
      comparison: POINT,
      cases: () => {
        const c = point(caseRng(1153), 10);
        return [
          { fn: "outOfSphere", args: [[0, 0, 0], [0, 0, 0], 1], label: "the origin in the unit sphere" },
          { fn: "outOfSphere", args: [[...c], c, 2.5], label: "a random centre, radius 2.5" },
        ];
      },
    },
    // Guards: below the floor: straight up onto it; on or above it (exactly on, too): unchanged.
    {
      name: "the floor",
      points: 1,
      comparison: POINT,
      cases: () => {
        // Seeded floors too, so the check cannot be earned by copying the answers the student edition ships.
        const rng = caseRng(1154);
        const floors = [-1, 1].map((side): [Vec3, number] => {
          const height = random.uniform(rng, -10, 10);
          const p = point(rng, 20);
          return [[p[0], height + side * random.uniform(rng, 0.01, 5), p[2]], height];
        });
        return [
          { fn: "aboveFloor", args: [[1, -0.5, 2], 0], label: "below y = 0" },
          { fn: "aboveFloor", args: [[1, 0.5, 2], 0], label: "above y = 0: unchanged" },
          { fn: "aboveFloor", args: [[-3, -1.3, 0.25], -1.2], label: "below y = −1.2" },
          { fn: "aboveFloor", args: [[4, -1.2, 1], -1.2], label: "on the floor: unchanged" },
          { fn: "aboveFloor", args: floors[0]!, label: "below a random floor" },
          { fn: "aboveFloor", args: floors[1]!, label: "above a random floor: unchanged" },
        ];
      },
    },
    // Guards: `aboveFloor`'s y becomes exactly `height` (not `y + (height − y)`, which rounds), and a point
    // that does not move comes back bit for bit (outside or on the sphere, on or above the floor) — full
    // 53-bit coordinates and decimal heights such as 0.7, points 100 … 1000 below (where `y + (height − y)` is
    // off by an ulp of 1000), compared exactly.
    {
      name: "exactly: y = height on the floor, and points that stay are untouched",
      points: 1,
      comparison: { kind: "exact" },
      cases: () => {
        const rng = caseRng(1155);
        return [
          {
            fn: "aboveFloor" as const,
            args: [[0.3, -0.1, 0.2], 0.7] as [Vec3, number],
            label: "y = −0.1 onto y = 0.7",
          },
          ...Array.from({ length: 8 }, () => {
            const height = random.uniform(rng, -10, 10);
            const p = point(rng, 20);
            return {
              fn: "aboveFloor" as const,
              args: [[p[0], height - random.uniform(rng, 100, 1000), p[2]], height] as [Vec3, number],
              label: "far below a random floor: y exactly the floor's height",
            };
          }),
          ...Array.from({ length: 3 }, () => {
            const height = random.uniform(rng, -10, 10);
            const p = point(rng, 20);
            return {
              fn: "aboveFloor" as const,
              args: [[p[0], height + random.uniform(rng, 0.01, 5), p[2]], height] as [Vec3, number],
              label: "above a random floor: untouched",
            };
          }),
          ...Array.from({ length: 4 }, () => ({
            fn: "outOfSphere" as const,
            args: around(rng, random.uniform(rng, 1.01, 4)),
            label: "outside a random sphere: untouched",
          })),
        ];
      },
    },
    // Guards: a point 1e-170 from the centre still has a direction (no squared-length underflow, no epsilon).
    {
      name: "a point 1e-170 from the centre keeps its direction",
      points: 1,
      hidden: true,
      comparison: POINT,
      cases: () => [
        { fn: "outOfSphere", args: [[-1e-170, 0, 0], [0, 0, 0], 1], label: "1e-170 to −x of the centre" },
        { fn: "outOfSphere", args: [[0, 0, 2e-175], [0, 0, 0], 3], label: "2e-175 along +z" },
      ],
    },
  ],
});
