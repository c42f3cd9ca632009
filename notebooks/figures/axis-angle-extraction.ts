/**
 * Back from a matrix to axis–angle, and where it loses digits (chapter 03, section 4).
 *
 * A rotation matrix R by θ about n has trace tr R = 1 + 2 cos θ and skew part
 * s = (R₃₂ − R₂₃, R₁₃ − R₃₁, R₂₁ − R₁₂) = 2 sin θ n. The usual ways back are
 * - angle = acos((tr R − 1)/2): acos is flat at ±1, so near θ = 0 and θ = π it loses half the digits;
 * - angle = atan2(|s|, tr R − 1): well conditioned everywhere;
 * - axis = s/|s|: fine near 0, but s → 0 near π, where the rounding of R is all that is left of it;
 * - axis from `axisAngle.fromMat3`, which near π reads the axis from the symmetric part R + Rᵀ instead.
 * {@link extractionSweep} measures all four against the known θ and n as θ approaches 0 or π.
 */

import { type Mat3, type Vec3, axisAngle, vec3 } from "../../lib/index.ts";

/** The four ways back, in the order {@link extractionErrors} returns their errors (the chart's legend). */
export const EXTRACTION_METHODS = [
  "angle: acos((tr − 1)/2)",
  "angle: atan2(|s|, tr − 1)",
  "axis: s/|s| (skew part)",
  "axis: axisAngle.fromMat3",
] as const;

export type ExtractionMethod = (typeof EXTRACTION_METHODS)[number];

/** The errors (rad) of the four ways back from `m`, which turns by `theta` about the unit `axis`. */
export function extractionErrors(m: Readonly<Mat3>, axis: Readonly<Vec3>, theta: number): number[] {
  const tr = m[0] + m[4] + m[8];
  const skew: Vec3 = [m[5] - m[7], m[6] - m[2], m[1] - m[3]];
  return [
    Math.abs(Math.acos(Math.min(1, Math.max(-1, (tr - 1) / 2))) - theta),
    Math.abs(Math.atan2(vec3.length(skew), tr - 1) - theta),
    vec3.angleBetween(skew, axis),
    vec3.angleBetween(axisAngle.fromMat3(m).axis, axis),
  ];
}

/** One point of the sweep: the worst error of `method` over the axes, at distance `d` from the delicate end. */
export interface ExtractionRow {
  d: number;
  error: number;
  method: ExtractionMethod;
}

/**
 * For 45 distances d from 1e-12 to 1e-1 (four a decade), θ = d (towards 0) or θ = π − d (towards π): the
 * worst error of each way back over `axes`. Worst of several axes, because with one axis alone some
 * roundings cancel exactly and the line is ragged. Errors below 1e-17 (exact) are drawn at 1e-17.
 */
export function extractionSweep(end: "0" | "π", axes: readonly Readonly<Vec3>[]): ExtractionRow[] {
  return Array.from({ length: 45 }, (_, k) => 10 ** (-12 + k * 0.25)).flatMap((d) => {
    const theta = end === "0" ? d : Math.PI - d;
    const worst = [0, 0, 0, 0];
    for (const n of axes)
      extractionErrors(axisAngle.toMat3(n, theta), n, theta).forEach((x, i) => (worst[i] = Math.max(worst[i]!, x)));
    return EXTRACTION_METHODS.map((method, i) => ({ d, error: Math.max(worst[i]!, 1e-17), method }));
  });
}
