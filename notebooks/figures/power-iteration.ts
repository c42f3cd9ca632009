/**
 * The arithmetic behind chapter 09 (fitting lines and planes): the angle between two lines, Smith's closed
 * form for a symmetric 3×3 matrix's eigenvalues, power iteration run step by step for a chart, and the
 * blog's simultaneous plane fit transcribed as it is, so the chapter can show where each one works and
 * where it breaks. Matrices are the library's column-major `Mat3` (a scatter matrix is symmetric anyway).
 */

import { type Mat3, type Vec3, fit, mat3, scalar, vec3 } from "../../lib/index.ts";

/**
 * The angle between two lines (rad), that is between directions up to sign (d ≡ −d): in [0, π/2]. Computed
 * as atan2(|a × b|, |a · b|), which stays accurate near 0 and near 90°, where acos of the dot product loses
 * half its digits.
 */
export function lineAngle(a: Readonly<Vec3>, b: Readonly<Vec3>): number {
  return Math.atan2(vec3.length(vec3.cross(a, b)), Math.abs(vec3.dot(a, b)));
}

/**
 * Smith's closed form (CACM 1961) for a symmetric 3×3 `s`: its eigenvalues, descending, from the cubic's
 * trigonometric solution, and the top eigenvector e₁ as the longest cross product of two rows of S − λ₁I
 * (each row is ⟂ e₁). Fast and branch-free, but it loses digits when eigenvalues nearly coincide.
 */
export function symmetricEigenClosedForm(s: Readonly<Mat3>): { values: [number, number, number]; top: Vec3 } {
  const q = (s[0] + s[4] + s[8]) / 3;
  const shifted = s.map((x, i) => (i % 4 === 0 ? x - q : x)) as Mat3;
  const p = Math.sqrt(shifted.reduce((sum, x) => sum + x * x, 0) / 6);
  const half = p === 0 ? 0 : mat3.determinant(shifted.map((x) => x / p) as Mat3) / 2;
  const phi = Math.acos(scalar.clamp(half, -1, 1)) / 3; // rounding can push det B / 2 just past ±1
  const l1 = q + 2 * p * Math.cos(phi);
  const l3 = q + 2 * p * Math.cos(phi + (2 * Math.PI) / 3);
  const rows = [0, 1, 2].map((r): Vec3 => [
    s[r]! - (r === 0 ? l1 : 0),
    s[3 + r]! - (r === 1 ? l1 : 0),
    s[6 + r]! - (r === 2 ? l1 : 0),
  ]);
  const crosses = [vec3.cross(rows[0]!, rows[1]!), vec3.cross(rows[0]!, rows[2]!), vec3.cross(rows[1]!, rows[2]!)];
  const top = crosses.reduce((a, b) => (vec3.length(b) > vec3.length(a) ? b : a));
  return { values: [l1, 3 * q - l1 - l3, l3], top: vec3.normalize(top) };
}

/** One point of a power-iteration chart: after `k` steps, the angle from the best line (°), for the run `what`. */
export interface PowerStepRow {
  k: number;
  errorDeg: number;
  what: string;
}

/**
 * Power iteration on `s` from `start`, `steps` steps (fit.powerStep, which normalizes and refuses a zero
 * S·d): after each step the angle (°) between the estimate and the line `best`, floored at `floorDeg` when
 * one is given (a log axis cannot show 0). A start ⟂ to `best` by a little ε stays near 90° for about
 * log(1/ε)/log(λ₁/λ₂) steps before it falls; one exactly ⟂ never leaves.
 */
export function powerStepRows(
  s: Readonly<Mat3>,
  start: Readonly<Vec3>,
  best: Readonly<Vec3>,
  steps: number,
  what: string,
  floorDeg?: number,
): PowerStepRow[] {
  const rows: PowerStepRow[] = [];
  let d: Vec3 = [...start];
  for (let k = 0; k <= steps; k++) {
    const errorDeg = scalar.radToDeg(lineAngle(d, best));
    rows.push({ k, errorDeg: floorDeg === undefined ? errorDeg : Math.max(errorDeg, floorDeg), what });
    d = fit.powerStep(s, d);
  }
  return rows;
}

/**
 * The blog's simultaneous plane fit, transcribed: from the fixed starts x and y, 100 steps in which the
 * primary direction is multiplied by S and normalized and the secondary is too, after being projected ⟂ the
 * primary; the normal is their cross product. There is no guard: a zero S·d (points on a plane through a
 * coordinate axis) gives NaN, as in the demo.
 */
export function blogPlaneNormal(points: readonly Vec3[]): Vec3 {
  const s = fit.scatter(points).matrix;
  const unit = (v: Vec3): Vec3 => vec3.scale(v, 1 / vec3.length(v)); // no guard, as in the demo
  let primary: Vec3 = [1, 0, 0];
  let secondary: Vec3 = [0, 1, 0];
  for (let i = 0; i < 100; i++) {
    primary = unit(mat3.transformVec3(s, primary));
    secondary = unit(vec3.projectOnPlane(mat3.transformVec3(s, secondary), primary));
  }
  return unit(vec3.cross(primary, secondary));
}
