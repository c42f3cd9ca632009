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

import type { Vec3 } from "../../lib/index.ts";
import { NotImplemented } from "../not-implemented.ts";

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
  // TODO: unflatten, sweep the links 0 … n−2 writing each move back at once, flatten.
  throw new NotImplemented("gaussSeidelChain");
}
