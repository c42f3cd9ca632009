/**
 * Chapter 05, section 5: four curves through the same five keyframe rotations — linear or cubic, quaternion
 * or Euler, the lecture's comparison — and their angular velocity ω (axis × speed), which is what the eye
 * reads as smooth or kinked motion. Piecewise slerp and piecewise Euler lerp change ω abruptly at every key;
 * squad and the Euler Catmull–Rom cubic do not. The Euler curves are re-expressed in the chosen axis order,
 * so they change with it while the quaternion curves, which belong to the rotations alone, do not.
 *
 * A spline is a function of u ∈ [0, segments], key i at u = i.
 */

import { type EulerAngles, type EulerOrder, type Quat, euler, interpolate, scalar, vec3 } from "../../lib/index.ts";
import { palette } from "./palette.ts";

/** The chapter's five keys, intrinsic XYZ angles in degrees. */
export const KEYFRAME_DEG: readonly EulerAngles[] = [
  [0, 0, 0],
  [60, 30, -20],
  [90, 70, 40],
  [20, 80, 120],
  [-30, 10, 150],
];

/** The five keys as quaternions. */
export function keyframeQuats(keysDeg: readonly EulerAngles[] = KEYFRAME_DEG): Quat[] {
  return keysDeg.map((k) => euler.toQuat(k.map(scalar.degToRad) as EulerAngles, "XYZ"));
}

/** The four splines, in the order of the chapter's legend. */
export const KEYFRAME_SPLINES = [
  "slerp, piecewise (linear, quaternion)",
  "squad (cubic, quaternion)",
  "Euler lerp, piecewise (linear, Euler)",
  "Euler Catmull–Rom (cubic, Euler)",
] as const;
export type KeyframeSpline = (typeof KEYFRAME_SPLINES)[number];

/** Each spline's colour, the same in the 3D view and in the charts. */
export const KEYFRAME_SPLINE_CSS: Record<KeyframeSpline, string> = {
  "slerp, piecewise (linear, quaternion)": palette.blue,
  "squad (cubic, quaternion)": palette.green,
  "Euler lerp, piecewise (linear, Euler)": palette.red,
  "Euler Catmull–Rom (cubic, Euler)": palette.violet,
};

/** The spline's short name, before its parenthesis ("squad"). */
export const splineShortName = (method: KeyframeSpline): string => method.split(" (")[0]!;

/** The four splines through `keys`; the Euler ones blend the angles of `order` (the same rotations, renamed). */
export function keyframeSplines(keys: readonly Quat[], order: EulerOrder): Record<KeyframeSpline, (u: number) => Quat> {
  const anglesInOrder = keys.map((q) => euler.fromQuat(q, order));
  return {
    "slerp, piecewise (linear, quaternion)": interpolate.slerpSpline(keys),
    "squad (cubic, quaternion)": interpolate.squadSpline(keys),
    "Euler lerp, piecewise (linear, Euler)": interpolate.eulerLinearSpline(anglesInOrder, order),
    "Euler Catmull–Rom (cubic, Euler)": interpolate.eulerCubicSpline(anglesInOrder, order),
  };
}

/** One sample of a spline's angular velocity, in world axes, rad per unit of u. */
export interface VelocityRow {
  u: number;
  speed: number;
  wx: number;
  wy: number;
  wz: number;
  method: KeyframeSpline;
}

/** Every spline's angular velocity, sampled `perSegment` times between neighbouring keys. */
export function splineVelocityRows(
  splines: Record<KeyframeSpline, (u: number) => Quat>,
  segments: number,
  perSegment = 100,
): VelocityRow[] {
  return KEYFRAME_SPLINES.flatMap((method) =>
    interpolate
      .angularVelocities(interpolate.sampleRotationPath((t) => splines[method](segments * t), perSegment * segments))
      .map((v) => ({
        u: segments * v.t,
        speed: v.speed / segments,
        wx: v.omega[0] / segments,
        wy: v.omega[1] / segments,
        wz: v.omega[2] / segments,
        method,
      })),
  );
}

/** How a spline behaves at its keys: the largest jump of ω, its peak speed, the angle it turns in all. */
export interface SplineJump {
  method: KeyframeSpline;
  /** max over the inner keys of |ω(u + h) − ω(u − h)|, rad per unit of u (h = 1e-4). */
  max: number;
  peak: number;
  turnedDeg: number;
}

/** {@link SplineJump} for each spline, from the splines and their {@link splineVelocityRows} (same `perSegment`). */
export function splineJumps(
  splines: Record<KeyframeSpline, (u: number) => Quat>,
  rows: readonly VelocityRow[],
  segments: number,
  perSegment = 100,
): SplineJump[] {
  return KEYFRAME_SPLINES.map((method) => {
    const h = 1e-4;
    const at = (u: number) =>
      interpolate.angularVelocities([
        { t: u, q: splines[method](u) },
        { t: u + h, q: splines[method](u + h) },
      ])[0]!.omega;
    const inner = Array.from({ length: segments - 1 }, (_, i) => i + 1);
    const sizes = inner.map((k) => vec3.length(vec3.sub(at(k), at(k - h))));
    const speeds = rows.filter((r) => r.method === method).map((r) => r.speed);
    const turnedDeg = scalar.radToDeg(speeds.reduce((sum, v) => sum + v / perSegment, 0));
    return { method, max: Math.max(...sizes), peak: Math.max(...speeds), turnedDeg };
  });
}

/** One spline's ω as three series (ωx, ωy, ωz) against u, for a chart of its components. */
export function omegaComponentRows(
  rows: readonly VelocityRow[],
  method: KeyframeSpline,
): { u: number; value: number; component: "ωx" | "ωy" | "ωz" }[] {
  return rows
    .filter((r) => r.method === method)
    .flatMap((r) => [
      { u: r.u, value: r.wx, component: "ωx" as const },
      { u: r.u, value: r.wy, component: "ωy" as const },
      { u: r.u, value: r.wz, component: "ωz" as const },
    ]);
}

/** A spline's sampled angular speed at the sample nearest `u` (rad per unit of u). */
export function speedNear(rows: readonly VelocityRow[], method: KeyframeSpline, u: number): number {
  let best: VelocityRow | undefined;
  for (const r of rows) if (r.method === method && (!best || Math.abs(r.u - u) < Math.abs(best.u - u))) best = r;
  return best?.speed ?? NaN;
}
