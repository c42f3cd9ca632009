/**
 * Exercise 05.4 — The angular speed profile of a path (chapter 05, sections 1 and 5).
 *
 * The chart this chapter is built around plots how fast a rotation path turns. Measure it: the angle
 * between two rotations (remember `q ≡ −q`), then, for a path sampled at evenly spaced `t` from 0 to 1,
 * the angle turned between neighbouring samples divided by the step in `t`. Stay accurate for tiny
 * steps — a densely sampled path turns by tiny angles, where `2·acos(a·b)` has lost every digit. You may
 * use `vec3` (for the vector parts) and `scalar`, but nothing from `quat` or `interpolate`: their
 * `angleBetween` and `angularSpeeds` are this exercise's answers.
 */

import type { Quat } from "../../lib/index.ts";
import { NotImplemented } from "../not-implemented.ts";

/**
 * The angle of the rotation that takes `a` to `b`, in [0, π].
 * @param a - A unit quaternion.
 * @param b - A unit quaternion.
 * @returns The angle in radians, to ~1e-12 at every angle — next to 0 and next to π too; 0 when `b = ±a`.
 * @example angleBetween([0, 0, 0, 1], [0, 0, Math.SQRT1_2, Math.SQRT1_2]) // ≈ π/2
 */
export function angleBetween(a: Quat, b: Quat): number {
  // TODO: the relative rotation a⁻¹·b (write out its vector and scalar parts), then its angle — robustly,
  // and the same for −b.
  throw new NotImplemented("angleBetween");
}

/**
 * Angular speeds along a path sampled at `t = 0, 1/(n−1), …, 1`: the angle between samples `i` and
 * `i + 1` divided by the step `1/(n−1)`.
 * @param samples - n ≥ 2 unit quaternions, evenly spaced in t from 0 to 1 (signs may flip between them).
 * @returns n − 1 speeds, radians per unit of t.
 * @example speedProfile([[0, 0, 0, 1], [0, 0, 0.5, Math.sqrt(0.75)], [0, 0, Math.sqrt(0.75), 0.5]]) // ≈ [2π/3, 2π/3]
 */
export function speedProfile(samples: Quat[]): number[] {
  // TODO: one speed per pair of neighbouring samples.
  throw new NotImplemented("speedProfile");
}
