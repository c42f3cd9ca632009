/**
 * Exercise 10.5 — Reachability (chapter 10, section 5).
 *
 * A chain of free (ball) joints with bone lengths `Lᵢ` and total `L` can put its tip at any distance
 * from its base between `inner = max(0, 2·Lₘₐₓ − L)` (the longest bone folded back by all the others)
 * and `L` (straight). `reachError` returns the smallest tip error any pose can achieve for a target:
 * 0 inside that shell, `d − L` beyond it, `inner − d` inside the hole (`d` the target's distance from
 * the base). `straightToward` returns the best pose for a target beyond reach: the chain straight from
 * the base toward the target (base first, tip last, flattened, `[x₀, y₀, z₀, x₁, y₁, z₁, …]` (the layout of a three.js position buffer)); for a target exactly on the base, lay it along
 * +x. You may use `vec3` and `scalar`, not `ik`.
 */

import type { Vec3 } from "../../lib/index.ts";
import { NotImplemented } from "../not-implemented.ts";

/**
 * The smallest distance from the tip to the target over all poses of a chain of ball joints.
 * @param origin - The chain's base.
 * @param lengths - The bone lengths (≥ 0, at least one).
 * @param target - The point to reach.
 * @returns `max(0, d − L, inner − d)`, in the points' unit.
 * @example reachError([0, 0, 0], [3, 1], [0.5, 0, 0]) // 1.5 (the hole has radius 2)
 */
export function reachError(origin: Vec3, lengths: number[], target: Vec3): number {
  // TODO: max(0, d − L, inner − d) with inner = max(0, 2·Lmax − L).
  throw new NotImplemented("reachError");
}

/**
 * The chain laid straight from the base toward the target.
 * @param origin - The chain's base.
 * @param lengths - The bone lengths, base first.
 * @param target - The point to point at (along +x if it is on the base).
 * @returns `lengths.length + 1` points on the ray from the base toward the target, flattened.
 * @example straightToward([0, 0, 0], [1, 1], [0, 0, 5]) // [0, 0, 0, 0, 0, 1, 0, 0, 2]
 */
export function straightToward(origin: Vec3, lengths: number[], target: Vec3): number[] {
  // TODO: the points origin + (L₀ + … + Lᵢ)·direction, with +x when the target is on the base.
  throw new NotImplemented("straightToward");
}
