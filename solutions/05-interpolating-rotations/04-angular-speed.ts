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

import { type Quat, type Vec3, vec3 } from "../../lib/index.ts";

/**
 * The angle of the rotation that takes `a` to `b`, in [0, π].
 * @param a - A unit quaternion.
 * @param b - A unit quaternion.
 * @returns The angle in radians, to ~1e-12 at every angle — next to 0 and next to π too; 0 when `b = ±a`.
 * @example angleBetween([0, 0, 0, 1], [0, 0, Math.SQRT1_2, Math.SQRT1_2]) // ≈ π/2
 */
export function angleBetween(a: Quat, b: Quat): number {
  // The relative rotation a⁻¹·b = a*·b = (sin(θ/2)·n, cos(θ/2)): vector part aw·bv − bw·av − av × bv,
  // scalar part aw·bw + av·bv. For b = ±a the vector part cancels to exactly 0.
  const av: Vec3 = [a[0], a[1], a[2]];
  const bv: Vec3 = [b[0], b[1], b[2]];
  const v = vec3.sub(vec3.sub(vec3.scale(bv, a[3]), vec3.scale(av, b[3])), vec3.cross(av, bv));
  const w = a[3] * b[3] + vec3.dot(av, bv);
  // atan2 of the sine and |cosine| of θ/2: full precision at every angle, and |w| makes −b count as b.
  return 2 * Math.atan2(vec3.length(v), Math.abs(w));
}

/**
 * Angular speeds along a path sampled at `t = 0, 1/(n−1), …, 1`: the angle between samples `i` and
 * `i + 1` divided by the step `1/(n−1)`.
 * @param samples - n ≥ 2 unit quaternions, evenly spaced in t from 0 to 1 (signs may flip between them).
 * @returns n − 1 speeds, radians per unit of t.
 * @example speedProfile([[0, 0, 0, 1], [0, 0, 0.5, Math.sqrt(0.75)], [0, 0, Math.sqrt(0.75), 0.5]]) // ≈ [2π/3, 2π/3]
 */
export function speedProfile(samples: Quat[]): number[] {
  const dt = 1 / (samples.length - 1);
  return samples.slice(1).map((q, i) => angleBetween(samples[i]!, q) / dt);
}
