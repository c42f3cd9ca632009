/**
 * Exercise 04.3 — Rotate a vector: q v q* (chapter 04, section 4).
 *
 * A unit quaternion `q` rotates a vector `v` by the sandwich `q · (v, 0) · q*`: write `v` as the pure
 * quaternion `[vx, vy, vz, 0]`, multiply on the left by `q` and on the right by its conjugate
 * `q* = [−x, −y, −z, w]`, and keep the vector part (the scalar part comes out 0). Write your own Hamilton
 * product or reuse your exercise 04.2; do not use `quat` from the library.
 */

import type { Quat, Vec3 } from "../../lib/index.ts";

/** The Hamilton product a·b, scalar last. */
function hamilton(a: Quat, b: Quat): Quat {
  const [ax, ay, az, aw] = a;
  const [bx, by, bz, bw] = b;
  return [
    aw * bx + bw * ax + (ay * bz - az * by),
    aw * by + bw * ay + (az * bx - ax * bz),
    aw * bz + bw * az + (ax * by - ay * bx),
    aw * bw - (ax * bx + ay * by + az * bz),
  ];
}

/**
 * Rotates `v` by the unit quaternion `q`: the vector part of `q·(v, 0)·q*`.
 * @param q - A unit quaternion `[x, y, z, w]`.
 * @param v - The vector to rotate.
 * @returns The rotated vector, new.
 * @example rotateVector([0, 0, Math.SQRT1_2, Math.SQRT1_2], [1, 0, 0]) // ≈ [0, 1, 0]  (90° about Z)
 */
export function rotateVector(q: Quat, v: Vec3): Vec3 {
  const conj: Quat = [-q[0], -q[1], -q[2], q[3]]; // the inverse, since |q| = 1
  const [x, y, z] = hamilton(hamilton(q, [v[0], v[1], v[2], 0]), conj);
  return [x, y, z];
}
