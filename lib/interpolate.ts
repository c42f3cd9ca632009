/**
 * Interpolating rotations: from the naive component-wise lerp, through nlerp,
 * to slerp and squad; plus tools to measure how fast a path turns.
 *
 * Unit quaternions live on the unit sphere in 4D. A straight line between two
 * of them (lerp) cuts through the inside of the sphere: it is not unit length,
 * and once normalized (nlerp) it sweeps the angle unevenly, fastest in the
 * middle. Slerp follows the great circle, at constant angular speed.
 * `q` and `−q` are the same rotation, so a path should first choose the sign
 * that makes it the short way round (`dot < 0` → negate one end).
 *
 * Angles are in radians; `t` runs from 0 (the start) to 1 (the end).
 *
 * @module interpolate
 */

import * as euler from "./euler.ts";
import type { EulerAngles, EulerFrame, EulerOrder } from "./euler.ts";
import * as quat from "./quat.ts";
import type { Quat } from "./quat.ts";
import { wrapAngle } from "./scalar.ts";
import type { Vec3 } from "./vec3.ts";

/**
 * Component-wise linear interpolation `(1 − t)a + t b` — the naive method,
 * kept for comparison: the result is *not* unit length in between (it cuts
 * through the 4D sphere), and it does not choose the short arc.
 * @example lerpQuat([0, 0, 0, 1], [0, 0, 1, 0], 0.5) // → [0, 0, 0.5, 0.5] (length ≈ 0.707)
 */
export function lerpQuat(a: Readonly<Quat>, b: Readonly<Quat>, t: number): Quat {
  const s = 1 - t;
  return [s * a[0] + t * b[0], s * a[1] + t * b[1], s * a[2] + t * b[2], s * a[3] + t * b[3]];
}

/**
 * Normalized lerp: lerp on the short arc, then normalize. Cheap, unit length,
 * the right path — but not constant speed: at 90° apart its angular speed
 * varies by a factor ≈ 1.17, at 179° by ≈ 2. A hot path: no input checks (NaN in, NaN out).
 * @param a - Start, a unit quaternion.
 * @param b - End, a unit quaternion.
 * @param t - Parameter in [0, 1].
 * @param out - Optional destination; may be `a` or `b`.
 * @returns `out` if given, else a new quaternion. Because `b` is first moved to
 *   `a`'s side, the lerp never passes through zero for unit inputs.
 * @example nlerp([0, 0, 0, 1], [0, 0, 1, 0], 0.5) // ≈ [0, 0, 0.7071, 0.7071]
 */
export function nlerp(a: Readonly<Quat>, b: Readonly<Quat>, t: number, out?: Quat): Quat {
  const bs = quat.dot(a, b) < 0 ? -t : t;
  const s = 1 - t;
  const x = s * a[0] + bs * b[0];
  const y = s * a[1] + bs * b[1];
  const z = s * a[2] + bs * b[2];
  const w = s * a[3] + bs * b[3];
  const inv = 1 / Math.sqrt(x * x + y * y + z * z + w * w);
  const o = out ?? (new Array(4) as Quat);
  o[0] = x * inv;
  o[1] = y * inv;
  o[2] = z * inv;
  o[3] = w * inv;
  return o;
}

/**
 * Spherical linear interpolation: the great-circle arc from `a` to `b`,
 * travelled at constant angular speed,
 * `slerp(a, b, t) = sin((1 − t)Ω)/sin Ω · a + sin(tΩ)/sin Ω · b`.
 *
 * - **Short arc**: when `a·b < 0`, `b` is replaced by `−b` (same rotation),
 *   so the path turns by at most π.
 * - **Accurate at every angle**: Ω, the angle between `a` and `b` in 4D, is
 *   `2·atan2(|a − b|, |a + b|)`, which keeps full precision even for rotations
 *   1e-10 rad apart (where `acos(a·b)` sees `a·b = 1` and gives 0). The weights
 *   `sin(tΩ)/sin Ω` are then accurate too, so the result stays unit length and
 *   on the arc — no unnormalized lerp fallback.
 * - `slerp(q, q, t)` returns `q` exactly (Ω = 0), never NaN.
 * - A hot path: no input checks (NaN in, NaN out); validate keys once, not per frame.
 *
 * @param a - Start, a unit quaternion.
 * @param b - End, a unit quaternion.
 * @param t - Parameter; 0 gives `a`, 1 gives `b` (or `−b`), outside [0, 1] extrapolates along the circle.
 * @param out - Optional destination; may be `a` or `b`.
 * @returns `out` if given, else a new quaternion.
 * @example slerp(quat.identity(), quat.fromAxisAngle([0, 0, 1], 1), 0.25) // ≈ quat.fromAxisAngle([0, 0, 1], 0.25)
 */
export function slerp(a: Readonly<Quat>, b: Readonly<Quat>, t: number, out?: Quat): Quat {
  return greatArc(a, b, t, true, out);
}

/**
 * Where {@link slerp} switches from `acos` to `atan2` for the angle: |cos Ω| < 0.875, i.e. Ω in
 * (29°, 151°), where sin Ω > 0.48 and `acos` passes on at most about twice the rounding of `cos Ω`.
 */
const ACOS_SAFE = 0.875;

/** The great-circle interpolation behind {@link slerp}; `shortArc` chooses whether to flip `b`. */
function greatArc(a: Readonly<Quat>, b: Readonly<Quat>, t: number, shortArc: boolean, out?: Quat): Quat {
  const ax = a[0],
    ay = a[1],
    az = a[2],
    aw = a[3];
  let bx = b[0],
    by = b[1],
    bz = b[2],
    bw = b[3];
  let c = ax * bx + ay * by + az * bz + aw * bw; // cos Ω
  if (shortArc && c < 0) {
    bx = -bx;
    by = -by;
    bz = -bz;
    bw = -bw;
    c = -c;
  }
  let wa = 1;
  let wb = 0;
  if (t === 1) {
    wa = 0; // the ends are exact: t = 0 gives a, t = 1 gives b
    wb = 1;
  } else if (t !== 0) {
    if (c > -ACOS_SAFE && c < ACOS_SAFE) {
      // Ω well away from 0 and π: acos(c) is as good as its argument there (an error δ in c moves Ω
      // by δ/sin Ω ≤ 2δ), and sin Ω = √((1 − c)(1 + c)) is then exact to rounding — one Math.sin fewer
      // than gl-matrix, which also pays for sin(acos(c)).
      const omega = Math.acos(c);
      const perSin = 1 / Math.sqrt((1 - c) * (1 + c));
      wa = Math.sin((1 - t) * omega) * perSin;
      wb = Math.sin(t * omega) * perSin;
    } else {
      // Near 0 (or π) acos loses half the digits (δΩ = δc/sin Ω), so here
      // Ω = 2·atan2(|a − b|, |a + b|): the 4D angle between a and b, full precision at every size; and
      // sin Ω = 2|a − b||a + b| / (|a − b|² + |a + b|²), the double-angle identity, saves a Math.sin.
      const dx = ax - bx,
        dy = ay - by,
        dz = az - bz,
        dw = aw - bw;
      const sx = ax + bx,
        sy = ay + by,
        sz = az + bz,
        sw = aw + bw;
      const d2 = dx * dx + dy * dy + dz * dz + dw * dw;
      const s2 = sx * sx + sy * sy + sz * sz + sw * sw;
      if (d2 !== 0) {
        const d = Math.sqrt(d2);
        const s = Math.sqrt(s2);
        const omega = 2 * Math.atan2(d, s);
        const sinOmega = (2 * d * s) / (d2 + s2);
        wa = Math.sin((1 - t) * omega) / sinOmega;
        wb = Math.sin(t * omega) / sinOmega;
      }
    }
  }
  const o = out ?? (new Array(4) as Quat);
  o[0] = wa * ax + wb * bx;
  o[1] = wa * ay + wb * by;
  o[2] = wa * az + wb * bz;
  o[3] = wa * aw + wb * bw;
  return o;
}

/**
 * The inner control point of squad at key `q` with neighbours `prev` and
 * `next` (Shoemake 1985):
 * `s = q · exp(−(log(q⁻¹·prev) + log(q⁻¹·next)) / 4)`.
 * Neighbours are first put on `q`'s side of the 4D sphere (short arcs).
 * @param prev - The key before `q` (use `q` itself at the first key).
 * @param q - The key, a unit quaternion.
 * @param next - The key after `q` (use `q` itself at the last key).
 * @example squadControlPoint(quat.identity(), quat.identity(), quat.identity()) // → [0, 0, 0, 1]
 */
export function squadControlPoint(prev: Readonly<Quat>, q: Readonly<Quat>, next: Readonly<Quat>): Quat {
  const inv = quat.conjugate(q);
  const lp = quat.log(quat.multiply(inv, shortSide(q, prev)));
  const ln = quat.log(quat.multiply(inv, shortSide(q, next)));
  const e = quat.exp([-(lp[0] + ln[0]) / 4, -(lp[1] + ln[1]) / 4, -(lp[2] + ln[2]) / 4, 0]);
  return quat.multiply(q, e);
}

/**
 * Spherical quadrangle interpolation between keys `q0` and `q1`, with inner
 * control points `s0`, `s1` ({@link squadControlPoint}):
 * `squad = slerp(slerp(q0, q1, t), slerp(s0, s1, t), 2t(1 − t))`.
 * Chained over keyframes it passes through every key with a continuous
 * angular velocity, unlike piecewise slerp, whose velocity jumps at each key.
 * @param t - Parameter in [0, 1] within this segment.
 * @example squad(quat.identity(), quat.identity(), quat.identity(), quat.identity(), 0.3) // ≈ [0, 0, 0, 1]
 */
export function squad(q0: Readonly<Quat>, q1: Readonly<Quat>, s0: Readonly<Quat>, s1: Readonly<Quat>, t: number): Quat {
  // No short-arc flips here: keys and control points were placed on purpose (see squadSpline).
  return greatArc(greatArc(q0, q1, t, false), greatArc(s0, s1, t, false), 2 * t * (1 - t), false);
}

/**
 * Puts consecutive keys on the same side of the 4D sphere (`qᵢ·qᵢ₊₁ ≥ 0`),
 * negating where needed, so that every segment is a short arc.
 * @example alignKeys([[0, 0, 0, 1], [0, 0, 0, -1]]) // → [[0, 0, 0, 1], [-0, -0, -0, 1]]
 */
export function alignKeys(keys: readonly Readonly<Quat>[]): Quat[] {
  const out: Quat[] = [];
  for (const k of keys) {
    const prev = out[out.length - 1];
    out.push(prev ? shortSide(prev, k) : [k[0], k[1], k[2], k[3]]);
  }
  return out;
}

function assertKeys(keys: readonly unknown[], where: string): void {
  if (keys.length < 2) throw new RangeError(`${where}: keys needs at least 2 rotations, got ${keys.length}`);
}

/** Splits a spline parameter `u ∈ [0, n − 1]` into a segment index and a local `t ∈ [0, 1]`. */
function segment(u: number, keyCount: number): [number, number] {
  const clamped = Math.min(Math.max(u, 0), keyCount - 1);
  const i = Math.min(Math.floor(clamped), keyCount - 2);
  return [i, clamped - i];
}

/**
 * Piecewise slerp through keyframes: `u ∈ [0, n − 1]` with key `i` at `u = i`.
 * It passes through every key at constant speed within a segment, but the
 * angular velocity jumps (changes direction) at each key.
 * @param keys - At least two unit quaternions.
 * @throws RangeError with fewer than two keys.
 * @example slerpSpline([quat.identity(), quat.fromAxisAngle([0, 0, 1], 1)])(0.5) // ≈ quat.fromAxisAngle([0, 0, 1], 0.5)
 */
export function slerpSpline(keys: readonly Readonly<Quat>[]): (u: number) => Quat {
  assertKeys(keys, "interpolate.slerpSpline");
  const k = alignKeys(keys);
  return (u) => {
    const [i, t] = segment(u, k.length);
    return greatArc(k[i]!, k[i + 1]!, t, false);
  };
}

/**
 * Squad through keyframes (Shoemake 1985): `u ∈ [0, n − 1]` with key `i` at
 * `u = i`. Keys are aligned ({@link alignKeys}) and each gets its control
 * point ({@link squadControlPoint}; the end keys use themselves as missing
 * neighbours), so the angular velocity is continuous across keys.
 * @param keys - At least two unit quaternions.
 * @throws RangeError with fewer than two keys.
 * @example squadSpline([quat.identity(), quat.fromAxisAngle([0, 0, 1], 1)])(1) // ≈ quat.fromAxisAngle([0, 0, 1], 1)
 */
export function squadSpline(keys: readonly Readonly<Quat>[]): (u: number) => Quat {
  assertKeys(keys, "interpolate.squadSpline");
  const k = alignKeys(keys);
  const s = k.map((q, i) => squadControlPoint(k[Math.max(i - 1, 0)]!, q, k[Math.min(i + 1, k.length - 1)]!));
  return (u) => {
    const [i, t] = segment(u, k.length);
    return squad(k[i]!, k[i + 1]!, s[i]!, s[i + 1]!, t);
  };
}

/** `b` or `−b`, whichever lies on `a`'s side of the 4D sphere. */
function shortSide(a: Readonly<Quat>, b: Readonly<Quat>): Quat {
  return quat.dot(a, b) < 0 ? [-b[0], -b[1], -b[2], -b[3]] : [b[0], b[1], b[2], b[3]];
}

/**
 * Rotation obtained by lerping Euler angles component by component and
 * converting the result: what "interpolate the three sliders" does. It does
 * not take the shortest path, its speed varies, and two angle triples for the
 * same end rotation give two different paths.
 * @param from - Start angles (radians).
 * @param to - End angles (radians).
 * @param t - Parameter in [0, 1].
 * @param order - Euler order of both triples.
 * @param frame - Intrinsic (default) or extrinsic.
 * @returns The rotation at `t`, as a unit quaternion.
 * @example eulerLerp([0, 0, 0], [Math.PI, 0, 0], 0.5, "XYZ") // ≈ quat.fromAxisAngle([1, 0, 0], Math.PI / 2)
 */
export function eulerLerp(
  from: Readonly<EulerAngles>,
  to: Readonly<EulerAngles>,
  t: number,
  order: EulerOrder,
  frame: EulerFrame = "intrinsic",
): Quat {
  const angles: EulerAngles = [0, 1, 2].map((i) => from[i]! + t * (to[i]! - from[i]!)) as EulerAngles;
  return euler.toQuat(angles, order, frame);
}

/**
 * Interpolates a 2D angle the short way round: the difference is wrapped to
 * (−π, π] first, so from −170° to 170° the path turns 20° through 180°,
 * not 340° through 0°.
 * @param fromRad - Start angle, radians.
 * @param toRad - End angle, radians.
 * @param t - Parameter in [0, 1].
 * @returns The angle at `t`, wrapped to (−π, π].
 * @example lerpAngle(scalar.degToRad(-170), scalar.degToRad(170), 0.5) // ≈ π (180°)
 */
export function lerpAngle(fromRad: number, toRad: number, t: number): number {
  return wrapAngle(fromRad + t * wrapAngle(toRad - fromRad));
}

/** A rotation path sampled at parameter values `t`. */
export interface PathSample {
  t: number;
  q: Quat;
}

/**
 * Samples a rotation path at `samples + 1` evenly spaced parameters in [0, 1].
 * @param path - A function from `t` to a rotation (e.g. `t => slerp(a, b, t)`).
 * @param samples - Number of intervals (≥ 1).
 * @throws RangeError if `samples` is not a positive integer.
 * @example sampleRotationPath(() => quat.identity(), 4).length === 5
 */
export function sampleRotationPath(path: (t: number) => Quat, samples: number): PathSample[] {
  if (!Number.isInteger(samples) || samples < 1) {
    throw new RangeError(`interpolate.sampleRotationPath: samples must be a positive integer, got ${samples}`);
  }
  return Array.from({ length: samples + 1 }, (_, i) => {
    const t = i / samples;
    return { t, q: path(t) };
  });
}

/** The angular speed of a path between two samples, placed at their midpoint. */
export interface SpeedSample {
  /** Midpoint parameter of the interval. */
  t: number;
  /** Angle turned per unit of `t`, radians (finite difference over the interval). */
  speed: number;
}

/**
 * Angular speed along sampled path: for each interval, the angle between
 * consecutive rotations ({@link quat.angleBetween}, so `q ≡ −q` and accurate
 * at tiny steps) divided by the step in `t`.
 * @param path - Samples from {@link sampleRotationPath}.
 * @example angularSpeeds(sampleRotationPath(t => quat.fromAxisAngle([0, 0, 1], t), 10))[0].speed // ≈ 1
 */
export function angularSpeeds(path: readonly PathSample[]): SpeedSample[] {
  const out: SpeedSample[] = [];
  for (let i = 1; i < path.length; i++) {
    const a = path[i - 1]!;
    const b = path[i]!;
    out.push({ t: (a.t + b.t) / 2, speed: quat.angleBetween(a.q, b.q) / (b.t - a.t) });
  }
  return out;
}

/**
 * How uneven a path's speed is: max speed / min speed (1 for constant speed).
 * Infinite when the path stands still somewhere but moves elsewhere; 1 when it
 * stands still everywhere.
 * @example speedRatio([{ t: 0, speed: 2 }, { t: 1, speed: 1 }]) === 2
 */
export function speedRatio(speeds: readonly SpeedSample[]): number {
  let max = 0;
  let min = Infinity;
  for (const { speed } of speeds) {
    max = Math.max(max, speed);
    min = Math.min(min, speed);
  }
  return max === 0 ? 1 : max / min;
}

/**
 * Unwraps a list of Euler triples so that each angle moves from one key to the
 * next by at most π (the difference wrapped to (−π, π]); the rotations are
 * unchanged, only multiples of 2π are added. Without it, a key at 179° followed
 * by one at −179° would be interpolated the long way round.
 * @param keys - Euler angle triples, radians.
 * @returns New triples; the first is a copy of `keys[0]`.
 * @example unwrapEulerKeys([[0, 0, 3], [0, 0, -3]]) // → [[0, 0, 3], [0, 0, 2 * π - 3]] (≈ 3.283)
 */
export function unwrapEulerKeys(keys: readonly Readonly<EulerAngles>[]): EulerAngles[] {
  const out: EulerAngles[] = [];
  for (const k of keys) {
    const prev = out[out.length - 1];
    out.push(
      prev
        ? [
            prev[0] + wrapAngle(k[0] - prev[0]),
            prev[1] + wrapAngle(k[1] - prev[1]),
            prev[2] + wrapAngle(k[2] - prev[2]),
          ]
        : [k[0], k[1], k[2]],
    );
  }
  return out;
}

/**
 * Piecewise-linear interpolation of Euler angles through keyframes — the
 * "linear, Euler" corner of the lecture's comparison: `u ∈ [0, n − 1]` with key
 * `i` at `u = i`. Keys are unwrapped first ({@link unwrapEulerKeys}); each
 * segment is {@link eulerLerp}.
 * @param keys - At least two Euler triples, radians.
 * @param order - Euler order of every triple.
 * @param frame - Intrinsic (default) or extrinsic.
 * @returns A function from `u` (clamped to [0, n − 1]) to a unit quaternion.
 * @throws RangeError with fewer than two keys.
 * @example eulerLinearSpline([[0, 0, 0], [0, 0, 1]], "XYZ")(0.5) // ≈ quat.fromAxisAngle([0, 0, 1], 0.5)
 */
export function eulerLinearSpline(
  keys: readonly Readonly<EulerAngles>[],
  order: EulerOrder,
  frame: EulerFrame = "intrinsic",
): (u: number) => Quat {
  assertKeys(keys, "interpolate.eulerLinearSpline");
  const k = unwrapEulerKeys(keys);
  return (u) => {
    const [i, t] = segment(u, k.length);
    return eulerLerp(k[i]!, k[i + 1]!, t, order, frame);
  };
}

/**
 * A cubic through keyframes in Euler angles — the "cubic, Euler" corner of the
 * lecture's comparison: a Catmull–Rom spline on each of the three angles,
 * converted to a rotation. `u ∈ [0, n − 1]` with key `i` at `u = i`.
 *
 * Within segment `i` the angles follow the cubic Hermite curve from `pᵢ` to
 * `pᵢ₊₁` with tangents `mᵢ = (pᵢ₊₁ − pᵢ₋₁)/2`; a missing neighbour at either
 * end is the end key itself (so `m₀ = (p₁ − p₀)/2`), as {@link squadSpline}
 * does. The angles are C¹ across keys, so the rotation's angular velocity is
 * continuous too — but its speed and path depend on the order and on which
 * triple names each key, and near gimbal lock small angle changes whip the
 * object round.
 * @param keys - At least two Euler triples, radians (unwrapped first, {@link unwrapEulerKeys}).
 * @param order - Euler order of every triple.
 * @param frame - Intrinsic (default) or extrinsic.
 * @returns A function from `u` (clamped to [0, n − 1]) to a unit quaternion; it passes through every key.
 * @throws RangeError with fewer than two keys.
 * @example eulerCubicSpline([[0, 0, 0], [0, 0, 1], [0, 0, 2], [0, 0, 3]], "XYZ")(1.5) // ≈ quat.fromAxisAngle([0, 0, 1], 1.5)
 */
export function eulerCubicSpline(
  keys: readonly Readonly<EulerAngles>[],
  order: EulerOrder,
  frame: EulerFrame = "intrinsic",
): (u: number) => Quat {
  assertKeys(keys, "interpolate.eulerCubicSpline");
  const p = unwrapEulerKeys(keys);
  const n = p.length;
  const m = p.map((_, i) => {
    const before = p[Math.max(i - 1, 0)]!;
    const after = p[Math.min(i + 1, n - 1)]!;
    return [0, 1, 2].map((j) => (after[j]! - before[j]!) / 2);
  });
  return (u) => {
    const [i, t] = segment(u, n);
    // Cubic Hermite basis: h00 p0 + h10 m0 + h01 p1 + h11 m1.
    const t2 = t * t;
    const t3 = t2 * t;
    const h00 = 2 * t3 - 3 * t2 + 1;
    const h10 = t3 - 2 * t2 + t;
    const h01 = -2 * t3 + 3 * t2;
    const h11 = t3 - t2;
    const p0 = p[i]!;
    const p1 = p[i + 1]!;
    const m0 = m[i]!;
    const m1 = m[i + 1]!;
    const angles = [0, 1, 2].map((j) => h00 * p0[j]! + h10 * m0[j]! + h01 * p1[j]! + h11 * m1[j]!) as EulerAngles;
    return euler.toQuat(angles, order, frame);
  };
}

/** The angular velocity of a path between two samples, placed at their midpoint. */
export interface VelocitySample {
  /** Midpoint parameter of the interval. */
  t: number;
  /** Angular velocity vector in the fixed (world) frame: axis × angle per unit of `t`, radians. */
  omega: Vec3;
  /** Its length, the angular speed (radians per unit of `t`); equals {@link angularSpeeds}' value. */
  speed: number;
}

/**
 * Angular velocity vectors along a sampled path: for each interval the step
 * `Δ = qᵢ₊₁ · qᵢ⁻¹` (the turn that takes one sample to the next, in world
 * axes), as a rotation vector `axis · angle` divided by the step in `t`:
 * `ω = 2 · log(Δ).xyz / Δt`. `Δ` is first put on the `w ≥ 0` side, so a sign
 * flip between samples (`q ≡ −q`) is not mistaken for a full turn. Where
 * {@link angularSpeeds} shows only how fast, this shows about which axis: a
 * path whose speed is continuous can still change axis abruptly (piecewise
 * slerp at a key), and that shows as a jump in `ω`.
 * @param path - Samples from {@link sampleRotationPath} (unit quaternions).
 * @returns One sample per interval (`path.length − 1` of them).
 * @example angularVelocities(sampleRotationPath(t => quat.fromAxisAngle([0, 0, 1], 2 * t), 4))[0].omega // ≈ [0, 0, 2]
 */
export function angularVelocities(path: readonly PathSample[]): VelocitySample[] {
  const out: VelocitySample[] = [];
  for (let i = 1; i < path.length; i++) {
    const a = path[i - 1]!;
    const b = path[i]!;
    const step = quat.multiply(b.q, quat.conjugate(a.q));
    const l = quat.log(step[3] < 0 ? [-step[0], -step[1], -step[2], -step[3]] : step);
    const k = 2 / (b.t - a.t);
    const omega: Vec3 = [k * l[0], k * l[1], k * l[2]];
    out.push({ t: (a.t + b.t) / 2, omega, speed: Math.hypot(omega[0], omega[1], omega[2]) });
  }
  return out;
}
