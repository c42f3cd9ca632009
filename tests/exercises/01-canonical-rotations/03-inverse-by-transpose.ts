/** The inverse is the transpose: the checks of exercises/01-canonical-rotations/03-inverse-by-transpose.ts. */

import { type Mat3, axisAngle, mat3, random, scalar } from "../../../lib/index.ts";
import { type Comparison, defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/01-canonical-rotations/03-inverse-by-transpose.ts";
import { LANDMARK_ANGLES, generated, randomRotation } from "../cases.ts";

/**
 * Entry by entry. Transposing moves numbers without rounding; 1e-14 leaves room for an inverse computed
 * another valid way (cofactors over the determinant rounds at ~1e-16), while a wrong entry is off by O(1).
 */
const ENTRIES = { kind: "numbers", atol: 1e-14, rtol: 0 } satisfies Comparison;
const EXACT = { kind: "exact" } satisfies Comparison;

/** `m` with entry `i` (column-major) moved by `by`. */
const nudged = (m: Mat3, i: number, by: number): Mat3 => m.map((x, k) => (k === i ? x + by : x)) as Mat3;
/** `m` with every entry multiplied by `k`. */
const scaled = (m: Mat3, k: number): Mat3 => m.map((x) => x * k) as Mat3;
/** `m` with every entry rounded to float32, as a GPU buffer holds it: ‖mᵀm − I‖ ~ 1e-7. */
const float32 = (m: Mat3): Mat3 => m.map(Math.fround) as Mat3;

export default defineExercise<typeof solution>({
  title: "The inverse is the transpose",
  uses: ["scalar", "vec3"],
  hints: [
    "Transposing swaps rows and columns: entry (r, c) of the result is entry (c, r) of m, i.e. out[3c + r] = m[3r + c].",
    "Entry (i, j) of mᵀm is the dot product of columns i and j: check it is 1 on the diagonal and 0 elsewhere, within the tolerance.",
    "A mirror has orthonormal columns too: also check that the determinant is +1. And use the tolerance you are given, not one of your own.",
  ],
  checks: [
    // Guards: inverseRotation returns mᵀ (entry (r, c) from (c, r)), for Ry at the landmarks and random canonical
    // rotations.
    {
      name: "inverse of canonical rotations",
      points: 2,
      comparison: ENTRIES,
      cases: () => [
        ...LANDMARK_ANGLES.map((a) => ({
          fn: "inverseRotation" as const,
          args: [mat3.rotationY(a)] as [Mat3],
          label: `Ry(${scalar.radToDeg(a).toFixed(0)}°)`,
        })),
        // A canonical rotation about a random one of X, Y, Z by a random angle.
        ...generated("inverseRotation", 303, 4, (rng): [Mat3] => {
          const about = [mat3.rotationX, mat3.rotationY, mat3.rotationZ][Math.floor(rng() * 3)]!;
          return [about(random.uniform(rng, -Math.PI, Math.PI))];
        }).map((c) => ({ ...c, label: "a canonical rotation, random axis and angle" })),
      ],
    },
    // Guards: the same for general rotations (no zero pattern to hide a wrong index).
    // Guards: "`mᵀ`, a new matrix; `m` is left unchanged": every case also fails if the call changed an argument (inputs: "unchanged").
    {
      name: "inverse of composed rotations",
      inputs: "unchanged",
      points: 2,
      comparison: ENTRIES,
      cases: () => generated("inverseRotation", 301, 20, (rng): [Mat3] => [randomRotation(rng)]),
    },
    // Guards: isRotation is true for rotations (with their ~1e-16 of rounding) at the default tolerance 1e-9.
    {
      name: "recognises rotations",
      points: 1,
      comparison: EXACT,
      cases: () => [
        { fn: "isRotation", args: [mat3.identity()], label: "identity" },
        { fn: "isRotation", args: [mat3.rotationZ(1)], label: "Rz(1)" },
        { fn: "isRotation", args: [axisAngle.toMat3([1, 2, 3], 2)], label: "2 rad about (1, 2, 3)" },
        ...generated("isRotation", 302, 5, (rng): [Mat3] => [randomRotation(rng)]),
      ],
    },
    // Guards: false for a scaling, a shear with det 1 (RᵀR ≠ I), a mirror and −R (det −1), and the zero
    // matrix — each test (orthonormal columns, det +1) needed on its own.
    {
      name: "rejects scalings, shears and mirrors",
      points: 2,
      comparison: EXACT,
      cases: () => [
        { fn: "isRotation", args: [[2, 0, 0, 0, 2, 0, 0, 0, 2]], label: "scaling by 2" },
        { fn: "isRotation", args: [[1, 0, 0, 0.1, 1, 0, 0, 0, 1]], label: "shear (det 1)" },
        { fn: "isRotation", args: [[-1, 0, 0, 0, 1, 0, 0, 0, 1]], label: "mirror in the YZ plane" },
        { fn: "isRotation", args: [scaled(axisAngle.toMat3([1, 2, 3], 2), -1)], label: "a rotation negated (det −1)" },
        { fn: "isRotation", args: [[0, 0, 0, 0, 0, 0, 0, 0, 0]], label: "zero matrix" },
        // The same kinds at random: a random rotation scaled by 0.3 … 0.8 or 1.25 … 3, sheared (det 1) by
        // 0.05 … 1, or with one column negated (det −1).
        ...generated("isRotation", 304, 1, (rng): [Mat3] => {
          const k = rng() < 0.5 ? random.uniform(rng, 0.3, 0.8) : random.uniform(rng, 1.25, 3);
          return [scaled(randomRotation(rng), k)];
        }).map((c) => ({ ...c, label: "a random rotation, scaled" })),
        ...generated("isRotation", 305, 1, (rng): [Mat3] => {
          const s = (rng() < 0.5 ? -1 : 1) * random.uniform(rng, 0.05, 1);
          const shear: Mat3 = [1, 0, 0, 0, 1, 0, 0, 0, 1];
          shear[3 * (1 + Math.floor(rng() * 2))] = s; // row 0 of column 1 or 2: det stays 1
          return [mat3.multiply(randomRotation(rng), shear)];
        }).map((c) => ({ ...c, label: "a random rotation times a shear (det 1)" })),
        ...generated("isRotation", 306, 1, (rng): [Mat3] => {
          const col = Math.floor(rng() * 3);
          return [randomRotation(rng).map((x, i) => (Math.floor(i / 3) === col ? -x : x)) as Mat3];
        }).map((c) => ({ ...c, label: "a random rotation with one column negated (det −1)" })),
      ],
    },
    // Guards: "within tolerance" with the tolerance passed in: 1e-10 and 1e-6 off against 1e-9, 1e-5 and 1e-6,
    // float32 entries (~3e-8 off) against 1e-9 and 1e-6. (No case sits exactly at the tolerance: there
    // rounding of the dot products would decide.)
    {
      name: "uses the tolerance",
      points: 1,
      hidden: true,
      comparison: EXACT,
      cases: () => [
        { fn: "isRotation", args: [nudged(mat3.rotationX(1), 0, 1e-10)], label: "Rx(1), one entry + 1e-10" },
        { fn: "isRotation", args: [nudged(mat3.rotationX(1), 0, 1e-6)], label: "Rx(1), one entry + 1e-6" },
        { fn: "isRotation", args: [nudged(mat3.rotationX(1), 0, 1e-6), 1e-5], label: "the same, tolerance 1e-5" },
        { fn: "isRotation", args: [scaled(mat3.rotationZ(0.7), 1 + 2e-7)], label: "Rz(0.7) scaled by 1 + 2e-7" },
        {
          fn: "isRotation",
          args: [float32(axisAngle.toMat3([1, 2, 3], 2)), 1e-9],
          label: "float32 entries, tolerance 1e-9",
        },
        {
          fn: "isRotation",
          args: [float32(axisAngle.toMat3([1, 2, 3], 2)), 1e-6],
          label: "float32 entries, tolerance 1e-6",
        },
      ],
    },
  ],
});
