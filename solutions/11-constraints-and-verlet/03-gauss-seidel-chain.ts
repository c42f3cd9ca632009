/**
 * Exercise 11.3 — A Gauss–Seidel chain solve (chapter 11, section 5).
 *
 * A rope of particles `0 … n−1`, flat as a physics engine stores them: `positions = [x₀, y₀, z₀, x₁, …]`.
 * Link `i` joins particles `i` and `i + 1` and wants them `restLength` apart. One iteration visits the
 * links in order `i = 0, 1, …, n − 2`, and each fixes its own length at once, using the positions the
 * earlier links of this sweep left: with `d = pᵢ₊₁ − pᵢ` and error `C = |d| − restLength`, move `pᵢ` by
 * `+C·d/|d|` and `pᵢ₊₁` by `−C·d/|d|` — half each when both are free, all on the free one when the other
 * is in `pinned`, not at all when both are. Coincident particles have no direction: use `d/|d| = (1, 0, 0)`.
 * Return the positions after `iterations` sweeps, flat, without changing the input. Do not use
 * `constraints` from the library.
 */

import { type Vec3, vec3 } from "../../lib/index.ts";

/**
 * Gauss–Seidel iterations on the distance constraints of a chain.
 * @param positions - `3n` coordinates of `n ≥ 1` particles.
 * @param restLength - The length of every link, ≥ 0.
 * @param iterations - Sweeps over the links, ≥ 0.
 * @param pinned - Indices of the particles that never move.
 * @returns The `3n` coordinates after the sweeps.
 * @example gaussSeidelChain([0, 0, 0, 3, 0, 0], 1, 1, [0]) // [0, 0, 0, 1, 0, 0]
 */
export function gaussSeidelChain(
  positions: number[],
  restLength: number,
  iterations: number,
  pinned: number[],
): number[] {
  const p: Vec3[] = [];
  for (let i = 0; i < positions.length; i += 3) p.push([positions[i]!, positions[i + 1]!, positions[i + 2]!]);
  const free = p.map((_, i) => (pinned.includes(i) ? 0 : 1));
  for (let it = 0; it < iterations; it++) {
    for (let i = 0; i + 1 < p.length; i++) {
      const share = free[i]! + free[i + 1]!;
      if (share === 0) continue; // both pinned: nothing may move (and 0/0 would be NaN)
      const d = vec3.sub(p[i + 1]!, p[i]!);
      const len = vec3.length(d);
      const dir: Vec3 = len === 0 ? [1, 0, 0] : vec3.scale(d, 1 / len);
      const step = vec3.scale(dir, (len - restLength) / share);
      // Gauss–Seidel: write back at once, so the next link sees this move.
      p[i] = vec3.add(p[i]!, vec3.scale(step, free[i]!));
      p[i + 1] = vec3.sub(p[i + 1]!, vec3.scale(step, free[i + 1]!));
    }
  }
  return p.flat();
}
