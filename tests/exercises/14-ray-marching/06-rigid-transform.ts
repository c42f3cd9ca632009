/** A shape turned and moved: the checks of exercises/14-ray-marching/06-rigid-transform.ts. */

import { type Mat3, type Vec3, mat3, random, vec3 } from "../../../lib/index.ts";
import { type Comparison, defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/14-ray-marching/06-rigid-transform.ts";
import type { Shape } from "../../../solutions/14-ray-marching/06-rigid-transform.ts";
import { caseRng, point, randomRotation } from "../cases.ts";

/**
 * Rᵀ(p − c) then an exact distance: a few ulps of coordinates ≤ ~50 (an ulp ≈ 7e-15), whether Rᵀ is a
 * transpose or an inverse (which differ by ~1e-16 on a rotation as it arrives). R for Rᵀ, or turning before
 * subtracting the centre, is off by ≥ 1e-2 on every case below.
 */
const DISTANCE: Comparison = { kind: "numbers", atol: 1e-12, rtol: 1e-12 };

type Args = [Vec3, Shape, Mat3, Vec3];
const call = (args: Args, label?: string) => ({ fn: "rigidDistance" as const, args, ...(label ? { label } : {}) });
const CUBE: Shape = { kind: "box", center: [0, 0, 0], halfExtents: [1, 1, 1] };
const deg = (d: number) => (d * Math.PI) / 180;

/** A random shape of size ~1 … 3, its own centre off its origin (so R and Rᵀ place it differently). */
function randomShape(rng: random.Rng): Shape {
  const kind = Math.floor(rng() * 3);
  if (kind === 0) return { kind: "sphere", center: point(rng, 2), radius: random.uniform(rng, 0.2, 2) };
  if (kind === 1)
    return {
      kind: "box",
      center: point(rng, 2),
      halfExtents: [random.uniform(rng, 0.2, 2), random.uniform(rng, 0.2, 2), random.uniform(rng, 0.2, 2)],
    };
  return {
    kind: "plane",
    normal: vec3.scale(random.unitVector(rng), random.uniform(rng, 0.3, 3)),
    offset: random.uniform(rng, -2, 2),
  };
}

/** A shape scaled by `s` (sizes and positions). */
function scaledShape(shape: Shape, s: number): Shape {
  if (shape.kind === "sphere") return { ...shape, center: vec3.scale(shape.center, s), radius: shape.radius * s };
  if (shape.kind === "box")
    return { ...shape, center: vec3.scale(shape.center, s), halfExtents: vec3.scale(shape.halfExtents, s) };
  return { ...shape, offset: shape.offset * s };
}

export default defineExercise<typeof solution>({
  title: "A shape turned and moved: the rigid transform",
  uses: ["vec3", "mat3", "sdf.sphere", "sdf.box", "sdf.plane"],
  hints: [
    "Move the point, not the shape: q = Rᵀ(p − center) is where p sits in the shape's own frame. Then build the shape's distance function f as in exercise 14.2 and return f(q).",
    "Rᵀ, because the point goes back the opposite way to the shape: if R turns the shape 30° one way, the point turns 30° the other. mat3.transpose(rotation) then mat3.transformVec3, or dot p − center with each column of rotation (column j is rotation[3j], rotation[3j + 1], rotation[3j + 2]).",
    "Subtract the centre before turning: Rᵀp − center is a different (wrong) place whenever the rotation is not the identity. Nothing needs correcting afterwards: a rigid motion keeps lengths, so f(q) is already the exact distance.",
  ],
  checks: [
    // Guards: the chapter's example (the cube of half-size 1 turned 45° about z: 2 − √2 at (2, 0, 0)) and R⁻¹ = Rᵀ
    // rather than R: a box whose own centre is off its origin, turned 90°, lands on the other side with R.
    {
      name: "the turned cube, and Rᵀ rather than R",
      points: 1,
      comparison: DISTANCE,
      cases: () => {
        const rng = caseRng(1461);
        const offBox: Shape = { kind: "box", center: [1.5, 0, 0], halfExtents: [0.5, 0.25, 0.25] };
        return [
          call(
            [[2, 0, 0], CUBE, mat3.rotationZ(deg(45)), [0, 0, 0]],
            "the cube turned 45° about z, at (2, 0, 0): 2 − √2",
          ),
          call(
            [[0, 1.5, 0], offBox, mat3.rotationZ(deg(90)), [0, 0, 0]],
            "a box at (1.5, 0, 0) turned 90° about z is at (0, 1.5, 0): −0.25",
          ),
          call([[0, -1.5, 0], offBox, mat3.rotationZ(deg(90)), [0, 0, 0]], "… and not at (0, −1.5, 0)"),
          call([[3, 1, 0.5], offBox, mat3.rotationY(deg(30)), [0, 0, 0]], "turned 30° about y"),
          call([point(rng, 4), offBox, randomRotation(rng), [0, 0, 0]], "a random rotation about the origin"),
        ];
      },
    },
    // Guards: the centre is subtracted before turning, Rᵀ(p − c), not Rᵀp − c (nor R(p − c)).
    {
      name: "the centre first, then the turn",
      points: 1,
      comparison: DISTANCE,
      cases: () => {
        const rng = caseRng(1462);
        return [
          call(
            [[3, 2, 0], CUBE, mat3.rotationZ(deg(45)), [3, 0, 0]],
            "the turned cube moved to (3, 0, 0), from (3, 2, 0): 2 − √2",
          ),
          call([[0, 0, 0], CUBE, mat3.rotationX(deg(60)), [0, 0, 4]], "moved to (0, 0, 4), seen from the origin"),
          ...Array.from({ length: 4 }, () =>
            call(
              [
                point(rng, 8),
                { kind: "box", center: [0, 0, 0], halfExtents: [1.5, 0.5, 1] },
                randomRotation(rng),
                point(rng, 6),
              ],
              "a box, a random rotation and centre",
            ),
          ),
        ];
      },
    },
    // Guards: exact — equal to the distance from the moved geometry — on random shapes (spheres, boxes and planes,
    // their own centres off their origins), rotations as they arrive from a product, centres and points.
    {
      name: "random shapes, rotations, centres and points",
      points: 2,
      comparison: DISTANCE,
      cases: () => {
        const rng = caseRng(1463);
        return Array.from({ length: 15 }, () =>
          call([point(rng, 8), randomShape(rng), randomRotation(rng), point(rng, 5)]),
        );
      },
    },
    // Guards: negative inside (−0.4 at the centre of a cube of half-size 0.4) and 0 on the surface of the moved box.
    {
      name: "inside: negative; on the surface: 0",
      points: 1,
      comparison: DISTANCE,
      cases: () => {
        const rng = caseRng(1464);
        const R = randomRotation(rng);
        const c = point(rng, 5);
        const small: Shape = { kind: "box", center: [0, 0, 0], halfExtents: [0.4, 0.4, 0.4] };
        const face = vec3.add(c, mat3.transformVec3(R, [0.4, 0.1, -0.2]));
        const inside = vec3.add(c, mat3.transformVec3(R, [0.1, -0.25, 0.3]));
        return [
          call([[...c], small, R, c], "the centre of a turned cube: −0.4"),
          call([inside, small, R, c], "inside, nearest the +z face: −0.1"),
          call([face, small, R, c], "on the +x face: 0"),
        ];
      },
    },
    // Guards: any length unit: shapes, centres and points at 1e-3 and 1e3 (the tolerance is relative).
    {
      name: "any scale, 1e-3 … 1e3",
      points: 1,
      comparison: DISTANCE,
      cases: () => {
        const rng = caseRng(1465);
        return [1e-3, 1e3].flatMap((s) =>
          Array.from({ length: 3 }, () =>
            call(
              [
                vec3.scale(point(rng, 8), s),
                scaledShape(randomShape(rng), s),
                randomRotation(rng),
                vec3.scale(point(rng, 5), s),
              ],
              `at scale ${s}`,
            ),
          ),
        );
      },
    },
    // Guards: all of it together (hidden).
    {
      name: "random shapes, turned and moved, at several scales",
      points: 1,
      hidden: true,
      comparison: DISTANCE,
      cases: () => {
        const rng = caseRng(1466);
        return [1e-2, 1, 1e2].flatMap((s) =>
          Array.from({ length: 5 }, () =>
            call(
              [
                vec3.scale(point(rng, 8), s),
                scaledShape(randomShape(rng), s),
                randomRotation(rng),
                vec3.scale(point(rng, 5), s),
              ],
              `random at scale ${s}`,
            ),
          ),
        );
      },
    },
  ],
});
