/** Müller's iteration, one step and the loop: the checks of exercises/07-nearest-rotation/03-muller.ts. */

import { type Mat3, type Quat, decompose, mat3, quat, random } from "../../../lib/index.ts";
import { type Call, type Comparison, defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/07-nearest-rotation/03-muller.ts";
import { caseRng, generated, randomRotation } from "../cases.ts";

type Case = Call<typeof solution>;

/** Fact 7.1's basis: columns x = (1, 0.3, 0), y = (0, 1, 0), z = (0, 0, 1). */
const M71: Mat3 = [1, 0.3, 0, 0, 1, 0, 0, 0, 1];
const IDENTITY: Quat = [0, 0, 0, 1];

/**
 * ω to 1e-12 absolute and 1e-8 relative: the 1e-9 guard in the denominator changes ω by up to ~1e-9
 * relative (|tr| ≥ 0.5 in every case), so writing it inside or outside the absolute value, or scaling m first
 * as the library does, must not matter; a wrong sum (a missing column, r × m for m × r) is off by far more.
 */
const OMEGA = { kind: "numbers", atol: 1e-12, rtol: 1e-8 } satisfies Comparison;

/** One step or a loop with a set number of steps: the same rotation to 1e-12 rad (a few roundings per step). */
const SAME_STEPS = { kind: "rotationQuat", toleranceRad: 1e-12 } satisfies Comparison;

/** A converged loop (tolerance 1e-12 on |ω|) is within a few 1e-12 rad of the answer; 1e-9 is generous and still refuses a loop that stopped early. */
const CONVERGED = { kind: "rotationQuat", toleranceRad: 1e-9 } satisfies Comparison;

/** R·S, S symmetric positive definite with eigenvalues in [0.5, 2]: its nearest rotation is R, reached at a rate ≤ 2/3. */
const rotatedStretch = (rng: random.Rng): Mat3 => {
  const axes = randomRotation(rng);
  const d: Mat3 = [
    random.uniform(rng, 0.5, 2),
    0,
    0,
    0,
    random.uniform(rng, 0.5, 2),
    0,
    0,
    0,
    random.uniform(rng, 0.5, 2),
  ];
  return mat3.multiply(randomRotation(rng), mat3.multiply(axes, mat3.multiply(d, mat3.transpose(axes))));
};

/** A random m = R·S and a guess within 60° of its answer (so |tr(Rᵀm)| stays well away from 0). */
const matrixAndGuess = (rng: random.Rng): [Mat3, Quat] => {
  const m = rotatedStretch(rng);
  const answer = quat.fromMat3(decompose.polarRotation(m));
  return [m, quat.multiply(quat.fromAxisAngle(random.unitVector(rng), random.uniform(rng, 0.1, 1)), answer)];
};

/** fact 7.3's animation: the basis sheared 0.01 further than the previous frame, warm-started from that frame's answer. */
const warmFrames = (tolerance: number): Case[] =>
  [1, 5, 10].map((frame) => {
    const previous: Mat3 = [1, 0.3 + 0.01 * (frame - 1), 0, 0, 1, 0, 0, 0, 1];
    const start = decompose.mullerRotation(previous, { tolerance }).rotation;
    return {
      fn: "mullerRotation",
      args: [[1, 0.3 + 0.01 * frame, 0, 0, 1, 0, 0, 0, 1], start, tolerance, 100],
      label: `frame ${frame} of fact 7.3, warm from the previous frame, tolerance ${tolerance}`,
    };
  });

/**
 * Fact 7.1's configuration turned by the rotation q: the basis sheared by `shear`, in q's frame (Q·M·Qᵀ). Every
 * rotation of its iteration from the identity (or from a turn about Q·z) is a turn about Q·z, as on fact 7.1's
 * basis every turn is about z, and its answer is Q·(the unturned answer)·Qᵀ.
 */
const turnedShear = (q: Quat, shear: number): Mat3 => {
  const turn = quat.toMat3(q);
  return mat3.multiply(turn, mat3.multiply([1, shear, 0, 0, 1, 0, 0, 0, 1], mat3.transpose(turn)));
};

/** A turn by `angleRad` about Q·z, the axis of {@link turnedShear}'s iteration. */
const aboutTurnedZ = (q: Quat, angleRad: number): Quat =>
  quat.multiply(q, quat.multiply(quat.fromAxisAngle([0, 0, 1], angleRad), quat.conjugate(q)));

export default defineExercise<typeof solution>({
  title: "Müller's iteration: one step, and the loop",
  uses: ["scalar", "vec3", "mat3", "quat"],
  hints: [
    "The columns rᵢ are the columns of quat.toMat3(q). Sum the three cross products rᵢ × mᵢ (in that order: the torque pulling rᵢ towards mᵢ) and the three dot products, then divide: ω = torque / (|dots| + 1e-9).",
    "The turn by |ω| about ω is the quaternion (sin(|ω|/2)·ω/|ω|, cos(|ω|/2)) — which divides by zero at the answer, where ω = 0. quat.exp([ω/2, 0]) is the same quaternion with no division. Multiply it on the left, exp(ω)·q: ω is in world axes.",
    "The loop: normalize start; then, up to maxIterations times, compute ω; if |ω| ≤ tolerance stop (and do not apply it), else take the step. Return the current q — with maxIterations = 0 that is the normalized start.",
  ],
  checks: [
    // Guards: ω = Σ rᵢ × mᵢ / (|Σ rᵢ · mᵢ| + 1e-9), the absolute value and the 1e-9 included (fact 7.1 past
    // its answer turns back).
    {
      name: "ω: the chapter's example and random matrices",
      points: 2,
      comparison: OMEGA,
      cases: () => [
        { fn: "mullerOmega", args: [M71, IDENTITY], label: "fact 7.1 from the identity: (0, 0, 0.1)" },
        {
          fn: "mullerOmega",
          args: [M71, quat.fromAxisAngle([0, 0, 1], 0.3)],
          label: "fact 7.1 from 0.3 rad about z (past the answer: ω turns back)",
        },
        ...generated("mullerOmega", 731, 12, matrixAndGuess),
      ],
    },
    // Guards: "applied in the world frame: q ← exp(ω)·q" (a body-frame step q·exp(ω) differs wherever q ≠ I).
    {
      name: "one step turns in the world frame",
      points: 2,
      comparison: SAME_STEPS,
      cases: () => [
        { fn: "mullerStep", args: [M71, IDENTITY], label: "fact 7.1 from the identity: 0.1 rad about z" },
        ...generated("mullerStep", 732, 12, matrixAndGuess),
      ],
    },
    // Guards: "it must not produce NaN when ω = 0": ω exactly 0 (m = I, diagonal m, R·S at R), q returned to
    // rounding.
    {
      name: "a step at the answer (ω = 0) stays put, with no NaN",
      points: 1,
      comparison: SAME_STEPS,
      cases: () => [
        { fn: "mullerStep", args: [mat3.identity(), IDENTITY], label: "m = I from the identity: ω = 0 exactly" },
        {
          fn: "mullerStep",
          args: [[2, 0, 0, 0, 3, 0, 0, 0, 4], IDENTITY],
          label: "m = diag(2, 3, 4) from the identity",
        },
        {
          fn: "mullerStep",
          args: [
            [0, 1, 0, -1, 0, 0, 0, 0, 1],
            [0, 0, Math.SQRT1_2, Math.SQRT1_2],
          ],
          label: "m = 90° about z, from that rotation",
        },
        ...((): Case[] => {
          const rng = caseRng(736);
          const stretch: Mat3 = [
            random.uniform(rng, 0.5, 3),
            0,
            0,
            0,
            random.uniform(rng, 0.5, 3),
            0,
            0,
            0,
            random.uniform(rng, 0.5, 3),
          ];
          // R·S from R, S symmetric positive definite: ω = 0 to rounding.
          const q = random.unitQuat(rng);
          const axes = randomRotation(rng);
          const s = mat3.multiply(axes, mat3.multiply(stretch, mat3.transpose(axes)));
          return [
            {
              fn: "mullerStep",
              args: [stretch, IDENTITY],
              label: "a random positive diagonal m from the identity: ω = 0 exactly",
            },
            {
              fn: "mullerStep",
              args: [mat3.multiply(quat.toMat3(q), s), q],
              label: "R·S from R (S symmetric positive definite)",
            },
          ];
        })(),
      ],
    },
    // Guards: the loop converges to the nearest rotation at tolerance 1e-12 (fact 7.1, R·S from the
    // identity).
    {
      name: "the loop reaches the nearest rotation",
      points: 2,
      comparison: CONVERGED,
      cases: () => [
        { fn: "mullerRotation", args: [M71, IDENTITY, 1e-12, 100], label: "fact 7.1 from the identity" },
        ...generated("mullerRotation", 733, 10, (rng): [Mat3, Quat, number, number] => [
          rotatedStretch(rng),
          IDENTITY,
          1e-12,
          200,
        ]).map((c) => ({ ...c, label: "R·S (S's eigenvalues in [0.5, 2]) from the identity, tolerance 1e-12" })),
      ],
    },
    // Guards: "stop as soon as |ω| ≤ tolerance (without applying that last, tiny step) or after
    // maxIterations", and 0 steps: the normalized start.
    {
      name: "stops at the tolerance and at the step limit",
      points: 2,
      comparison: SAME_STEPS,
      cases: () => [
        { fn: "mullerRotation", args: [M71, IDENTITY, 1e-12, 3], label: "fact 7.1, at most 3 steps" },
        { fn: "mullerRotation", args: [M71, IDENTITY, 1e-3, 100], label: "fact 7.1, tolerance 1e-3 rad (5 steps)" },
        { fn: "mullerRotation", args: [M71, IDENTITY, 0.05, 100], label: "fact 7.1, tolerance 0.05 rad (1 step)" },
        { fn: "mullerRotation", args: [M71, [0, 0, 0.3, 1], 1e-12, 0], label: "0 steps: the normalized start" },
        ...((): Case[] => {
          const rng = caseRng(734);
          const q = random.unitQuat(rng);
          const m = turnedShear(q, random.uniform(rng, 0.15, 0.6));
          const steps = 1 + Math.floor(rng() * 4);
          const tolerance = 10 ** random.uniform(rng, -4, -1.5);
          const start = aboutTurnedZ(q, random.uniform(rng, -0.5, 0.5));
          const scale = random.uniform(rng, 0.3, 3);
          return [
            {
              fn: "mullerRotation",
              args: [m, IDENTITY, 1e-12, steps],
              label: `a turned shear, at most ${steps} steps`,
            },
            { fn: "mullerRotation", args: [m, IDENTITY, tolerance, 100], label: "a turned shear, a random tolerance" },
            {
              fn: "mullerRotation",
              args: [m, start.map((x) => x * scale) as Quat, 1e-12, 0],
              label: "0 steps: the normalized start",
            },
          ];
        })(),
      ],
    },
    // Guards: "starting from start — last frame's answer": fact 7.3's frames, warm, at several tolerances.
    {
      name: "a warm start from the previous frame",
      points: 1,
      comparison: SAME_STEPS,
      cases: () => [
        ...warmFrames(1e-3),
        ...warmFrames(1e-6),
        // fact 7.3's animation at a random frame, turned by a random rotation.
        ...((): Case[] => {
          const rng = caseRng(735);
          const frame = 2 + Math.floor(rng() * 30);
          const q = random.unitQuat(rng);
          return [1e-3, 1e-6].map((tolerance): Case => {
            const before = turnedShear(q, 0.3 + 0.01 * (frame - 1));
            const start = decompose.mullerRotation(before, { tolerance }).rotation;
            return {
              fn: "mullerRotation",
              args: [turnedShear(q, 0.3 + 0.01 * frame), start, tolerance, 100],
              label: `frame ${frame} of fact 7.3 turned, warm from the previous frame, tolerance ${tolerance}`,
            };
          });
        })(),
      ],
    },
  ],
});
