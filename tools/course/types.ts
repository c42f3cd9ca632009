/**
 * The shapes of the course manifest: chapters, exercises, and the checks that grade them.
 *
 * A check is a named group of cases worth some points; it earns them when every case passes (partial
 * credit per check, not per case). A case calls one export of the exercise module with JSON arguments;
 * the expected value comes from the reference solution on the trusted side (or, in the student edition,
 * from the expected outputs exported at release time), and the comparison is the exercise's own.
 */

/** How a result is compared with the expected one. Every kind uses `|a − b| ≤ atol + rtol·|b|` underneath. */
export type Comparison =
  /** Numbers or arrays of numbers, entry by entry (error shown as the largest difference). */
  | { kind: "numbers"; atol?: number; rtol?: number }
  /** Two rotation matrices (column-major Mat3): the angle between them, and `got` must be a rotation. */
  | { kind: "rotationMatrix"; toleranceRad?: number }
  /** Two quaternions as rotations (`q ≡ −q`); `got` must be unit length. */
  | { kind: "rotationQuat"; toleranceRad?: number }
  /** Euler angles, compared through their matrices (several triples give the same rotation). */
  | { kind: "eulerAngles"; order: string; frame?: "intrinsic" | "extrinsic"; toleranceRad?: number }
  /** An `{axis, angle}` pair, compared as the rotation it describes. */
  | { kind: "axisAngle"; toleranceRad?: number }
  /** Booleans or strings, exactly. */
  | { kind: "exact" };

/** Arguments of one call: a JSON array (numbers, arrays, strings, booleans, plain objects). */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** One call of an exercise's export, and how to judge it. */
export interface Case {
  /** The export to call. */
  fn: string;
  /** Its arguments. */
  args: Json[];
  /** A short description shown in feedback, e.g. "axis (0, 1, 0), θ = 90°". */
  label?: string;
}

/** A named group of cases with points. */
export interface Check {
  name: string;
  points: number;
  /** Hidden checks are graded but not shipped in the student edition. */
  visibility: "visible" | "hidden";
  comparison: Comparison;
  /** The cases, generated from a fixed seed plus hand-picked edge cases: the same on every run. */
  cases: () => Case[];
}

/** One exercise: a file in `exercises/` (the student's) mirrored in `solutions/` (the reference). */
export interface Exercise {
  /** Unique id, used on the command line: e.g. "01-canonical-matrices". */
  id: string;
  title: string;
  /** The file, relative to `exercises/` and `solutions/`: e.g. "01-canonical-rotations/01-canonical-matrices.ts". */
  file: string;
  /** The exports the checks call (the type-level test also compares their types with the solution's). */
  exports: string[];
  /** Progressive hints, revealed one at a time by `npm run hint`. */
  hints: string[];
  /** Wall-clock limit for running all of this exercise's cases, ms. */
  timeLimitMs: number;
  checks: Check[];
}

export interface Chapter {
  /** e.g. "01-canonical-rotations", also the notebook's and the exercise folder's name. */
  id: string;
  title: string;
  exercises: Exercise[];
}

/** Total points of an exercise. */
export function pointsOf(exercise: Pick<Exercise, "checks">): number {
  return exercise.checks.reduce((sum, c) => sum + c.points, 0);
}
