/**
 * Exercise 03.1 — Rodrigues' construction, step by step (chapter 03, section 2).
 *
 * Split a vector `r` into the part along a unit axis `n` that a rotation about `n` leaves alone,
 * `r∥ = (n·r) n`, and the part in the plane of rotation, `r⊥ = r − r∥`; then turn `r⊥` a quarter turn
 * about `n`: `v = n × r⊥`. These three vectors are all Rodrigues' formula needs. Normalize the axis
 * first: the functions accept any non-zero length. Use `vec3` from the library if you like.
 */

import type { Vec3 } from "../../lib/index.ts";
import { NotImplemented } from "../not-implemented.ts";

/**
 * The part of `r` along the axis: `r∥ = (n·r) n`, with `n` the normalized axis.
 * @param axis - The rotation axis, any non-zero length.
 * @param r - The vector to split.
 * @returns `r∥`, a new vector.
 * @example parallelPart([0, 0, 2], [1, 2, 3]) // [0, 0, 3]
 */
export function parallelPart(axis: Vec3, r: Vec3): Vec3 {
  // TODO: normalize the axis, then (n·r) n.
  throw new NotImplemented("parallelPart");
}

/**
 * The part of `r` in the plane of rotation: `r⊥ = r − (n·r) n`.
 * @param axis - The rotation axis, any non-zero length.
 * @param r - The vector to split.
 * @returns `r⊥`, a new vector, perpendicular to the axis.
 * @example perpendicularPart([0, 0, 2], [1, 2, 3]) // [1, 2, 0]
 */
export function perpendicularPart(axis: Vec3, r: Vec3): Vec3 {
  // TODO: r minus its parallel part.
  throw new NotImplemented("perpendicularPart");
}

/**
 * `v = n × r⊥`: the perpendicular part turned by +90° about the axis. It has the length of `r⊥`.
 * (The lecture's slide writes `r∥ × r⊥`, which is this times `n·r` — zero when `r ⟂ n`.)
 * @param axis - The rotation axis, any non-zero length.
 * @param r - The vector being rotated.
 * @returns `v`, a new vector.
 * @example quarterTurn([0, 0, 1], [1, 0, 5]) // [0, 1, 0]
 */
export function quarterTurn(axis: Vec3, r: Vec3): Vec3 {
  // TODO: n × r⊥ — with n normalized.
  throw new NotImplemented("quarterTurn");
}
