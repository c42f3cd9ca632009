/** Chapter 03's exercises: Rodrigues step by step, rotating a vector, axis–angle ↔ matrix. */

import { type Vec3, axisAngle, mat3, random, scalar } from "../../../lib/index.ts";
import { LANDMARK_ANGLES, generated } from "../cases.ts";
import type { Chapter } from "../types.ts";

const deg = scalar.degToRad;
const randomVector = (rng: random.Rng): Vec3 =>
  random.unitVector(rng).map((x) => x * random.uniform(rng, 0.2, 3)) as Vec3;
const numbers = { kind: "numbers" as const, atol: 1e-12, rtol: 1e-12 };

export const chapter03: Chapter = {
  id: "03-axis-angle",
  title: "Axis–angle",
  exercises: [
    {
      id: "rodrigues-steps",
      title: "Rodrigues' construction, step by step",
      file: "03-axis-angle/01-rodrigues-steps.ts",
      exports: ["parallelPart", "perpendicularPart", "quarterTurn"],
      timeLimitMs: 5000,
      hints: [
        "Normalize the axis first: n = axis / |axis|. Then r∥ = (n·r) n — a number times a vector.",
        "r⊥ = r − r∥. Check yourself: r⊥·n should be 0, and r∥ + r⊥ should give r back.",
        "v = n × r⊥ (not r∥ × r⊥ as the slide writes: that is scaled by n·r and vanishes when r ⟂ n). |v| = |r⊥|.",
      ],
      checks: [
        {
          name: "parallel part r∥",
          points: 2,
          visibility: "visible",
          comparison: numbers,
          cases: () => [
            {
              fn: "parallelPart",
              args: [
                [0, 0, 1],
                [1, 2, 3],
              ],
              label: "axis Z, r = (1, 2, 3)",
            },
            {
              fn: "parallelPart",
              args: [
                [0, 0, 2],
                [1, 2, 3],
              ],
              label: "axis (0, 0, 2), unnormalised",
            },
            {
              fn: "parallelPart",
              args: [
                [1, 1, 0],
                [1, 0, 0],
              ],
              label: "axis (1, 1, 0), r = X",
            },
            {
              fn: "parallelPart",
              args: [
                [0, 1, 0],
                [4, 0, -1],
              ],
              label: "r ⟂ axis: r∥ = 0",
            },
            ...generated("parallelPart", 311, 10, (rng) => [randomVector(rng), randomVector(rng)]),
          ],
        },
        {
          name: "perpendicular part r⊥",
          points: 2,
          visibility: "visible",
          comparison: numbers,
          cases: () => [
            {
              fn: "perpendicularPart",
              args: [
                [0, 0, 1],
                [1, 2, 3],
              ],
              label: "axis Z, r = (1, 2, 3)",
            },
            {
              fn: "perpendicularPart",
              args: [
                [0, 3, 0],
                [0, 5, 0],
              ],
              label: "r along the axis: r⊥ = 0",
            },
            ...generated("perpendicularPart", 312, 10, (rng) => [randomVector(rng), randomVector(rng)]),
          ],
        },
        {
          name: "quarter turn v = n × r⊥",
          points: 2,
          visibility: "visible",
          comparison: numbers,
          cases: () => [
            {
              fn: "quarterTurn",
              args: [
                [0, 0, 1],
                [1, 0, 5],
              ],
              label: "axis Z, r = (1, 0, 5): v = Y",
            },
            {
              fn: "quarterTurn",
              args: [
                [1, 0, 0],
                [0, 1, 0],
              ],
              label: "axis X, r = Y ⟂ axis: v = Z",
            },
            {
              fn: "quarterTurn",
              args: [
                [0, -2, 0],
                [1, 1, 1],
              ],
              label: "axis −Y, unnormalised",
            },
            ...generated("quarterTurn", 313, 10, (rng) => [randomVector(rng), randomVector(rng)]),
          ],
        },
        {
          name: "long axes and vectors",
          points: 1,
          visibility: "hidden",
          comparison: numbers,
          cases: () =>
            generated("quarterTurn", 314, 10, (rng) => [
              random.unitVector(rng).map((x) => 1e3 * x),
              random.unitVector(rng).map((x) => 50 * x),
            ]),
        },
      ],
    },
    {
      id: "rodrigues-rotate",
      title: "Rotate a vector by Rodrigues' formula",
      file: "03-axis-angle/02-rotate-vector.ts",
      exports: ["rotateVector"],
      timeLimitMs: 5000,
      hints: [
        "Normalize the axis: n = axis / |axis|. The formula has three terms: cos θ r, (1 − cos θ)(n·r) n and sin θ (n × r).",
        "Check on an easy case: axis Z, θ = 90°, r = X must give Y (counter-clockwise looking down Z).",
        "A vector along the axis must not move, and a vector perpendicular to it keeps its length: test both.",
      ],
      checks: [
        {
          name: "quarter turns about X, Y and Z",
          points: 2,
          visibility: "visible",
          comparison: numbers,
          cases: () => [
            { fn: "rotateVector", args: [[0, 0, 1], deg(90), [1, 0, 0]], label: "Z by 90°: X → Y" },
            { fn: "rotateVector", args: [[1, 0, 0], deg(90), [0, 1, 0]], label: "X by 90°: Y → Z" },
            { fn: "rotateVector", args: [[0, 1, 0], deg(90), [0, 0, 1]], label: "Y by 90°: Z → X" },
            { fn: "rotateVector", args: [[0, 0, 1], deg(-90), [1, 0, 0]], label: "Z by −90°: X → −Y" },
          ],
        },
        {
          name: "landmark angles about (1, 1, 1)",
          points: 2,
          visibility: "visible",
          comparison: numbers,
          cases: () =>
            LANDMARK_ANGLES.map((a) => ({
              fn: "rotateVector",
              args: [[1, 1, 1], a, [1, -2, 0.5]],
              label: `axis (1, 1, 1) unnormalised, θ = ${scalar.radToDeg(a).toFixed(0)}°`,
            })),
        },
        {
          name: "random axes, angles and vectors",
          points: 3,
          visibility: "visible",
          comparison: numbers,
          cases: () =>
            generated("rotateVector", 321, 20, (rng) => [
              random.unitVector(rng),
              random.uniform(rng, -Math.PI, Math.PI),
              randomVector(rng),
            ]),
        },
        {
          name: "vector along the axis stays put",
          points: 1,
          visibility: "hidden",
          comparison: numbers,
          cases: () =>
            generated("rotateVector", 322, 10, (rng) => {
              const n = random.unitVector(rng);
              return [n.map((x) => 4 * x), random.uniform(rng, -10, 10), n.map((x) => -2 * x)];
            }),
        },
      ],
    },
    {
      id: "axis-angle-to-matrix",
      title: "Axis–angle to matrix",
      file: "03-axis-angle/03-axis-angle-to-matrix.ts",
      exports: ["toMatrix"],
      timeLimitMs: 5000,
      hints: [
        "R = cos θ I + (1 − cos θ) n nᵀ + sin θ [n]×, with n normalized and [n]× = [[0, −z, y], [z, 0, −x], [−y, x, 0]].",
        "Column j of R is R·e_j = cos θ e_j + (1 − cos θ) n_j n + sin θ (n × e_j). Write the nine entries column by column.",
        "Column-major: m[0], m[1], m[2] is the first column. If your answer rotates the wrong way, you stored rows: transpose.",
      ],
      checks: [
        {
          name: "canonical axes give Rx, Ry, Rz",
          points: 2,
          visibility: "visible",
          comparison: numbers,
          cases: () =>
            [
              [[1, 0, 0], "X"],
              [[0, 1, 0], "Y"],
              [[0, 0, 1], "Z"],
            ].flatMap(([axis, name]) =>
              [30, 90, -120].map((a) => ({
                fn: "toMatrix",
                args: [axis as Vec3, deg(a)],
                label: `axis ${name as string}, θ = ${a}°`,
              })),
            ),
        },
        {
          name: "random axes and angles",
          points: 3,
          visibility: "visible",
          comparison: numbers,
          cases: () =>
            generated("toMatrix", 331, 20, (rng) => [random.unitVector(rng), random.uniform(rng, -Math.PI, Math.PI)]),
        },
        {
          name: "unnormalised axes and θ = 0, π",
          points: 2,
          visibility: "visible",
          comparison: numbers,
          cases: () => [
            { fn: "toMatrix", args: [[2, 0, 0], 0], label: "θ = 0: the identity" },
            { fn: "toMatrix", args: [[1, 1, 1], Math.PI], label: "axis (1, 1, 1), θ = 180°" },
            { fn: "toMatrix", args: [[0, -5, 0], deg(45)], label: "axis (0, −5, 0), θ = 45°" },
            { fn: "toMatrix", args: [[3, 4, 12], deg(200)], label: "axis (3, 4, 12), θ = 200°" },
          ],
        },
        {
          name: "large angles",
          points: 1,
          visibility: "hidden",
          comparison: { kind: "rotationMatrix" },
          cases: () => generated("toMatrix", 332, 10, (rng) => [random.unitVector(rng), random.uniform(rng, -20, 20)]),
        },
      ],
    },
    {
      id: "matrix-to-axis-angle",
      title: "Matrix to axis–angle",
      file: "03-axis-angle/04-matrix-to-axis-angle.ts",
      exports: ["fromMatrix"],
      timeLimitMs: 5000,
      hints: [
        "trace(R) = 1 + 2 cos θ, and (R₂₁ − R₁₂, R₀₂ − R₂₀, R₁₀ − R₀₁) = 2 sin θ n (entry (r, c) is m[3c + r]). θ = atan2(|that vector|, trace − 1).",
        "acos((trace − 1)/2) loses half its digits near 0 and π (an error of ~1e-8 rad); atan2 does not. At θ = 0 the skew part is zero: return any unit axis.",
        "Near π the skew part is ~2(π − θ) n, mostly rounding noise. Use R + Rᵀ = 2 cos θ I + 2(1 − cos θ) n nᵀ: its largest diagonal gives the biggest n_i, the off-diagonals give n_i n_j; take the sign from the skew part.",
      ],
      checks: [
        {
          name: "random rotations",
          points: 3,
          visibility: "visible",
          comparison: { kind: "axisAngle" },
          cases: () =>
            generated("fromMatrix", 341, 20, (rng) => [
              axisAngle.toMat3(random.unitVector(rng), random.uniform(rng, 0.01, 3.1)),
            ]),
        },
        {
          name: "θ = 0 and tiny angles",
          points: 2,
          visibility: "visible",
          comparison: { kind: "axisAngle" },
          cases: () => [
            { fn: "fromMatrix", args: [mat3.identity()], label: "the identity (θ = 0)" },
            { fn: "fromMatrix", args: [axisAngle.toMat3([0.6, 0, 0.8], 1e-9)], label: "θ = 1e-9 about (0.6, 0, 0.8)" },
            { fn: "fromMatrix", args: [axisAngle.toMat3([1, 2, 2], 1e-6)], label: "θ = 1e-6 about (1, 2, 2)" },
          ],
        },
        {
          name: "θ = π and near π",
          points: 3,
          visibility: "visible",
          comparison: { kind: "axisAngle" },
          cases: () => [
            { fn: "fromMatrix", args: [mat3.rotationX(Math.PI)], label: "Rx(180°)" },
            { fn: "fromMatrix", args: [axisAngle.toMat3([1, 1, 1], Math.PI)], label: "180° about (1, 1, 1)" },
            {
              fn: "fromMatrix",
              args: [axisAngle.toMat3([0.36, -0.48, 0.8], Math.PI)],
              label: "180° about (0.36, −0.48, 0.8)",
            },
            {
              fn: "fromMatrix",
              args: [axisAngle.toMat3([2, -1, 2], Math.PI - 1e-9)],
              label: "θ = π − 1e-9 about (2, −1, 2)",
            },
            {
              fn: "fromMatrix",
              args: [axisAngle.toMat3([0, 3, 4], Math.PI - 1e-6)],
              label: "θ = π − 1e-6 about (0, 3, 4)",
            },
          ],
        },
        {
          name: "random rotations near π",
          points: 2,
          visibility: "hidden",
          comparison: { kind: "axisAngle" },
          cases: () =>
            generated("fromMatrix", 342, 20, (rng) => [
              axisAngle.toMat3(random.unitVector(rng), Math.PI - 10 ** random.uniform(rng, -12, -2)),
            ]),
        },
      ],
    },
  ],
};
