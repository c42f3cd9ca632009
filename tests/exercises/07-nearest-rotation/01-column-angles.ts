/** How far a repair turned each column, and how far a matrix is from a rotation: the checks of exercises/07-nearest-rotation/01-column-angles.ts. */

import { type Mat3, decompose, mat3, quat, random, vec3 } from "../../../lib/index.ts";
import { type Call, type Comparison, defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/07-nearest-rotation/01-column-angles.ts";
import { caseRng, generated, randomRotation } from "../cases.ts";

/** Fact 7.1's basis: columns x = (1, 0.3, 0), y = (0, 1, 0), z = (0, 0, 1). */
const M71: Mat3 = [1, 0.3, 0, 0, 1, 0, 0, 0, 1];

/**
 * Angles through atan2 (or the half-angle formula) are accurate to a few 1e-16 rad at every size; 1e-14 rad
 * absolute leaves room for any such formula and refuses acos, which is off by up to ~1e-8 rad near 0.
 */
const ANGLES = { kind: "numbers", atol: 1e-14, rtol: 1e-12 } satisfies Comparison;

/**
 * ‖mᵀm − I‖ sums nine products of size ~|m|²: 1e-14 absolute covers their rounding (a rotation reads
 * ~1e-16 either way), 1e-9 relative any order of summation, and both refuse another norm (max entry,
 * half the off-diagonal terms, no square root), which is off by 10% or more.
 */
const ERROR = { kind: "numbers", atol: 1e-14, rtol: 1e-9 } satisfies Comparison;

/**
 * A random quarter-turn rotation (a signed permutation with det +1). Turning both matrices by it leaves every
 * column angle as it was, and it moves entries without rounding them: columns the repair left alone stay
 * exactly equal, as in fact 7.1 itself.
 */
const quarterTurns = (rng: random.Rng): Mat3 => {
  const perms = [
    [0, 1, 2],
    [1, 2, 0],
    [2, 0, 1],
    [0, 2, 1],
    [2, 1, 0],
    [1, 0, 2],
  ];
  const p = perms[Math.floor(rng() * perms.length)]!;
  const m = Array.from({ length: 9 }, () => 0) as Mat3;
  for (let c = 0; c < 3; c++) m[3 * c + p[c]!] = rng() < 0.5 ? -1 : 1;
  return mat3.determinant(m) > 0 ? m : (m.map((x) => -x) as Mat3);
};

/**
 * Fact 7.1's configuration at random: its basis (or the same one-column shear by a random s) and its repairs,
 * all turned by one random quarter-turn rotation, so the angles are the example's.
 */
const turnedExample = (seed: number): Call<typeof solution>[] => {
  const rng = caseRng(seed);
  const turn = quarterTurns(rng);
  const sheared: Mat3 = [1, random.uniform(rng, 0.1, 0.6), 0, 0, 1, 0, 0, 0, 1];
  const t = (m: Mat3) => mat3.multiply(turn, m);
  return [
    { fn: "columnAngles", args: [t(M71), t(mat3.gramSchmidt(M71))], label: "fact 7.1, Gram–Schmidt, turned" },
    {
      fn: "columnAngles",
      args: [t(sheared), t(decompose.polarRotation(sheared))],
      label: "a random shear, polar, turned",
    },
    { fn: "columnAngles", args: [t(sheared), turn], label: "a random shear against the identity, turned" },
    {
      fn: "columnAngles",
      args: [t([-1, 0, 0, 0, -1, 0, 0, 0, 1]), turn],
      label: "a half turn against the identity, turned",
    },
  ];
};

/** A random invertible matrix with entries in ±2. */
const randomMatrix = (rng: random.Rng): Mat3 => Array.from({ length: 9 }, () => random.uniform(rng, -2, 2)) as Mat3;

/** A rotation drifted by `size`: every entry moved by up to ±size, as rounding or noise moves it. */
const drifted = (rng: random.Rng, size: number): Mat3 =>
  randomRotation(rng).map((x) => x + random.uniform(rng, -size, size)) as Mat3;

/** A rotation and the same rotation turned by `angleRad` about a random axis: every column moves by ≤ angleRad. */
const nearlyEqual = (rng: random.Rng, angleRad: number): [Mat3, Mat3] => {
  const q = random.unitQuat(rng);
  return [quat.toMat3(q), quat.toMat3(quat.multiply(quat.fromAxisAngle(random.unitVector(rng), angleRad), q))];
};

/**
 * A random matrix against one whose columns point almost the other way: column j of `r` is column j of `m`
 * reversed, then tipped by δ = 1e-12 … 1e-5 rad towards a random perpendicular, and rescaled. Each angle is
 * π − δ, where acos(cos) and 2·asin(chord/2) have lost up to ε/δ (4.4e-11 at δ = 1e-6) while atan2 and the
 * half-angle formula keep ~1e-16 — the "also near π" of the promise.
 */
const nearlyOpposite = (rng: random.Rng): [Mat3, Mat3] => {
  const m = randomMatrix(rng);
  const r = ([0, 1, 2] as const).flatMap((j) => {
    const a = vec3.normalize(mat3.column(m, j));
    const p = vec3.normalize(vec3.cross(a, random.unitVector(rng)));
    const d = 10 ** random.uniform(rng, -12, -5);
    const length = 10 ** random.uniform(rng, -3, 3);
    return vec3.scale(vec3.add(vec3.scale(a, -Math.cos(d)), vec3.scale(p, Math.sin(d))), length);
  }) as Mat3;
  return [m, r];
};

export default defineExercise<typeof solution>({
  title: "How far each column turned, and how far from a rotation",
  uses: [
    "scalar",
    "vec3.add",
    "vec3.sub",
    "vec3.scale",
    "vec3.dot",
    "vec3.cross",
    "vec3.length",
    "vec3.normalize",
    "mat3.column",
    "mat3.transpose",
    "mat3.multiply",
  ],
  hints: [
    "Column j of a column-major Mat3 is m[3j], m[3j + 1], m[3j + 2] (mat3.column(m, j)). The angle between two vectors a and b does not depend on their lengths: normalize, or use a formula that divides the lengths out.",
    "atan2(|a × b|, a·b) is the angle for any lengths, and both arguments keep their relative precision: at 1e-9 rad, a·b/(|a||b|) has rounded to exactly 1 and acos gives 0, while |a × b| is still 1e-9·|a||b| to 16 digits.",
    "‖mᵀm − I‖_F: entry (i, j) of mᵀm is column i · column j. Subtract 1 on the diagonal, square all nine entries (each off-diagonal pair counts twice), add, take the square root.",
  ],
  checks: [
    // Guards: the angles of fact 7.1 (Gram–Schmidt, polar, identity) and exactly π (a half turn), to 1e-14.
    {
      name: "the chapter's example (fact 7.1)",
      points: 2,
      comparison: ANGLES,
      cases: () => [
        { fn: "columnAngles", args: [M71, mat3.gramSchmidt(M71)], label: "fact 7.1, Gram–Schmidt: 0°, 16.70°, 0°" },
        { fn: "columnAngles", args: [M71, decompose.polarRotation(M71)], label: "fact 7.1, polar: 8.17°, 8.53°, 0°" },
        { fn: "columnAngles", args: [M71, mat3.identity()], label: "fact 7.1 against the identity" },
        {
          fn: "columnAngles",
          args: [
            [-1, 0, 0, 0, -1, 0, 0, 0, 1],
            [1, 0, 0, 0, 1, 0, 0, 0, 1],
          ],
          label: "a half turn against the identity: π, π, 0",
        },
        ...turnedExample(715),
      ],
    },
    // Guards: "the angles do not depend on their lengths" — columns of length 0.001 … 50 (and ±2 entries).
    {
      // Lengths must divide out: a dot product of unnormalized columns is no cosine.
      name: "columns of any length",
      points: 1,
      comparison: ANGLES,
      cases: () => [
        {
          fn: "columnAngles",
          args: [[3, 0.9, 0, 0, 0.001, 0, 0, 0, 50], mat3.gramSchmidt(M71)],
          label: "fact 7.1's columns scaled by 3, 0.001, 50",
        },
        ...generated("columnAngles", 711, 10, (rng): [Mat3, Mat3] => [randomMatrix(rng), randomRotation(rng)]),
      ],
    },
    // Guards: "accurate to ~1e-16 rad … near 0": 1e-12 … 1e-5 rad, to 1e-14 absolute (acos reads 0 there).
    {
      name: "tiny angles (1e-12 … 1e-5 rad)",
      points: 2,
      comparison: ANGLES,
      cases: () =>
        generated("columnAngles", 712, 12, (rng) => nearlyEqual(rng, 10 ** random.uniform(rng, -12, -5))).map((c) => ({
          ...c,
          label: "a rotation and itself turned by 1e-12 … 1e-5 rad",
        })),
    },
    // Guards: "near π": π − 1e-12 … π − 1e-5 rad, columns of length 1e-3 … 1e3, to 1e-14 absolute.
    {
      name: "near π (π − 1e-12 … π − 1e-5 rad)",
      points: 1,
      comparison: ANGLES,
      cases: () =>
        generated("columnAngles", 716, 12, nearlyOpposite).map((c) => ({
          ...c,
          label: "columns against nearly reversed ones, π − 1e-12 … π − 1e-5 rad",
        })),
    },
    // Guards: ‖mᵀm − I‖_F (Frobenius, every entry), 0 for an exact reflection, ~1e-16 for a rounded rotation.
    {
      name: "orthonormality error",
      points: 2,
      comparison: ERROR,
      cases: () => [
        { fn: "orthonormalityError", args: [M71], label: "fact 7.1's basis" },
        { fn: "orthonormalityError", args: [[2, 0, 0, 0, 1, 0, 0, 0, 1]], label: "diag(2, 1, 1): 3" },
        { fn: "orthonormalityError", args: [[1, 0, 0, 0, -1, 0, 0, 0, 1]], label: "a reflection: 0" },
        { fn: "orthonormalityError", args: [mat3.rotationX(0.7)], label: "a rotation: ~1e-16" },
        ...generated("orthonormalityError", 713, 10, (rng): [Mat3] => [randomMatrix(rng)]),
      ],
    },
    // Guards: ‖mᵀm − I‖_F keeps its digits for a rotation drifted by 1e-10 … 1e-3 (rtol 1e-9).
    {
      name: "drifted rotations (1e-10 … 1e-3)",
      points: 1,
      comparison: ERROR,
      cases: () =>
        generated("orthonormalityError", 714, 12, (rng): [Mat3] => [
          drifted(rng, 10 ** random.uniform(rng, -10, -3)),
        ]).map((c) => ({ ...c, label: "a rotation, every entry moved by up to 1e-10 … 1e-3" })),
    },
  ],
});
