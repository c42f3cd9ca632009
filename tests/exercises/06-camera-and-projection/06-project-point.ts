/** Projecting a point: the divide by w: the checks of exercises/06-camera-and-projection/06-project-point.ts. */

import { type Mat4, type Vec3, mat4, projection, random } from "../../../lib/index.ts";
import { defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/06-camera-and-projection/06-project-point.ts";
import { deg, generated, numbers, point, randomRotation } from "../cases.ts";

export default defineExercise<typeof solution>({
  title: "Projecting a point: the divide by w",
  uses: ["scalar", "vec3"],
  hints: [
    "fromHomogeneous: divide x, y and z by w. (1, 2, 3, 1) is (1, 2, 3); (1, 2, 3, 2) is (0.5, 1, 1.5) — a larger w, a smaller point.",
    "projectPoint: clip x = m[0]·x + m[4]·y + m[8]·z + m[12], and likewise with m[1], m[5], m[9], m[13] for y, and so on; w = m[3]·x + m[7]·y + m[11]·z + m[15].",
    "Divide all three by w at the end — also when w is negative (a point behind the camera) and when w = 1 (an affine matrix).",
  ],
  checks: [
    // Guards: fromHomogeneous divides by w, any w ≠ 0, negative too (w = −2).
    {
      name: "homogeneous points (w as a scale)",
      points: 2,
      comparison: { kind: "numbers", atol: 0, rtol: 1e-15 },
      cases: () => [
        { fn: "fromHomogeneous", args: [[1, 2, 3, 1]], label: "w = 1" },
        { fn: "fromHomogeneous", args: [[1, 2, 3, 2]], label: "w = 2: half the size" },
        { fn: "fromHomogeneous", args: [[1, 2, 3, 0.25]], label: "w = 1/4: four times" },
        { fn: "fromHomogeneous", args: [[4, -2, 6, -2]], label: "w = −2" },
        // A random point scaled by a random w of either sign: dividing by w gives the point back.
        ...generated("fromHomogeneous", 663, 3, (rng): Parameters<typeof solution.fromHomogeneous> => {
          const w = (rng() < 0.5 ? -1 : 1) * random.uniform(rng, 0.1, 10);
          const [x, y, z] = point(rng, 10);
          return [[x * w, y * w, z * w, w]];
        }),
      ],
    },
    // Guards: projectPoint multiplies (point, 1) column-major (m[4c + r]) — translations, lookAt.
    {
      name: "affine matrices (w stays 1)",
      points: 1,
      comparison: numbers,
      cases: () => [
        { fn: "projectPoint", args: [mat4.identity(), [1, 2, 3]], label: "identity" },
        { fn: "projectPoint", args: [mat4.translation([1, -2, 3]), [1, 2, 3]], label: "translation" },
        {
          fn: "projectPoint",
          args: [mat4.lookAt([3, 2, 4], [0, 0, 0], [0, 1, 0]), [1, 1, 1]],
          label: "a lookAt view matrix",
        },
        // A random rigid motion (rotation, then translation) of a random point.
        ...generated("projectPoint", 664, 3, (rng): Parameters<typeof solution.projectPoint> => [
          mat4.multiply(mat4.translation(point(rng, 10)), mat4.fromMat3(randomRotation(rng))),
          point(rng, 5),
        ]),
      ],
    },
    // Guards: the divide by w = −z of a perspective matrix: near plane → −1, far plane → 1, twice as far →
    // half as large.
    {
      name: "perspective matrices (divide by w = −z)",
      points: 3,
      comparison: numbers,
      cases: () => {
        const p: Mat4 = projection.perspective(deg(90), 1, 1, 100);
        return [
          { fn: "projectPoint", args: [p, [0, 0, -1]], label: "on the near plane: depth −1" },
          { fn: "projectPoint", args: [p, [0, 0, -100]], label: "on the far plane: depth 1" },
          { fn: "projectPoint", args: [p, [1, 1, -1]], label: "near corner (1, 1)" },
          { fn: "projectPoint", args: [p, [1, 1, -2]], label: "twice as far: half as large" },
          ...generated("projectPoint", 661, 8, (rng) => [
            projection.perspective(random.uniform(rng, 0.3, 2.5), random.uniform(rng, 0.5, 2), 0.5, 50),
            [random.uniform(rng, -5, 5), random.uniform(rng, -5, 5), random.uniform(rng, -50, -0.5)] satisfies Vec3,
          ]),
        ];
      },
    },
    // Guards: w' < 0 (behind the camera) is divided by w', not |w'|, and view·projection products (hidden).
    {
      name: "behind the camera and through view · projection",
      points: 1,
      hidden: true,
      comparison: numbers,
      cases: () => [
        {
          fn: "projectPoint",
          args: [projection.perspective(deg(90), 1, 1, 100), [1, 1, 2]],
          label: "z = +2 (w < 0)",
        },
        ...generated("projectPoint", 662, 10, (rng) => [
          mat4.multiply(
            projection.perspective(deg(60), 1.5, 0.1, 100),
            mat4.lookAt(point(rng, 20), [0, 0, 0], [0, 1, 0]),
          ),
          point(rng, 3),
        ]),
      ],
    },
  ],
});
