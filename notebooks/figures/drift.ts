/**
 * Drift (chapter 01, section 5): a rotation matrix updated step after step stops being a rotation.
 *
 * Two mechanisms, both about the same fixed axis {@link DRIFT_AXIS}:
 * - **rounding**: R ← ΔR·R with a proper rotation ΔR, each product rounded (to float32 on a GPU). Every
 *   rounding is tiny, but the stored ΔR is itself rounded, so every step repeats the same small error
 *   and ‖RᵀR − I‖ grows about linearly. Re-orthonormalizing (Gram–Schmidt) now and then bounds it.
 * - **adding derivatives**: R ← R + [ω]×R (Euler's method on Ṙ = [ω]×R). The step I + [ω]× is not a
 *   rotation at all: it stretches by √(1 + φ²) each time, so det R = (1 + φ²)^k even in exact arithmetic.
 *
 * Errors are measured with `mat3.orthonormalityError`, the Frobenius norm ‖RᵀR − I‖_F (0 for a rotation).
 */

import { type Mat3, type Vec3, axisAngle, mat3, vec3 } from "../../lib/index.ts";

/** The axis every drift experiment turns about (not unit length: each use normalizes it). */
export const DRIFT_AXIS: Readonly<Vec3> = [0.3, 1, 0.5];

/** What is kept of a matrix after each step: all of it (float64), or its float32 rounding. */
export type Rounding = (m: Mat3) => Mat3;

/**
 * Rounds every entry to the nearest float32, as a `Float32Array` or a GPU would store it. Written out
 * entry by entry: chapter 01's drift slider rounds 40 000 matrices a move, which `m.map(Math.fround)`
 * took 5.3 ms for in Chromium and this takes 1.4 ms.
 */
export const toFloat32: Rounding = (m) => [
  Math.fround(m[0]),
  Math.fround(m[1]),
  Math.fround(m[2]),
  Math.fround(m[3]),
  Math.fround(m[4]),
  Math.fround(m[5]),
  Math.fround(m[6]),
  Math.fround(m[7]),
  Math.fround(m[8]),
];

/** One point of a drift chart: the error after `step` steps of `method`. */
export interface DriftRow {
  step: number;
  error: number;
  method: string;
}

/** The chart's floor: an error of exactly 0 has no place on a log axis, so errors below 1e-17 are drawn there. */
const FLOOR = 1e-17;

export interface DriftOptions {
  /** "float32" rounds after every product, "float64" keeps the double. */
  precision: "float32" | "float64";
  /** Gram–Schmidt the repaired copy every `every` steps. */
  every: number;
  /** The small rotation per step, in radians. */
  angleRad: number;
  /** How many steps to compose. */
  steps: number;
}

/**
 * Composes `steps` small rotations in the chosen precision twice, once left alone ("no repair") and once
 * repaired every `every` steps, and records for each window of 200 steps the error of the unrepaired
 * matrix and the largest error the repaired one reached in that window (its worst, just before a repair).
 */
export function driftWithRepair({ precision, every, angleRad, steps }: DriftOptions): DriftRow[] {
  const round: Rounding = precision === "float32" ? toFloat32 : (m) => m;
  const delta = round(axisAngle.toMat3(DRIFT_AXIS, angleRad));
  const repairedName = `Gram–Schmidt every ${every}`;
  let plain = mat3.identity();
  let repaired = mat3.identity();
  let worst = 0;
  const rows: DriftRow[] = [];
  for (let k = 1; k <= steps; k++) {
    plain = round(mat3.multiply(delta, plain, plain)); // in place: no step keeps its matrix
    repaired = round(mat3.multiply(delta, repaired, repaired));
    worst = Math.max(worst, mat3.orthonormalityError(repaired));
    if (k % every === 0) repaired = round(mat3.gramSchmidt(repaired));
    if (k % 200 === 0) {
      rows.push({ step: k, error: Math.max(mat3.orthonormalityError(plain), FLOOR), method: "no repair" });
      rows.push({ step: k, error: Math.max(worst, FLOOR), method: repairedName });
      worst = 0;
    }
  }
  return rows;
}

/**
 * R ← R + [ω]×R, i.e. R ← (I + [ω]×)R, with |ω| = `angleRad` per step about {@link DRIFT_AXIS}, in float64.
 * Returns R after 0, 1, …, `steps` steps (the first is the identity).
 */
export function addDerivatives(angleRad: number, steps: number): Mat3[] {
  const omega = mat3.crossMatrix(vec3.scale(vec3.normalize(DRIFT_AXIS), angleRad));
  const out: Mat3[] = [mat3.identity()];
  for (let k = 1; k <= steps; k++) {
    const r = out[k - 1]!;
    const dr = mat3.multiply(omega, r);
    out.push(r.map((x, i) => x + dr[i]!) as Mat3);
  }
  return out;
}

/** R ← ΔR·R with the proper rotation ΔR by `angleRad` about {@link DRIFT_AXIS}, `round`ed after each step; R after 0…`steps` steps. */
export function multiplyRotations(angleRad: number, steps: number, round: Rounding): Mat3[] {
  const delta = round(axisAngle.toMat3(DRIFT_AXIS, angleRad));
  const out: Mat3[] = [mat3.identity()];
  for (let k = 1; k <= steps; k++) out.push(round(mat3.multiply(delta, out[k - 1]!)));
  return out;
}

/** Chart rows of ‖RᵀR − I‖ for each named sequence of matrices, every `every`-th step (step 0 left out). */
export function orthonormalityRows(sequences: Readonly<Record<string, readonly Mat3[]>>, every: number): DriftRow[] {
  return Object.entries(sequences).flatMap(([method, ms]) =>
    ms.flatMap((m, step) =>
      step > 0 && step % every === 0 ? [{ step, error: Math.max(mat3.orthonormalityError(m), FLOOR), method }] : [],
    ),
  );
}
