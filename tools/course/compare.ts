/**
 * Judging an answer: each comparison of the manifest, returning whether it passes and an error a
 * student can act on — in degrees for rotations, as the largest difference for numbers. Used by the
 * checker, the grader (on the trusted side) and the notebooks' "your turn" panels (in the browser),
 * so it imports only `lib/`.
 */

import { type Mat3, type Quat, axisAngle, euler, mat3, quat, scalar } from "../../lib/index.ts";
import type { Comparison } from "./types.ts";

/** The verdict on one case. */
export interface Verdict {
  pass: boolean;
  /** The error in human units, e.g. "off by 2.31°" or "largest difference 0.5 at [3]". */
  error: string;
  /** The error as a number in the comparison's unit (degrees for rotations), for tables and plots. */
  amount: number;
}

/** Default angle tolerance for rotation comparisons: 1e-9 rad ≈ 6e-8°. */
export const ROTATION_TOLERANCE_RAD = 1e-9;

const isNumberArray = (x: unknown, length?: number): x is number[] =>
  Array.isArray(x) && (length === undefined || x.length === length) && x.every((v) => typeof v === "number");

/** A short human description of a value, for messages (arrays rounded to 6 significant digits). */
export function describe(value: unknown): string {
  if (typeof value === "number") return Number.isFinite(value) ? String(Number(value.toPrecision(6))) : String(value);
  if (Array.isArray(value)) return `[${value.map(describe).join(", ")}]`;
  if (value === undefined) return "undefined";
  if (value !== null && typeof value === "object") {
    return `{${Object.entries(value)
      .map(([k, v]) => `${k}: ${describe(v)}`)
      .join(", ")}}`;
  }
  return JSON.stringify(value) ?? String(value);
}

const fail = (error: string, amount = Number.NaN): Verdict => ({ pass: false, error, amount });

/** `got` is `expected` within the tolerance, as a rotation angle in degrees. */
function rotationVerdict(angleRad: number, toleranceRad: number): Verdict {
  const deg = scalar.radToDeg(angleRad);
  const shown = deg >= 0.01 ? `${deg.toFixed(3)}°` : `${deg.toExponential(2)}°`;
  return { pass: angleRad <= toleranceRad, error: angleRad <= toleranceRad ? "" : `off by ${shown}`, amount: deg };
}

/** The shape problem of a would-be rotation matrix, or undefined if it is one (to 1e-6). */
function notARotation(m: unknown): string | undefined {
  if (!isNumberArray(m, 9)) return `expected 9 numbers (a Mat3), got ${describe(m)}`;
  if (!m.every(Number.isFinite)) return `the matrix has non-finite entries: ${describe(m)}`;
  const err = mat3.orthonormalityError(m as Mat3);
  if (err > 1e-6) return `not a rotation: ‖RᵀR − I‖ = ${err.toExponential(2)}`;
  if (mat3.determinant(m as Mat3) < 0) return "not a rotation: determinant −1 (a reflection)";
  return undefined;
}

/** Compares `got` with `expected` as the comparison says. Never throws: odd values fail with a reason. */
export function compare(got: unknown, expected: unknown, comparison: Comparison): Verdict {
  try {
    switch (comparison.kind) {
      case "exact": {
        const pass = JSON.stringify(got) === JSON.stringify(expected);
        return { pass, error: pass ? "" : `expected ${describe(expected)}`, amount: pass ? 0 : 1 };
      }
      case "numbers": {
        const tol = { atol: comparison.atol ?? scalar.EPSILON, rtol: comparison.rtol ?? scalar.EPSILON };
        const g = typeof got === "number" ? [got] : got;
        const e = typeof expected === "number" ? [expected] : (expected as number[]);
        if (!isNumberArray(g, e.length))
          return fail(`expected ${e.length === 1 ? "a number" : `${e.length} numbers`}, got ${describe(got)}`);
        let worst = -1;
        let at = -1;
        for (let i = 0; i < e.length; i++) {
          const d = Math.abs(g[i]! - e[i]!);
          if (!scalar.approxEqual(g[i]!, e[i]!, tol) && !(d <= worst)) [worst, at] = [d, i]; // NaN counts as worst
        }
        if (at < 0) return { pass: true, error: "", amount: 0 };
        return fail(`largest difference ${describe(worst)}${e.length > 1 ? ` at [${at}]` : ""}`, worst);
      }
      case "rotationMatrix": {
        const problem = notARotation(got);
        if (problem) return fail(problem);
        const angle = quat.angleBetween(quat.fromMat3(got as Mat3), quat.fromMat3(expected as Mat3));
        return rotationVerdict(angle, comparison.toleranceRad ?? ROTATION_TOLERANCE_RAD);
      }
      case "rotationQuat": {
        if (!isNumberArray(got, 4) || !got.every(Number.isFinite))
          return fail(`expected 4 numbers [x, y, z, w], got ${describe(got)}`);
        const len = quat.length(got as Quat);
        if (Math.abs(len - 1) > 1e-9) return fail(`not unit length: |q| = ${len.toPrecision(12)}`, Math.abs(len - 1));
        return rotationVerdict(
          quat.angleBetween(got as Quat, expected as Quat),
          comparison.toleranceRad ?? ROTATION_TOLERANCE_RAD,
        );
      }
      case "eulerAngles": {
        if (!isNumberArray(got, 3) || !got.every(Number.isFinite))
          return fail(`expected 3 angles, got ${describe(got)}`);
        const order = comparison.order as euler.EulerOrder;
        const frame = comparison.frame ?? "intrinsic";
        const a = quat.fromMat3(euler.toMat3(got as euler.EulerAngles, order, frame));
        const b = quat.fromMat3(euler.toMat3(expected as euler.EulerAngles, order, frame));
        return rotationVerdict(quat.angleBetween(a, b), comparison.toleranceRad ?? ROTATION_TOLERANCE_RAD);
      }
      case "axisAngle": {
        const g = got as { axis?: unknown; angle?: unknown } | null;
        if (!g || !isNumberArray(g.axis, 3) || typeof g.angle !== "number") {
          return fail(`expected {axis: [x, y, z], angle}, got ${describe(got)}`);
        }
        const e = expected as { axis: [number, number, number]; angle: number };
        const a = quat.fromMat3(axisAngle.toMat3(g.axis as [number, number, number], g.angle));
        return rotationVerdict(
          quat.angleBetween(a, quat.fromMat3(axisAngle.toMat3(e.axis, e.angle))),
          comparison.toleranceRad ?? ROTATION_TOLERANCE_RAD,
        );
      }
    }
  } catch (error) {
    return fail(`could not be compared: ${(error as Error).message}`);
  }
}
