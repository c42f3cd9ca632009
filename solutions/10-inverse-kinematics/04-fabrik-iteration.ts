/**
 * Exercise 10.4 — One FABRIK iteration (chapter 10, section 4).
 *
 * The chain is given by its joint positions, base first and tip last; its bone lengths are the
 * distances between consecutive input points. **Backward:** put the tip on the target, then walk
 * toward the base moving each joint onto the sphere of its bone length about the joint after it.
 * **Forward:** put the base back where it was, then walk out moving each joint onto the sphere about
 * the joint before it. Return the new positions, flattened, `[x₀, y₀, z₀, x₁, y₁, z₁, …]` (the layout of a three.js position buffer). A joint that lands exactly on its neighbour has no
 * direction: push it along +x (as `constraints.constrainDistance` does), never return NaN. Do the two
 * passes whatever the target: the paper's test of reach (a target beyond it gets the chain laid
 * straight) belongs to the solver, not to one iteration. You may use `vec3` and
 * `constraints.constrainDistance`, not `ik`.
 */

import type { Vec3 } from "../../lib/index.ts";
import { constraints, vec3 } from "../../lib/index.ts";

/**
 * One backward-and-forward FABRIK pass.
 * @param positions - The joints, base first, tip last (at least two points).
 * @param target - The point to reach.
 * @returns The new positions, flattened: the base unchanged, every bone its input length.
 * @example fabrikIteration([[0, 0, 0], [1, 0, 0], [2, 0, 0]], [0, 2, 0]).slice(6) // ≈ [0.0451, 1.8710, 0]
 */
export function fabrikIteration(positions: Vec3[], target: Vec3): number[] {
  // The lengths come from the input: once a pass has moved a point, its distances are no longer the bones'.
  const lengths = positions.slice(1).map((p, i) => vec3.distance(p, positions[i]!));
  const p = positions.map((x): Vec3 => [...x]);
  const n = p.length - 1;
  p[n] = [...target];
  for (let i = n - 1; i >= 0; i--) p[i] = constraints.constrainDistance(p[i]!, p[i + 1]!, lengths[i]!);
  p[0] = [...positions[0]!];
  for (let i = 1; i <= n; i++) p[i] = constraints.constrainDistance(p[i]!, p[i - 1]!, lengths[i - 1]!);
  return p.flat();
}
