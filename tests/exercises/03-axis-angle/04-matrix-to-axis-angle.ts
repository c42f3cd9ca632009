/** Matrix to axis–angle: the checks of exercises/03-axis-angle/04-matrix-to-axis-angle.ts. */

import { axisAngle, mat3, random } from "../../../lib/index.ts";
import { defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/03-axis-angle/04-matrix-to-axis-angle.ts";
import { asProduct, generated } from "../cases.ts";

export default defineExercise<typeof solution>({
  title: "Matrix to axis–angle",
  uses: ["scalar", "vec3", "mat3"],
  hints: [
    "trace(R) = 1 + 2 cos θ, and (R₂₁ − R₁₂, R₀₂ − R₂₀, R₁₀ − R₀₁) = 2 sin θ n (entry (r, c) is m[3c + r]). θ = atan2(|that vector|, trace − 1).",
    "acos((trace − 1)/2) loses half its digits near 0 and π (an error of ~1e-8 rad); atan2 does not. At θ = 0 the skew part is zero: return any unit axis.",
    "Near π the skew part is ~2(π − θ) n, mostly rounding noise. Use R + Rᵀ = 2 cos θ I + 2(1 − cos θ) n nᵀ: its largest diagonal gives the biggest n_i, the off-diagonals give n_i n_j; take the sign from the skew part, and return a unit axis.",
  ],
  checks: [
    // Guards: a unit axis, an angle in [0, π] and the same rotation, for turns 0.01 … 3.1 rad.
    {
      name: "random rotations",
      points: 3,
      comparison: { kind: "axisAngle" },
      cases: () =>
        generated("fromMatrix", 341, 20, (rng) => [
          axisAngle.toMat3(random.unitVector(rng), random.uniform(rng, 0.01, 3.1)),
        ]),
    },
    // Guards: "at θ = 0 any unit axis is right", and atan2 accurate at 1e-9 … 1e-6 rad (acos has lost it), exactly
    // and as a product arrives.
    {
      name: "θ = 0 and tiny angles",
      points: 2,
      comparison: { kind: "axisAngle" },
      cases: () => [
        { fn: "fromMatrix", args: [mat3.identity()], label: "the identity (θ = 0)" },
        { fn: "fromMatrix", args: [axisAngle.toMat3([0.6, 0, 0.8], 1e-9)], label: "θ = 1e-9 about (0.6, 0, 0.8)" },
        { fn: "fromMatrix", args: [axisAngle.toMat3([1, 2, 2], 1e-6)], label: "θ = 1e-6 about (1, 2, 2)" },
        { fn: "fromMatrix", args: [axisAngle.toMat3([-2, 1, 2], 2e-8)], label: "θ = 2e-8 about (−2, 1, 2)" },
        {
          fn: "fromMatrix",
          args: [asProduct([3, 0, -4], 3e-8, 0.7)],
          label: "θ = 3e-8 about (3, 0, −4), as the product R(0.7)·R(3e-8 − 0.7)",
        },
        // The same at random: a random axis by 1e-9 … 1e-6 rad, the same as a product, and θ = 0 as
        // the product R(s)·R(−s) (the identity up to rounding).
        ...generated("fromMatrix", 344, 1, (rng) => [
          axisAngle.toMat3(random.unitVector(rng), 10 ** random.uniform(rng, -9, -6)),
        ]).map((c) => ({ ...c, label: "a random axis, θ = 1e-9 … 1e-6" })),
        ...generated("fromMatrix", 345, 1, (rng) => [
          asProduct(random.unitVector(rng), 10 ** random.uniform(rng, -8, -6), random.uniform(rng, -3, 3)),
        ]).map((c) => ({ ...c, label: "a random axis, θ = 1e-8 … 1e-6, as a product" })),
        ...generated("fromMatrix", 346, 1, (rng) => [
          asProduct(random.unitVector(rng), 0, random.uniform(rng, -3, 3)),
        ]).map((c) => ({ ...c, label: "θ = 0 as the product R(s)·R(−s) about a random axis" })),
      ],
    },
    // Guards: "near θ = π the skew part vanishes: take the axis from R + Rᵀ": exactly π (either sign of n) and
    // π − 1e-9 … π − 1e-6, exactly and as a product.
    {
      name: "θ = π and near π",
      points: 3,
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
          args: [axisAngle.toMat3([1, -2, 2], Math.PI - 2e-8)],
          label: "θ = π − 2e-8 about (1, −2, 2)",
        },
        {
          fn: "fromMatrix",
          args: [axisAngle.toMat3([0, 3, 4], Math.PI - 1e-6)],
          label: "θ = π − 1e-6 about (0, 3, 4)",
        },
        {
          fn: "fromMatrix",
          args: [asProduct([0, 0, 1], Math.PI, 1)],
          label: "Rz(1)·Rz(π − 1): a half turn about Z, as a product",
        },
        // The same at random: a half turn about a random axis, exactly and as a product, and π − 1e-9 … 1e-6.
        ...generated("fromMatrix", 347, 1, (rng) => [axisAngle.toMat3(random.unitVector(rng), Math.PI)]).map((c) => ({
          ...c,
          label: "180° about a random axis",
        })),
        ...generated("fromMatrix", 348, 1, (rng) => [
          asProduct(random.unitVector(rng), Math.PI, random.uniform(rng, -3, 3)),
        ]).map((c) => ({ ...c, label: "a half turn about a random axis, as a product" })),
        ...generated("fromMatrix", 349, 1, (rng) => [
          axisAngle.toMat3(random.unitVector(rng), Math.PI - 10 ** random.uniform(rng, -9, -6)),
        ]).map((c) => ({ ...c, label: "θ = π − 1e-9 … 1e-6 about a random axis" })),
      ],
    },
    // Guards: the same at π − 1e-12 … π − 1e-2, 30 matrices with every entry rounded.
    {
      name: "rotations near π, as products arrive",
      points: 2,
      hidden: true,
      comparison: { kind: "axisAngle" },
      cases: () => [
        ...generated("fromMatrix", 342, 10, (rng) => [
          axisAngle.toMat3(random.unitVector(rng), Math.PI - 10 ** random.uniform(rng, -12, -2)),
        ]),
        ...generated("fromMatrix", 343, 20, (rng) => [
          asProduct(random.unitVector(rng), Math.PI - 10 ** random.uniform(rng, -12, -6), random.uniform(rng, -3, 3)),
        ]),
      ],
    },
  ],
});
