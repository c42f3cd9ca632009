/**
 * Exercise 04.1 — Quaternion from axis and angle (chapter 04, section 3).
 *
 * The unit quaternion of a rotation by `angleRad` about `axis` is `(sin(θ/2) n, cos(θ/2))`, written
 * `[x, y, z, w]` with the scalar last, where `n` is the normalized axis. Note the half angle: a full turn
 * (θ = 360°) gives `[0, 0, 0, −1]`, the same rotation as the identity `[0, 0, 0, 1]`. The checks compare
 * rotations (q and −q alike), except one: this exercise asks for the formula's own sign, so do not flip
 * `w` to be positive (past a half turn `w = cos(θ/2) < 0`; chapter 05 needs that sign to follow the arc).
 * You may use `vec3`, but not `quat` from the library.
 */

import type { Quat, Vec3 } from "../../lib/index.ts";
import { NotImplemented } from "../not-implemented.ts";

/**
 * The unit quaternion of the rotation by `angleRad` about `axis`.
 * @param axis - The rotation axis, any non-zero length.
 * @param angleRad - The angle in radians (right-hand rule).
 * @returns `[sin(θ/2) n, cos(θ/2)]`, a unit quaternion.
 * @example fromAxisAngle([0, 0, 1], Math.PI) // ≈ [0, 0, 1, 0]  (the slide's "(0, (0, 0, 1))")
 */
export function fromAxisAngle(axis: Vec3, angleRad: number): Quat {
  // TODO: normalize the axis; the half angle goes into sin and cos.
  throw new NotImplemented("fromAxisAngle");
}
