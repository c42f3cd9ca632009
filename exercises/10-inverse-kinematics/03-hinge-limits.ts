/**
 * Exercise 10.3 — Hinge projection and limits (chapter 10, section 3).
 *
 * A hinge joint may turn only about its axis `a`. After a free CCD turn its rotation `q` is some
 * rotation; keep only its *twist* about `a` (the swing–twist split `q = swing·twist`, with the swing's
 * axis at right angles to `a`): the twist angle is `2·atan2(q⃗·â, w)`. `q` and `−q` are the same
 * rotation and must give the same angle. When the swing is a half turn (`q⃗·â = 0` and `w = 0`) there
 * is no twist to read: return 0 there (the limits permitting). Then hold the angle inside
 * `limits = [min, max]`: an angle inside (up to whole turns) is returned in that range; one outside
 * goes to the limit that is nearer **around the circle**. Exactly halfway between them (around the
 * circle) either limit is right: π makes such a tie unrepresentable, so rounding decides it, and the checks
 * keep every case at least 1e-6 rad from one. Return an angle in `[min, max]`. You may use `vec3`, `quat`
 * and `scalar`, not `ik`.
 */

import type { Quat, Vec3 } from "../../lib/index.ts";
import { NotImplemented } from "../not-implemented.ts";

/**
 * The hinge angle of `q` about `axis`, held inside the limits.
 * @param q - A unit rotation.
 * @param axis - The hinge axis, any non-zero length.
 * @param limits - `[min, max]` in radians, `min ≤ max ≤ min + 2π`.
 * @returns The twist angle of `q` about `axis`, in `[min, max]`, radians.
 * @example hingeAngle([0, 0, Math.SQRT1_2, Math.SQRT1_2], [0, 0, 1], [-Math.PI, Math.PI]) // ≈ π/2
 */
export function hingeAngle(q: Quat, axis: Vec3, limits: [number, number]): number {
  // TODO: the twist angle 2·atan2(q⃗·â, w) (same for q and −q, 0 for a half-turn swing), then the limits around the circle.
  throw new NotImplemented("hingeAngle");
}
