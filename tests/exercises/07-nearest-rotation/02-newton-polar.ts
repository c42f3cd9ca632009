/** The orthogonal polar factor by Newton's iteration: the checks of exercises/07-nearest-rotation/02-newton-polar.ts. */

import { type Mat3, mat3, quat, random } from "../../../lib/index.ts";
import { type Call, type Comparison, defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/07-nearest-rotation/02-newton-polar.ts";
import { caseRng, randomRotation } from "../cases.ts";

/**
 * The stub promises "orthonormal to ~1e-15". Converged, Newton's X (plain or scaled, any stopping test) is
 * orthonormal to ≤ 8e-16 and within ≤ 9e-16 rad of the reference on these well-conditioned families
 * (3000 draws each): 1e-14 (both for ‖XᵀX − I‖ and for the angle) is that promise with a tenfold margin.
 * A loop that returns X one step early carries the size of the last step instead — anywhere from 1e-20 to its
 * stopping threshold — so 1e-12 let most of them through (7.5 % of drifted rotations failed it); at 1e-14
 * the fixed drifts of 1e-12 and 1e-11 below catch every such loop whose threshold is ≥ 1e-12.
 */
const CONVERGED = { kind: "rotationMatrix", toleranceRad: 1e-14 } satisfies Comparison;

/**
 * Far from orthogonal (σ down to 1e-3, or of size 1e-8 … 1e8), the answer's angle carries the problem's own
 * conditioning, ~σ_max/σ_min·ε ≈ 1e-13 for a correct route: 1e-12 there. Its orthonormality does not —
 * a converged X is orthonormal to ~1e-16 at any scale — so "orthonormal to ~1e-15" is held at 1e-14 here
 * too, and a loop that stops one step early (~3e-11 off for 10⁴ times a rotation) fails it either way.
 */
const FAR = { kind: "rotationMatrix", toleranceRad: 1e-12, orthonormality: 1e-14 } satisfies Comparison;

/**
 * A reflection is no rotation: entry by entry (entries are of size ≤ 1). Correct routes agree to ≤ 5e-16 on
 * mirrored R·S (3000 draws); 1e-14 is the "orthonormal to ~1e-15" promise with the same margin.
 */
const ENTRIES = { kind: "numbers", atol: 1e-14, rtol: 0 } satisfies Comparison;

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

/** A fixed symmetric direction of drift (unit Frobenius norm, to rounding): R·(I + d·S) is d off orthonormal. */
const S: Mat3 = [0, 0.6, -0.8, 0.6, 0.3, 0.5, -0.8, 0.5, -0.2].map((x) => x / Math.sqrt(2.48)) as Mat3;

/**
 * A random rotation drifted by exactly `d` along S: at d = 1e-12 … 1e-11 the first Newton step already
 * changes X by less than a usual stopping threshold (1e-10), so a loop that returns X before that step
 * returns the drifted input itself, ~d off orthonormal — the edge of "orthonormal to ~1e-15".
 */
const driftedBy = (seed: number, d: number): Case => {
  const m = mat3.multiply(randomRotation(caseRng(seed)), S.map((x, i) => (i % 4 === 0 ? 1 : 0) + d * x) as Mat3);
  return { fn: "newtonPolar", args: [m], label: `a rotation drifted by ${d} (one Newton step from converged)` };
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
    // Guards: "orthonormal to ~1e-15" (and iterate until X stops changing) at its edge: rotations one step from
    // converged (drifts 1e-12, 1e-11), held to 1e-14.
    {
      name: "drifted rotations",
      points: 2,
      comparison: CONVERGED,
      cases: () => [
        driftedBy(726, 1e-12),
        driftedBy(727, 1e-11),
        ...seeded(
          721,
          10,
          "a rotation with every entry moved by up to 1e-6 … 1e-2",
          (rng) =>
            randomRotation(rng).map((x) => x + random.uniform(rng, -1, 1) * 10 ** random.uniform(rng, -6, -2)) as Mat3,
        ),
      ],
    },
    // Guards: the limit UVᵀ is a rotation when det m > 0 (fact 7.1's basis, R·S with σ in [0.2, 5]), to 1e-14.
    {
      name: "skewed and stretched bases (det > 0)",
      points: 2,
      comparison: CONVERGED,
      cases: () => [
        { fn: "newtonPolar", args: [[1, 0.3, 0, 0, 1, 0, 0, 0, 1]], label: "fact 7.1's basis: 8.53° about z" },
        { fn: "newtonPolar", args: [[2, 0, 0, 0, 3, 0, 0, 0, 4]], label: "diag(2, 3, 4): the identity" },
        { fn: "newtonPolar", args: [mat3.rotationY(2.5)], label: "a rotation by 2.5 rad: itself" },
        { ...driftedBy(729, 3e-12), label: "a rotation stretched by 3e-12 (one Newton step from converged)" },
        ...seeded(722, 10, "R·S, S with eigenvalues in [0.2, 5]", (rng) => rotatedStretch(rng, 0.2, 5)),
      ],
    },
    // Guards: "det −1 (a reflection) when det m < 0 — return it as it is" (no sign fix), entry by entry to
    // 1e-14, with a mirrored basis one step from converged.
    {
      name: "mirrored bases (det < 0): a reflection",
      points: 2,
      comparison: ENTRIES,
      cases: () => [
        { fn: "newtonPolar", args: [mirror([1, 0.3, 0, 0, 1, 0, 0, 0, 1])], label: "fact 7.1's basis with z mirrored" },
        { fn: "newtonPolar", args: [[-2, 0, 0, 0, 3, 0, 0, 0, 4]], label: "diag(−2, 3, 4): diag(−1, 1, 1)" },
        {
          fn: "newtonPolar",
          args: [mirror(driftedBy(728, 1e-11).args[0])],
          label: "a rotation drifted by 1e-11, z mirrored",
        },
        ...seeded(723, 8, "R·S with its last column negated", (rng) => mirror(rotatedStretch(rng, 0.2, 5))),
      ],
    },
    // Guards: "any scale" (iterate until X stops changing, not a fixed count): sizes 1e-8 … 1e8 and σ down to
    // 1e-3, the angle to the conditioning-limited 1e-12 and "orthonormal to ~1e-15" to 1e-14; 10⁴ times a
    // rotation ends ~3e-11 off one step early.
    {
      name: "any scale (1e-8 … 1e8) and far from orthogonal",
      points: 2,
      hidden: true,
      comparison: FAR,
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
        {
          fn: "newtonPolar",
          args: [quat.toMat3(quat.fromAxisAngle([1, 2, 3], 1)).map((x) => 1e4 * x) as Mat3],
          label: "10⁴ times a rotation",
        },
      ],
    },
  ],
});
