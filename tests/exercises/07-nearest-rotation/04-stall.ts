/** Detect the half-turn stall and escape it: the checks of exercises/07-nearest-rotation/04-stall.ts. */

import { type Mat3, type Quat, type Vec3, decompose, mat3, quat, random, vec3 } from "../../../lib/index.ts";
import { type Call, type Comparison, defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/07-nearest-rotation/04-stall.ts";
import { caseRng, randomRotation } from "../cases.ts";

type Case = Call<typeof solution>;

const IDENTITY: Quat = [0, 0, 0, 1];
const diag = (a: number, b: number, c: number): Mat3 => [a, 0, 0, 0, b, 0, 0, 0, c];

/** Booleans, exactly. */
const EXACT = { kind: "exact" } satisfies Comparison;

/**
 * The escape is one half turn, built from an eigenvector: accurate to ~1e-15 rad when λ₁ is well separated
 * (every case here has a gap ≥ 0.5). 1e-9 rad leaves room for any eigen-solver and refuses the wrong axis or
 * the wrong frame, which are off by a quarter turn or more.
 */
const ESCAPE = { kind: "rotationQuat", toleranceRad: 1e-9 } satisfies Comparison;

/**
 * The stub promises the nearest rotation "to ~1e-11 rad": a loop run to |ω| ≤ 1e-12 lands within 1.3e-12 of
 * the polar rotation here (ω understates the angle left by up to tr/(λᵢ + λⱼ)), and another stopping rule
 * (a trace gain, a smaller |ω|) within as much. 1e-10 is that promise with a tenfold margin; the old 1e-9
 * let through a loop stopped at the stall test's |ω| ≤ 1e-9, which leaves fact 7.1 1.0e-9 off.
 */
const NEAREST = { kind: "rotationQuat", toleranceRad: 1e-10 } satisfies Comparison;

/**
 * A matrix whose Rᵀm is symmetric at `q` with eigenvalues `values` along the axes of `axes`:
 * m = R·(axes·diag(values)·axesᵀ), computed in floating point, so it is symmetric only to rounding, as inputs arrive.
 */
const stationaryAt = (q: Quat, axes: Mat3, values: Vec3): Mat3 =>
  mat3.multiply(quat.toMat3(q), mat3.multiply(axes, mat3.multiply(diag(...values), mat3.transpose(axes))));

/** Random saddles: Rᵀm symmetric at a random q, eigenvalues (λ₁, λ₂, λ₃) with λ₂ + λ₃ < 0 and a gap after λ₁. */
const saddles = (seed: number, n: number, fromIdentity: boolean): { m: Mat3; q: Quat }[] => {
  const rng = caseRng(seed);
  return Array.from({ length: n }, () => {
    const q = fromIdentity ? IDENTITY : random.unitQuat(rng);
    const l1 = random.uniform(rng, 0.8, 2);
    const l2 = random.uniform(rng, -0.3, 0.3);
    const l3 = random.uniform(rng, -2, -0.6); // λ₂ + λ₃ ≤ −0.3: a clear stall
    return { m: stationaryAt(q, randomRotation(rng), [l1, l2, l3]), q };
  });
};

/**
 * The not-a-stall cases at random: R·S (S symmetric positive definite) at its answer R; a turn by 150° … 179°
 * about a random axis, from the identity (λ₂ + λ₃ < 0 but ω ≠ 0); and a saddle like diag(2, −1, −1.5) with
 * random axes at a random q, seen from 0.2 … 1 rad about its λ₃ axis, where ω ∝ (λ₁ + λ₂)·sin(angle) ≠ 0.
 */
const notStalledAtRandom = (seed: number): Case[] => {
  const rng = caseRng(seed);
  const q = random.unitQuat(rng);
  const stretch: Vec3 = [random.uniform(rng, 0.5, 2), random.uniform(rng, 0.5, 2), random.uniform(rng, 0.5, 2)];
  const turn = quat.toMat3(quat.fromAxisAngle(random.unitVector(rng), (random.uniform(rng, 150, 179) * Math.PI) / 180));
  const saddleAt = random.unitQuat(rng);
  const saddleAxes = randomRotation(rng);
  const saddle: Vec3 = [
    random.uniform(rng, 1.5, 2.5),
    random.uniform(rng, -1.2, -0.8),
    random.uniform(rng, -1.8, -1.4),
  ];
  const away = quat.fromAxisAngle(mat3.column(saddleAxes, 2), (rng() < 0.5 ? -1 : 1) * random.uniform(rng, 0.2, 1));
  return [
    { fn: "isStalled", args: [stationaryAt(q, randomRotation(rng), stretch), q], label: "R·S at its answer R" },
    { fn: "isStalled", args: [turn, IDENTITY], label: "150° … 179° about a random axis from the identity (ω ≠ 0)" },
    {
      fn: "isStalled",
      args: [stationaryAt(saddleAt, saddleAxes, saddle), quat.multiply(saddleAt, away)],
      label: "a random saddle's matrix, seen from a rotation away from it (ω ≠ 0)",
    },
  ];
};

/** Half turns about an axis, as a matrix that arrives rounded (through a quaternion). */
const halfTurn = (axis: Vec3): Mat3 => quat.toMat3(quat.fromAxisAngle(axis, Math.PI));

export default defineExercise<typeof solution>({
  title: "Detect the half-turn stall and escape it",
  uses: ["scalar", "vec3", "mat3", "quat", "decompose.symmetricEigen", "decompose.mullerStep"],
  hints: [
    "B = Rᵀm with R = quat.toMat3(q): mat3.multiply(mat3.transpose(R), m). decompose.symmetricEigen(B) uses its symmetric part and returns the eigenvalues in descending order with the eigenvectors as the columns of a matrix (column 0 belongs to λ₁).",
    "Two conditions make a stall: the loop would stop (|ω| tiny — decompose.mullerStep(m, q).omega) and the point is not a maximum (λ₂ + λ₃ < 0). A point where ω is still large is not stalled, whatever its eigenvalues. And rounding: λ₂ + λ₃ = −2e-16 at a maximum on the boundary is not a stall — compare with a small negative threshold relative to the eigenvalues' size.",
    "e₁ is an axis of B = Rᵀm, so it lives in q's own (body) frame: the half turn goes on the right, q·(e₁, 0). In the loop, check for a stall only when |ω| has fallen below the tolerance; escape, and carry on iterating (a bounded number of times).",
  ],
  checks: [
    // Guards: isStalled true when |ω| ≤ 1e-9 and λ₂ + λ₃ < −1e-9·Σ|λ| (fact 7.4, rounded half turns, random
    // saddles).
    {
      name: "a stall: stationary and not the maximum",
      points: 2,
      comparison: EXACT,
      cases: () => [
        { fn: "isStalled", args: [diag(-1, -1, 1), IDENTITY], label: "diag(−1, −1, 1) from the identity (fact 7.4)" },
        { fn: "isStalled", args: [diag(1, -1, -1), IDENTITY], label: "diag(1, −1, −1) from the identity" },
        { fn: "isStalled", args: [diag(-1, -2, -3), IDENTITY], label: "diag(−1, −2, −3) from the identity" },
        { fn: "isStalled", args: [halfTurn([1, 2, 3]), IDENTITY], label: "the half turn about (1, 2, 3), rounded" },
        ...saddles(741, 6, false).map(({ m, q }): Case => ({
          fn: "isStalled",
          args: [m, q],
          label: "Rᵀm symmetric at a random q, λ₂ + λ₃ < 0",
        })),
      ],
    },
    // Guards: isStalled false at a maximum and wherever ω ≠ 0 (179° from the identity: slow, not stuck) — the
    // eigenvalues alone are not enough.
    {
      name: "not a stall: at the answer, or still moving",
      points: 2,
      comparison: EXACT,
      cases: () => {
        const m71: Mat3 = [1, 0.3, 0, 0, 1, 0, 0, 0, 1];
        return [
          { fn: "isStalled", args: [mat3.identity(), IDENTITY], label: "m = I at the identity" },
          { fn: "isStalled", args: [diag(2, 3, 4), IDENTITY], label: "diag(2, 3, 4) at the identity" },
          {
            fn: "isStalled",
            args: [m71, quat.fromMat3(decompose.polarRotation(m71))],
            label: "fact 7.1 at its answer",
          },
          {
            fn: "isStalled",
            args: [diag(-1, -1, 1), [0, 0, 1, 0]],
            label: "diag(−1, −1, 1) at its answer (the half turn about z)",
          },
          {
            fn: "isStalled",
            args: [mat3.rotationZ((179 * Math.PI) / 180), IDENTITY],
            label: "179° about z from the identity: λ₂ + λ₃ < 0, but ω ≠ 0 — slow, not stuck",
          },
          {
            fn: "isStalled",
            args: [diag(2, -1, -1.5), quat.fromAxisAngle([0, 0, 1], 0.4)],
            label: "a saddle's matrix, seen from a rotation away from it (ω ≠ 0)",
          },
          ...notStalledAtRandom(746),
        ];
      },
    },
    // Guards: escapeStall: q·(e₁, 0), the half turn about e₁ in the body frame (e₁ ≡ −e₁).
    {
      name: "the escape: a half turn about e₁, in the body frame",
      points: 2,
      comparison: ESCAPE,
      cases: () => [
        { fn: "escapeStall", args: [diag(-1, -1, 1), IDENTITY], label: "diag(−1, −1, 1) from the identity: π about z" },
        {
          fn: "escapeStall",
          args: [diag(-1, -2, -3), IDENTITY],
          label: "diag(−1, −2, −3) from the identity: π about x",
        },
        ...saddles(742, 8, false).map(({ m, q }): Case => ({
          fn: "escapeStall",
          args: [m, q],
          label: "a saddle at a random q",
        })),
      ],
    },
    // Guards: nearestRotation reaches the nearest rotation "to ~1e-11 rad" from any start, saddles included,
    // held to 1e-10 (fact 7.1 from the identity ends 1.0e-9 off for a loop stopped at |ω| ≤ 1e-9).
    {
      name: "the nearest rotation from any start",
      points: 2,
      comparison: NEAREST,
      cases: () => [
        { fn: "nearestRotation", args: [[1, 0.3, 0, 0, 1, 0, 0, 0, 1], IDENTITY], label: "fact 7.1 from the identity" },
        { fn: "nearestRotation", args: [diag(-1, -1, 1), IDENTITY], label: "diag(−1, −1, 1) from the identity" },
        {
          fn: "nearestRotation",
          args: [diag(-1, -2, -3), IDENTITY],
          label: "diag(−1, −2, −3) from the identity: π about x",
        },
        ...saddles(743, 4, true).map(({ m, q }): Case => ({
          fn: "nearestRotation",
          args: [m, q],
          label: "a symmetric m with λ₂ + λ₃ < 0, from the identity",
        })),
        ...saddles(744, 4, false).map(({ m, q }): Case => ({
          fn: "nearestRotation",
          args: [m, q],
          label: "a saddle at a random start",
        })),
      ],
    },
    // Guards: "a true maximum on the boundary (λ₂ + λ₃ = 0, e.g. a mirrored input) must not be taken for a
    // stall", rounded to ~1e-16 — the edge of the relative threshold.
    {
      // A strict "λ₂ + λ₃ < 0" reads rounding at the boundary as a stall and turns a right answer away.
      name: "a maximum within rounding of the boundary (λ₂ + λ₃ = 0)",
      points: 1,
      hidden: true,
      comparison: EXACT,
      cases: () => {
        const rng = caseRng(745);
        return Array.from({ length: 8 }, (): Case => {
          const q = random.unitQuat(rng);
          // Rᵀm = a reflection through a random plane: eigenvalues 1, 1, −1, and q is one of its nearest rotations.
          return {
            fn: "isStalled",
            args: [stationaryAt(q, randomRotation(rng), [1, 1, -1]), q],
            label: "a mirrored m at one of its nearest rotations (λ = 1, 1, −1), rounded",
          };
        });
      },
    },
  ],
});
