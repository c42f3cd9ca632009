/** Forward kinematics of a chain: the checks of exercises/10-inverse-kinematics/01-forward-kinematics.ts. */

import { type Quat, type Vec3, quat, random } from "../../../lib/index.ts";
import { type Comparison, defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/10-inverse-kinematics/01-forward-kinematics.ts";
import { caseRng, generated, one, point } from "../cases.ts";

/**
 * Points after ≤ 6 quaternion products and rotations of bones ≤ 2 long: ~1e-15 of rounding per
 * coordinate, whether the student multiplies quaternions or matrices. 1e-12 leaves a factor 1000;
 * a wrong composition order is off by ~0.1 or more, an unnormalized rounded rotation by ~1e-4.
 */
const POINTS: Comparison = { kind: "numbers", atol: 1e-12, rtol: 1e-12, layout: "points" };

const about = (axis: Vec3, deg: number): Quat => quat.fromAxisAngle(axis, (deg * Math.PI) / 180);
/** A random chain: 2–6 bones 0.3 … 2 long, random local rotations, its base somewhere in a cube of 3. */
const chain = (rng: random.Rng): [Vec3, number[], Quat[]] => {
  const n = 2 + Math.floor(rng() * 5);
  return [
    point(rng, 3),
    Array.from({ length: n }, () => random.uniform(rng, 0.3, 2)),
    Array.from({ length: n }, () => random.unitQuat(rng)),
  ];
};
/** A quaternion as a file stores it: four digits after the point (|q| off 1 by up to ~1e-4). */
const rounded = (q: Quat): Quat => q.map((x) => Math.round(x * 1e4) / 1e4) as Quat;

export default defineExercise<typeof solution>({
  title: "Forward kinematics",
  uses: ["vec3", "quat", "mat3"],
  hints: [
    "Keep a running world orientation Q, starting at the identity [0, 0, 0, 1]. For each joint: Q = Q·qᵢ, then the next point is the current one plus Q applied to (Lᵢ, 0, 0) (quat.rotateVec3).",
    "The order of the product matters: the child's rotation is measured in the parent's frame, so it multiplies on the right, Q·qᵢ, not qᵢ·Q. Check with two 90° turns about different axes, e.g. z then x: the two orders put the tip in different places.",
    "Normalize each rotation before using it (quat.normalize): a quaternion rounded to four digits is about 1e-4 off unit length, and rotating by it stretches the bone by twice that.",
  ],
  checks: [
    // Guards: pᵢ₊₁ = pᵢ + Qᵢ·(lengths[i], 0, 0) from the origin, origin first and tip last, flattened; a
    // zero-length bone (lengths ≥ 0) gives two equal points.
    {
      name: "a straight chain along +x",
      points: 1,
      comparison: POINTS,
      cases: () => [
        {
          fn: "forwardKinematics",
          args: [
            [0, 0, 0],
            [1, 1, 1],
            [one, one, one],
          ],
          label: "three unit bones, no rotation",
        },
        {
          fn: "forwardKinematics",
          args: [
            [1, -2, 0.5],
            [0.5, 2],
            [one, one],
          ],
          label: "moved base, bones 0.5 and 2",
        },
        {
          fn: "forwardKinematics",
          args: [
            [0, 0, 0],
            [1, 0, 1],
            [one, about([0, 0, 1], 90), one],
          ],
          label: "a zero-length bone: two points together",
        },
        ...generated("forwardKinematics", 1013, 3, (rng): [Vec3, number[], Quat[]] => {
          const n = 2 + Math.floor(rng() * 4);
          return [
            point(rng, 3),
            Array.from({ length: n }, () => random.uniform(rng, 0.3, 2)),
            Array.from({ length: n }, () => one),
          ];
        }).map((c) => ({ ...c, label: "a random straight chain" })),
      ],
    },
    // Guards: Qᵢ = Qᵢ₋₁·qᵢ, the local turn on the right (quarter turns whose order shows, turns about turned
    // axes).
    {
      name: "local rotations compose: Qᵢ = Qᵢ₋₁·qᵢ",
      points: 2,
      comparison: POINTS,
      cases: () => [
        {
          fn: "forwardKinematics",
          args: [
            [0, 0, 0],
            [1, 1, 1],
            [about([0, 0, 1], 90), about([0, 0, 1], 90), one],
          ],
          label: "two quarter turns about z: the second adds to the first",
        },
        {
          fn: "forwardKinematics",
          args: [
            [0, 0, 0],
            [1, 1, 1],
            [about([0, 0, 1], 90), about([1, 0, 0], 90), about([0, 1, 0], 90)],
          ],
          label: "quarter turns about z, x, y: the order of the product shows",
        },
        {
          fn: "forwardKinematics",
          args: [
            [0, 0, 0],
            [1, 1],
            [about([0, 1, 0], 45), about([0, 0, 1], 60)],
          ],
          label: "45° about y, then 60° about the turned z",
        },
        // Turns about the coordinate axes, each measured in the turned frame of the joint before.
        ...generated("forwardKinematics", 1014, 3, (rng): [Vec3, number[], Quat[]] => {
          const axes: Vec3[] = [
            [1, 0, 0],
            [0, 1, 0],
            [0, 0, 1],
          ];
          return [
            [0, 0, 0],
            [1, 1, 1, 1],
            Array.from({ length: 4 }, () => about(axes[Math.floor(rng() * 3)]!, random.uniform(rng, -150, 150))),
          ];
        }).map((c) => ({ ...c, label: "turns about the axes of the turned frames" })),
      ],
    },
    // Guards: the whole contract on random chains of 1 … 6 bones, to 1e-12.
    {
      name: "random chains",
      points: 2,
      comparison: POINTS,
      cases: () => generated("forwardKinematics", 1011, 15, chain),
    },
    // Guards: "normalize each one before you use it: a rounded pose must keep its bone lengths" — rotations
    // stored with four digits, to 1e-12.
    {
      name: "rounded rotations keep their bone lengths",
      points: 1,
      hidden: true,
      comparison: POINTS,
      cases: () => {
        const rng = caseRng(1012);
        return Array.from({ length: 5 }, () => {
          const [o, lengths, rotations] = chain(rng);
          return {
            fn: "forwardKinematics" as const,
            args: [o, lengths, rotations.map(rounded)] as [Vec3, number[], Quat[]],
            label: "rotations stored with four digits",
          };
        });
      },
    },
  ],
});
