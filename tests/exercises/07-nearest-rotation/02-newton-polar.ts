/** The orthogonal polar factor by Newton's iteration: the checks of exercises/07-nearest-rotation/02-newton-polar.ts. */

import { type Mat3, mat3, quat, random } from "../../../lib/index.ts";
import { type Call, type Comparison, defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/07-nearest-rotation/02-newton-polar.ts";
import { caseRng, randomRotation } from "../cases.ts";

/**
 * Converged, Newton's X is orthonormal and on the answer to ~1e-15. 1e-12 (both for ‖XᵀX − I‖ and for the
 * angle) leaves a thousandfold margin for rounding and refuses a loop stopped early: one step short of
 * convergence leaves ~1e-9 on fact 7.1's basis, and far more on a matrix of size 1e6.
 */
const CONVERGED = { kind: "rotationMatrix", toleranceRad: 1e-12 } satisfies Comparison;

/** A reflection is no rotation: entry by entry, to the same 1e-12 (entries are of size ≤ 1). */
const ENTRIES = { kind: "numbers", atol: 1e-12, rtol: 1e-12 } satisfies Comparison;

type Case = Call<typeof solution>;

/** R·S: a random rotation after a symmetric positive definite stretch with eigenvalues in [lo, hi]. */
const rotatedStretch = (rng: random.Rng, lo: number, hi: number): Mat3 => {
  const axes = randomRotation(rng);
  const d: Mat3 = [
    random.uniform(rng, lo, hi),
    0,
    0,
    0,
    random.uniform(rng, lo, hi),
    0,
    0,
    0,
    random.uniform(rng, lo, hi),
  ];
  return mat3.multiply(randomRotation(rng), mat3.multiply(axes, mat3.multiply(d, mat3.transpose(axes))));
};

/** `n` cases of `make`, seeded, each labelled. */
const seeded = (seed: number, n: number, label: string, make: (rng: random.Rng) => Mat3): Case[] => {
  const rng = caseRng(seed);
  return Array.from({ length: n }, () => ({ fn: "newtonPolar", args: [make(rng)], label }));
};

/** The matrix with its last column negated: a mirrored (left-handed) basis, det < 0. */
const mirror = (m: Mat3): Mat3 => [...m.slice(0, 6), -m[6]!, -m[7]!, -m[8]!] as Mat3;

export default defineExercise<typeof solution>({
  title: "The orthogonal polar factor by Newton's iteration",
  uses: ["scalar", "vec3", "mat3"],
  hints: [
    "One step: X⁻ᵀ = mat3.transpose(mat3.invert(X)), then the entry-wise average (X + X⁻ᵀ)/2. For an orthogonal X, X⁻ᵀ = X and nothing moves; for diag(σ), each σ becomes (σ + 1/σ)/2.",
    "Loop until a step changes X by almost nothing (e.g. the Frobenius norm of the change ≤ 1e-10 — convergence is quadratic, so the error is then ~1e-20), not a fixed number of times: a matrix of size 1e6 first needs ~20 steps that merely halve it.",
    "Do not fix the determinant: for det m < 0 the nearest orthogonal matrix is a reflection, and that is what Newton converges to and what this exercise asks for. (The nearest rotation needs the SVD's sign fix of section 2.)",
  ],
  checks: [
    {
      name: "drifted rotations",
      points: 2,
      comparison: CONVERGED,
      cases: () =>
        seeded(
          721,
          10,
          "a rotation with every entry moved by up to 1e-6 … 1e-2",
          (rng) =>
            randomRotation(rng).map((x) => x + random.uniform(rng, -1, 1) * 10 ** random.uniform(rng, -6, -2)) as Mat3,
        ),
    },
    {
      name: "skewed and stretched bases (det > 0)",
      points: 2,
      comparison: CONVERGED,
      cases: () => [
        { fn: "newtonPolar", args: [[1, 0.3, 0, 0, 1, 0, 0, 0, 1]], label: "fact 7.1's basis: 8.53° about z" },
        { fn: "newtonPolar", args: [[2, 0, 0, 0, 3, 0, 0, 0, 4]], label: "diag(2, 3, 4): the identity" },
        { fn: "newtonPolar", args: [mat3.rotationY(2.5)], label: "a rotation by 2.5 rad: itself" },
        ...seeded(722, 10, "R·S, S with eigenvalues in [0.2, 5]", (rng) => rotatedStretch(rng, 0.2, 5)),
      ],
    },
    {
      name: "mirrored bases (det < 0): a reflection",
      points: 2,
      comparison: ENTRIES,
      cases: () => [
        { fn: "newtonPolar", args: [mirror([1, 0.3, 0, 0, 1, 0, 0, 0, 1])], label: "fact 7.1's basis with z mirrored" },
        { fn: "newtonPolar", args: [[-2, 0, 0, 0, 3, 0, 0, 0, 4]], label: "diag(−2, 3, 4): diag(−1, 1, 1)" },
        ...seeded(723, 8, "R·S with its last column negated", (rng) => mirror(rotatedStretch(rng, 0.2, 5))),
      ],
    },
    {
      name: "any scale (1e-8 … 1e8) and far from orthogonal",
      points: 2,
      hidden: true,
      comparison: CONVERGED,
      cases: () => [
        ...seeded(724, 6, "R·S scaled by 1e-8 … 1e8", (rng) => {
          const scale = 10 ** random.uniform(rng, -8, 8);
          return rotatedStretch(rng, 0.5, 2).map((x) => x * scale) as Mat3;
        }),
        ...seeded(725, 4, "R·S, S with eigenvalues in [1e-3, 1]", (rng) => rotatedStretch(rng, 1e-3, 1)),
        {
          fn: "newtonPolar",
          args: [quat.toMat3(quat.fromAxisAngle([1, 2, 3], 1)).map((x) => 1e6 * x) as Mat3],
          label: "10⁶ times a rotation",
        },
      ],
    },
  ],
});
