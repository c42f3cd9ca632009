/** The viewing transformation: lookAt: the checks of exercises/06-camera-and-projection/05-look-at.ts. */

import { type Vec3, random, vec3 } from "../../../lib/index.ts";
import { defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/06-camera-and-projection/05-look-at.ts";
import { generated, numbers, point, randomVector } from "../cases.ts";

export default defineExercise<typeof solution>({
  title: "The viewing transformation: lookAt",
  uses: ["scalar", "vec3"],
  hints: [
    "Forward f = normalize(target − eye); right s = normalize(f × up); true up u = s × f. The camera looks down −Z, so its Z axis is −f.",
    "The rotation's rows are s, u and −f (it sends s to X, u to Y, −f to Z). In column-major storage row r of column c is m[4c + r]: m[0], m[4], m[8] hold s.",
    "The last column is R·(−eye) = (−s·eye, −u·eye, f·eye): after the matrix, eye itself lands on the origin.",
  ],
  checks: [
    // Guards: rows s, u, −f times the translation by −eye (cameras on the axes, the identity, looking down).
    {
      name: "cameras on the axes",
      points: 2,
      comparison: numbers,
      cases: () => [
        {
          fn: "lookAt",
          args: [
            [0, 0, 5],
            [0, 0, 0],
            [0, 1, 0],
          ],
          label: "eye (0, 0, 5) looking at the origin",
        },
        {
          fn: "lookAt",
          args: [
            [0, 0, 0],
            [0, 0, -1],
            [0, 1, 0],
          ],
          label: "eye at the origin looking down −Z: identity",
        },
        {
          fn: "lookAt",
          args: [
            [3, 0, 0],
            [0, 0, 0],
            [0, 1, 0],
          ],
          label: "eye on +X",
        },
        {
          fn: "lookAt",
          args: [
            [0, 4, 0],
            [0, 0, 0],
            [0, 0, -1],
          ],
          label: "eye on +Y looking down, up = −Z",
        },
        // A camera on a random axis (either side, any distance) looking at the origin, up a unit axis across it.
        ...generated("lookAt", 653, 3, (rng): Parameters<typeof solution.lookAt> => {
          const axis = Math.floor(rng() * 3);
          const across = (axis + 1 + Math.floor(rng() * 2)) % 3;
          const eye: Vec3 = [0, 0, 0];
          const up: Vec3 = [0, 0, 0];
          eye[axis] = (rng() < 0.5 ? -1 : 1) * random.uniform(rng, 0.5, 20);
          up[across] = rng() < 0.5 ? -1 : 1;
          return [eye, [0, 0, 0], up];
        }),
      ],
    },
    // Guards: "up … need not be unit length or perpendicular to f" and "any length": up of length 1e-6, 1, 10
    // and 1e6, tilted.
    {
      name: "up need not be unit or perpendicular",
      points: 2,
      comparison: numbers,
      cases: () => [
        {
          fn: "lookAt",
          args: [
            [3, 2, 4],
            [0, 0, 0],
            [0, 10, 0],
          ],
          label: "up = (0, 10, 0)",
        },
        {
          fn: "lookAt",
          args: [
            [3, 2, 4],
            [0, 0, 0],
            [0.3, 1, 0.2],
          ],
          label: "up tilted",
        },
        {
          fn: "lookAt",
          args: [
            [1, 1, 1],
            [2, 3, 4],
            [0, 0, 1],
          ],
          label: "up = +Z",
        },
        // "Any length" at both ends: the direction of f × up is all that counts, so an up 1e-6 or 1e6 long
        // gives the same camera; a "parallel?" test on |f × up| in absolute units takes the short one for
        // parallel.
        {
          fn: "lookAt",
          args: [
            [3, 2, 4],
            [0, 0, 0],
            [3e-7, 1e-6, 2e-7],
          ],
          label: "up tilted, 1e-6 long",
        },
        {
          fn: "lookAt",
          args: [
            [3, 2, 4],
            [0, 0, 0],
            [3e5, 1e6, 2e5],
          ],
          label: "up tilted, 1e6 long",
        },
        // A random camera and an up of random length, at least 25° away from the view direction.
        ...generated("lookAt", 654, 3, (rng): Parameters<typeof solution.lookAt> => {
          for (;;) {
            const eye = point(rng, 10);
            const target = point(rng, 10);
            const up = randomVector(rng);
            const forward = vec3.normalize(vec3.sub(target, eye));
            const across = vec3.length(vec3.cross(forward, vec3.normalize(up)));
            if (vec3.distance(eye, target) > 1 && across > Math.sin(Math.PI / 7.2)) return [eye, target, up];
          }
        }),
      ],
    },
    // Guards: the whole matrix for random eyes and targets, up = +Y.
    {
      name: "random cameras",
      points: 2,
      comparison: numbers,
      cases: () => generated("lookAt", 651, 10, (rng) => [point(rng, 10), point(rng, 2), [0, 1, 0]]),
    },
    // Guards: random up vectors of any length and tilt (hidden).
    {
      name: "random cameras and up vectors",
      points: 1,
      hidden: true,
      comparison: numbers,
      cases: () =>
        generated("lookAt", 652, 20, (rng) => [
          point(rng, 100),
          point(rng, 100),
          vec3.scale(random.unitVector(rng), 3),
        ]),
    },
  ],
});
