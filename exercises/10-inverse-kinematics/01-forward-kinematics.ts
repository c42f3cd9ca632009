/**
 * Exercise 10.1 — Forward kinematics (chapter 10, section 1).
 *
 * A chain starts at `origin`. Joint `i` sits at `pᵢ` and turns by its local rotation `qᵢ`, relative to
 * its parent (the joint before it); its world orientation is `Qᵢ = Qᵢ₋₁·qᵢ` (with `Q₋₁` the identity),
 * and its bone, `lengths[i]` long along the joint's own +x axis, reaches the next joint:
 * `pᵢ₊₁ = pᵢ + Qᵢ·(lengths[i], 0, 0)`. Return all the points, the origin first and the tip last, flattened, `[x₀, y₀, z₀, x₁, y₁, z₁, …]` (the layout of a three.js position buffer).
 * Rotations read from a file are rounded, so normalize each one before you use it: a rounded pose
 * must keep its bone lengths. You may use `vec3`, `quat` and `mat3`, not `ik`.
 */

import type { Quat, Vec3 } from "../../lib/index.ts";
import { NotImplemented } from "../not-implemented.ts";

/**
 * The positions of a chain's joints and tip from its local joint rotations.
 * @param origin - Where the first joint sits.
 * @param lengths - The bone lengths (≥ 0), base first; bone `i` lies along joint `i`'s local +x.
 * @param rotations - One local rotation per joint (near unit length; normalize them).
 * @returns `lengths.length + 1` points, `origin` first, the tip last, flattened: `3·(lengths.length + 1)` numbers.
 * @example forwardKinematics([0, 0, 0], [1, 1], [[0, 0, Math.SQRT1_2, Math.SQRT1_2], [0, 0, 0, 1]]) // ≈ [0, 0, 0, 0, 1, 0, 0, 2, 0]
 */
export function forwardKinematics(origin: Vec3, lengths: number[], rotations: Quat[]): number[] {
  // TODO: walk the chain: Qᵢ = Qᵢ₋₁·qᵢ (normalized), pᵢ₊₁ = pᵢ + Qᵢ·(Lᵢ, 0, 0).
  throw new NotImplemented("forwardKinematics");
}
