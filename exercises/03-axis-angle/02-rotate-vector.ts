/**
 * Exercise 03.2 — Rotate a vector by Rodrigues' formula (chapter 03, section 2).
 *
 * Rotate `r` by `angleRad` about `axis` (right-hand rule) with
 * `r' = cos θ r + (1 − cos θ)(n·r) n + sin θ (n × r)`, where `n` is the normalized axis. No matrix
 * needed. You may use `vec3` from the library, but not `axisAngle`, `mat3` rotations or `quat`.
 */

import type { Vec3 } from "../../lib/index.ts";
import { NotImplemented } from "../not-implemented.ts";

/**
 * Rotates `r` by `angleRad` about `axis`.
 * @param axis - The rotation axis, any non-zero length.
 * @param angleRad - The angle in radians (counter-clockwise looking down the axis).
 * @param r - The vector to rotate.
 * @returns The rotated vector, new.
 * @example rotateVector([0, 0, 1], Math.PI / 2, [1, 0, 0]) // ≈ [0, 1, 0]
 */
export function rotateVector(axis: Vec3, angleRad: number, r: Vec3): Vec3 {
  // TODO: cos θ r + (1 − cos θ)(n·r) n + sin θ (n × r), with n normalized.
  throw new NotImplemented("rotateVector");
}
