/**
 * Exercise 05.5 — Squad: control points and evaluation (chapter 05, section 5).
 *
 * Shoemake's spherical quadrangle interpolation passes through keyframes with a continuous angular
 * velocity. Between keys `q0` and `q1` it blends two slerps, `slerp(slerp(q0, q1, t), slerp(s0, s1, t),
 * 2t(1 − t))`, where each key's inner control point is `s = q · exp(−(log(q⁻¹·prev) + log(q⁻¹·next))/4)`.
 * Put each neighbour on `q`'s side of the 4D sphere (`q·n ≥ 0`) before taking logs. Inside squad the
 * slerps must NOT flip signs: the keys and control points were placed on purpose. You may use
 * `quat.multiply`, `quat.conjugate`, `quat.log`, `quat.exp` and `quat.pow`, but nothing from `interpolate`.
 */

import { type Quat, quat } from "../../lib/index.ts";

/**
 * The inner control point of squad at key `q`, between neighbours `prev` and `next`.
 * @param prev - The key before `q` (unit; either sign).
 * @param q - The key, a unit quaternion.
 * @param next - The key after `q` (unit; either sign).
 * @returns A unit quaternion; `q` itself when `prev`, `q` and `next` are the same rotation.
 * @example squadControlPoint([0, 0, 0, 1], [0, 0, 0, 1], [0, 0, 0, 1]) // [0, 0, 0, 1]
 */
export function squadControlPoint(prev: Quat, q: Quat, next: Quat): Quat {
  const near = (n: Quat): Quat => (quat.dot(q, n) < 0 ? [-n[0], -n[1], -n[2], -n[3]] : n);
  const inv = quat.conjugate(q);
  const lp = quat.log(quat.multiply(inv, near(prev)));
  const ln = quat.log(quat.multiply(inv, near(next)));
  // The average of the two tangents, pointing away from both neighbours: −(lp + ln)/4 (a pure quaternion).
  return quat.multiply(q, quat.exp([-(lp[0] + ln[0]) / 4, -(lp[1] + ln[1]) / 4, -(lp[2] + ln[2]) / 4, 0]));
}

/**
 * Squad between keys `q0` (t = 0) and `q1` (t = 1) with control points `s0` and `s1`.
 * @param q0 - The first key, a unit quaternion.
 * @param q1 - The second key, a unit quaternion (already on `q0`'s side).
 * @param s0 - The control point of `q0`.
 * @param s1 - The control point of `q1`.
 * @param t - Parameter in [0, 1].
 * @returns A unit quaternion: `q0` at t = 0, `q1` at t = 1.
 * @example squad([0, 0, 0, 1], [0, 0, 0, 1], [0, 0, 0, 1], [0, 0, 0, 1], 0.5) // [0, 0, 0, 1]
 */
export function squad(q0: Quat, q1: Quat, s0: Quat, s1: Quat, t: number): Quat {
  // slerp(a, b, t) = a·(a⁻¹·b)^t — and pow follows a⁻¹·b's own arc, so no sign is flipped here.
  const slerp = (a: Quat, b: Quat, u: number): Quat =>
    quat.multiply(a, quat.pow(quat.multiply(quat.conjugate(a), b), u));
  return slerp(slerp(q0, q1, t), slerp(s0, s1, t), 2 * t * (1 - t));
}
