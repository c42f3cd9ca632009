/**
 * Exercise 04.6 — Powers of a rotation (chapter 04, section 5).
 *
 * For a unit quaternion `q = (sin α · n, cos α)` — a rotation by `2α` about `n` — the power is
 * `q^t = exp(t log q) = (sin(tα) · n, cos(tα))`: the same axis, `t` times the angle. So the 45° rotation
 * to the power 1/3 is the 15° rotation. Get α with `atan2(|v|, w)` and `n = v/|v|` — but at the identity
 * `|v| = 0` and there is no axis: the identity to any power is the identity. (The blog's version divides
 * by `sin α` and returns NaN there.) Follow `q`'s own arc: do not flip `w` to be positive.
 * Do not use `quat` from the library.
 */

import type { Quat } from "../../lib/index.ts";
import { NotImplemented } from "../not-implemented.ts";

/**
 * The power `q^t` of a unit quaternion: the same axis, `t` times the angle.
 * @param q - A unit quaternion `[x, y, z, w]`.
 * @param t - The exponent, any real number.
 * @returns A unit quaternion. `pow(identity, t)` is the identity, with no NaN.
 * @example pow([0, 0, Math.sin(Math.PI / 8), Math.cos(Math.PI / 8)], 1 / 3) // the 15° turn about Z
 */
export function pow(q: Quat, t: number): Quat {
  // TODO: α = atan2(|v|, w), n = v/|v|; then (sin(tα) n, cos(tα)). What if |v| = 0?
  throw new NotImplemented("pow");
}
