/**
 * Exercise 10.2 — One CCD joint step (chapter 10, section 2).
 *
 * The chain is the one of exercise 10.1 (bones along each joint's local +x, `Qᵢ = Qᵢ₋₁·qᵢ`). Turn joint
 * `index` alone so that, seen from that joint, the tip points at the target: the shortest rotation `r`
 * from `tip − pᵢ` to `target − pᵢ`. `r` is a world-space turn, so the joint's local rotation becomes
 * `qᵢ' = Qᵢ₋₁⁻¹·r·Qᵢ₋₁·qᵢ` — or, equally, turn every point after joint `index` about `pᵢ` by `r`.
 * Return the chain's positions after the step (the origin first, the tip last), flattened, `[x₀, y₀, z₀, x₁, y₁, z₁, …]` (the layout of a three.js position buffer). When the tip or the
 * target is exactly at the joint there is no direction to turn from or to: leave the chain as it is.
 * Every turn counts, however small, to full precision: the checks turn by as little as 5e-10 rad and
 * compare positions to 1e-11, so skip no turn and do not take the angle from `acos(â·b̂)` (near 1 it
 * keeps only a few digits). The same holds near a half turn, a target almost straight behind the joint
 * (π − 1e-5 rad and closer): there `1 + â·b̂` cancels, so the half-vector form `(â × b̂, 1 + â·b̂)` loses
 * digits too. Exactly behind, any half turn is shortest; the checks ask that only of a straight chain,
 * where every half turn gives the same positions. You may use `vec3` and `quat` (`quat.fromTwoVectors` is the blog's
 * `rotateFromTo`, accurate at any angle), not `ik`.
 */

import type { Quat, Vec3 } from "../../lib/index.ts";
import { quat, vec3 } from "../../lib/index.ts";

/**
 * The chain's positions after one CCD update of joint `index`.
 * @param origin - The chain's base.
 * @param lengths - The bone lengths, base first (bone `i` along joint `i`'s local +x).
 * @param rotations - The local joint rotations (unit quaternions).
 * @param index - The joint to turn, 0 = the base joint.
 * @param target - The point the tip should point at.
 * @returns `lengths.length + 1` points after the step, flattened; joints 0 … `index` do not move.
 * @example ccdStep([0, 0, 0], [1], [[0, 0, 0, 1]], 0, [0, 2, 0]) // ≈ [0, 0, 0, 0, 1, 0]
 */
export function ccdStep(origin: Vec3, lengths: number[], rotations: Quat[], index: number, target: Vec3): number[] {
  const pose = (rs: Quat[]) => {
    const points: Vec3[] = [[...origin]];
    const frames: Quat[] = [];
    let frame: Quat = [0, 0, 0, 1];
    lengths.forEach((length, i) => {
      frame = quat.multiply(frame, rs[i]!);
      frames.push(frame);
      points.push(vec3.add(points[i]!, quat.rotateVec3(frame, [length, 0, 0])));
    });
    return { points, frames };
  };
  const { points, frames } = pose(rotations);
  const joint = points[index]!;
  const toTip = vec3.sub(points[points.length - 1]!, joint);
  const toTarget = vec3.sub(target, joint);
  if (vec3.length(toTip) === 0 || vec3.length(toTarget) === 0) return points.flat(); // no direction: no turn
  const r = quat.fromTwoVectors(toTip, toTarget);
  const parent: Quat = index === 0 ? [0, 0, 0, 1] : frames[index - 1]!;
  const next = rotations.slice();
  // r turns in world space; seen from the parent's frame it is Q⁻¹·r·Q, applied before the old qᵢ.
  next[index] = quat.multiply(quat.multiply(quat.conjugate(parent), quat.multiply(r, parent)), rotations[index]!);
  return pose(next).points.flat();
}
