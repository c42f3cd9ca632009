/** Chapter 01's exercises: canonical matrices, any axis by composition, inverse by transpose, Gram–Schmidt. */

import { type Mat3, axisAngle, mat3, quat, random, scalar } from "../../../lib/index.ts";
import { LANDMARK_ANGLES, generated } from "../cases.ts";
import type { Chapter } from "../types.ts";

const deg = scalar.degToRad;
const randomRotation = (rng: random.Rng): Mat3 => quat.toMat3(random.unitQuat(rng));

export const chapter01: Chapter = {
  id: "01-canonical-rotations",
  title: "Canonical rotations and composing them",
  exercises: [
    {
      id: "canonical-matrices",
      title: "Canonical rotation matrices",
      file: "01-canonical-rotations/01-canonical-matrices.ts",
      exports: ["rotationX", "rotationY", "rotationZ"],
      timeLimitMs: 5000,
      hints: [
        "Column j of the matrix is where axis j goes. For Rz(θ), X goes to (cos θ, sin θ, 0) — that is the first column, m[0], m[1], m[2].",
        "Rz(θ) is [c, s, 0, −s, c, 0, 0, 0, 1] in column-major order. Rx and Ry follow by the cyclic order X → Y → Z → X.",
        "In Ry, Z turns towards X: Z goes to (sin θ, 0, cos θ) and X goes to (cos θ, 0, −sin θ), so the −sin sits in the first column.",
      ],
      checks: ["X", "Y", "Z"].flatMap((axis, i) => [
        {
          name: `rotation${axis} at landmark angles`,
          points: 2,
          visibility: "visible" as const,
          comparison: { kind: "numbers" as const, atol: 1e-12, rtol: 0 },
          cases: () =>
            LANDMARK_ANGLES.map((a) => ({
              fn: `rotation${axis}`,
              args: [a],
              label: `θ = ${scalar.radToDeg(a).toFixed(0)}°`,
            })),
        },
        {
          name: `rotation${axis} at random angles`,
          points: 1,
          visibility: "hidden" as const,
          comparison: { kind: "numbers" as const, atol: 1e-12, rtol: 0 },
          cases: () => generated(`rotation${axis}`, 100 + i, 20, (rng) => [random.uniform(rng, -10, 10)]),
        },
      ]),
    },
    {
      id: "rotate-about-axis",
      title: "Rotation about any axis from canonical rotations",
      file: "01-canonical-rotations/02-rotate-about-axis.ts",
      exports: ["alignmentAngles", "rotateAboutAxis"],
      timeLimitMs: 5000,
      hints: [
        "Normalize the axis first. β = atan2(−x, z) turns the axis into the YZ plane; α = atan2(y, √(x² + z²)) then turns it onto +Z.",
        "The product reads right to left: align = Rx(α)·Ry(β) acts first, so the result is alignᵀ · Rz(θ) · align.",
        "Axis along ±Y: x = z = 0, so there is nothing to turn in the first step. Use β = 0 and let α = ±90° do the work.",
      ],
      checks: [
        {
          name: "alignment angles",
          points: 2,
          visibility: "visible",
          comparison: { kind: "numbers", atol: 1e-12, rtol: 0 },
          cases: () => [
            { fn: "alignmentAngles", args: [[0, 0, 1]], label: "axis +Z" },
            { fn: "alignmentAngles", args: [[1, 0, 0]], label: "axis +X" },
            { fn: "alignmentAngles", args: [[1, 1, 1]], label: "axis (1, 1, 1)" },
            { fn: "alignmentAngles", args: [[0, 1, 0]], label: "axis +Y (β = 0)" },
            { fn: "alignmentAngles", args: [[0, -3, 0]], label: "axis −Y, unnormalised (β = 0)" },
            ...generated("alignmentAngles", 201, 10, (rng) => [random.unitVector(rng)]),
          ],
        },
        {
          name: "random axes and angles",
          points: 3,
          visibility: "visible",
          comparison: { kind: "rotationMatrix" },
          cases: () =>
            generated("rotateAboutAxis", 202, 20, (rng) => [
              random.unitVector(rng),
              random.uniform(rng, -Math.PI, Math.PI),
            ]),
        },
        {
          name: "axis along ±Y",
          points: 2,
          visibility: "visible",
          comparison: { kind: "rotationMatrix" },
          cases: () => [
            { fn: "rotateAboutAxis", args: [[0, 1, 0], deg(90)], label: "axis +Y, θ = 90°" },
            { fn: "rotateAboutAxis", args: [[0, -1, 0], deg(30)], label: "axis −Y, θ = 30°" },
            { fn: "rotateAboutAxis", args: [[0, 2.5, 0], deg(-120)], label: "axis (0, 2.5, 0), θ = −120°" },
          ],
        },
        {
          name: "unnormalised axes",
          points: 1,
          visibility: "hidden",
          comparison: { kind: "rotationMatrix" },
          cases: () =>
            generated("rotateAboutAxis", 203, 10, (rng) => [
              random.unitVector(rng).map((x) => 7 * x),
              random.uniform(rng, -3, 3),
            ]),
        },
      ],
    },
    {
      id: "inverse-by-transpose",
      title: "The inverse is the transpose",
      file: "01-canonical-rotations/03-inverse-by-transpose.ts",
      exports: ["inverseRotation", "isRotation"],
      timeLimitMs: 5000,
      hints: [
        "Transposing swaps rows and columns: entry (r, c) of the result is entry (c, r) of m, i.e. out[3c + r] = m[3r + c].",
        "Entry (i, j) of mᵀm is the dot product of columns i and j: check it is 1 on the diagonal and 0 elsewhere, within the tolerance.",
        "A mirror has orthonormal columns too: also check that the determinant is +1.",
      ],
      checks: [
        {
          name: "inverse of canonical rotations",
          points: 2,
          visibility: "visible",
          comparison: { kind: "numbers", atol: 0, rtol: 0 },
          cases: () =>
            LANDMARK_ANGLES.map((a) => ({
              fn: "inverseRotation",
              args: [mat3.rotationY(a)],
              label: `Ry(${scalar.radToDeg(a).toFixed(0)}°)`,
            })),
        },
        {
          name: "inverse of composed rotations",
          points: 2,
          visibility: "visible",
          comparison: { kind: "numbers", atol: 0, rtol: 0 },
          cases: () => generated("inverseRotation", 301, 20, (rng) => [randomRotation(rng)]),
        },
        {
          name: "recognises rotations",
          points: 1,
          visibility: "visible",
          comparison: { kind: "exact" },
          cases: () =>
            [mat3.identity(), mat3.rotationZ(1), axisAngle.toMat3([1, 2, 3], 2)].map((m) => ({
              fn: "isRotation",
              args: [m],
            })),
        },
        {
          name: "rejects scalings, shears and mirrors",
          points: 2,
          visibility: "visible",
          comparison: { kind: "exact" },
          cases: () => [
            { fn: "isRotation", args: [[2, 0, 0, 0, 2, 0, 0, 0, 2]], label: "scaling by 2" },
            { fn: "isRotation", args: [[1, 0, 0, 0.1, 1, 0, 0, 0, 1]], label: "shear" },
            { fn: "isRotation", args: [[-1, 0, 0, 0, 1, 0, 0, 0, 1]], label: "mirror in the YZ plane" },
            { fn: "isRotation", args: [[0, 0, 0, 0, 0, 0, 0, 0, 0]], label: "zero matrix" },
          ],
        },
        {
          name: "uses the tolerance",
          points: 1,
          visibility: "hidden",
          comparison: { kind: "exact" },
          cases: () => [
            { fn: "isRotation", args: [mat3.rotationX(1).map((x, i) => (i === 0 ? x + 1e-10 : x))] },
            { fn: "isRotation", args: [mat3.rotationX(1).map((x, i) => (i === 0 ? x + 1e-6 : x))] },
            { fn: "isRotation", args: [mat3.rotationX(1).map((x, i) => (i === 0 ? x + 1e-6 : x)), 1e-5] },
          ],
        },
      ],
    },
    {
      id: "gram-schmidt",
      title: "Repairing drift with Gram–Schmidt",
      file: "01-canonical-rotations/04-gram-schmidt.ts",
      exports: ["gramSchmidt"],
      timeLimitMs: 5000,
      hints: [
        "e₀ = c₀ / |c₀|. Then take c₁ minus its part along e₀, (c₁·e₀) e₀, and normalize: that is e₁.",
        "For e₂, remove from c₂ its parts along e₀ and along e₁, then normalize. (Or e₂ = e₀ × e₁ — same answer for a nearly orthonormal matrix.)",
        "The result is column-major: [...e₀, ...e₁, ...e₂].",
      ],
      checks: [
        {
          name: "leaves a rotation unchanged",
          points: 1,
          visibility: "visible",
          comparison: { kind: "numbers", atol: 1e-14, rtol: 0 },
          cases: () => generated("gramSchmidt", 401, 10, (rng) => [randomRotation(rng)]),
        },
        {
          name: "repairs drifted rotations",
          points: 3,
          visibility: "visible",
          comparison: { kind: "numbers", atol: 1e-12, rtol: 0 },
          cases: () =>
            generated("gramSchmidt", 402, 20, (rng) => [
              randomRotation(rng).map((x) => x + random.uniform(rng, -1e-3, 1e-3)),
            ]),
        },
        {
          name: "keeps the first column's direction",
          points: 1,
          visibility: "visible",
          comparison: { kind: "numbers", atol: 1e-12, rtol: 0 },
          cases: () => [
            { fn: "gramSchmidt", args: [[2, 0, 0, 1, 1, 0, 1, 1, 1]], label: "upper triangular, column 0 = (2, 0, 0)" },
          ],
        },
        {
          name: "strongly skewed bases",
          points: 1,
          visibility: "hidden",
          comparison: { kind: "numbers", atol: 1e-12, rtol: 0 },
          cases: () =>
            generated("gramSchmidt", 403, 10, (rng) => [
              randomRotation(rng).map((x) => x + random.uniform(rng, -0.3, 0.3)),
            ]),
        },
      ],
    },
  ],
};
