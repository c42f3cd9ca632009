/**
 * Exercise 11.6 — A distance constraint between unequal masses (chapter 11, section 5).
 *
 * Make the link between particles `a` and `b` exactly `length` long by moving both along the line through
 * them, the correction split by their **inverse masses** `wa = 1/ma` and `wb = 1/mb`: with the error
 * `C = |b − a| − length` and `n` the unit vector from `a` to `b`, `a` moves `+wa/(wa + wb)·C·n` and `b`
 * moves `−wb/(wa + wb)·C·n`. Equal weights give the blog's half each; masses 1 and 3 (`wa = 1, wb = 1/3`)
 * move `a` ¾ of the way and `b` ¼. A pinned particle has `w = 0`: it stays exactly where it is and the
 * other takes the whole correction; when both are pinned neither moves (no 0/0). Only the ratio of the
 * weights matters, so weights of any size (1e-12 … 1e12) split the same way. Coincident particles have
 * no direction: use `n = (1, 0, 0)`, the course's one fallback (so `b` ends up on the +x side). Particles
 * 1e-170 apart still have a direction. Return `[a'x, a'y, a'z, b'x, b'y, b'z]`, without changing the
 * inputs. You may use `vec3`; not `constraints`.
 */

import type { Vec3 } from "../../lib/index.ts";
import { NotImplemented } from "../not-implemented.ts";

/**
 * Projects one distance constraint between two weighted particles.
 * @param a - The first particle (any length unit).
 * @param b - The second particle.
 * @param length - The rest length, ≥ 0.
 * @param wa - The inverse mass of `a`, finite and ≥ 0 (0: pinned).
 * @param wb - The inverse mass of `b`, finite and ≥ 0 (0: pinned).
 * @returns The six coordinates of the moved `a` and `b`, flat.
 * @example projectPair([0, 0, 0], [2, 0, 0], 1, 1, 1 / 3) // [0.75, 0, 0, 1.75, 0, 0]
 */
export function projectPair(a: Vec3, b: Vec3, length: number, wa: number, wb: number): number[] {
  // TODO: split the correction C·n as wa : wb; nothing moves when wa + wb = 0; n = (1, 0, 0) when a = b.
  throw new NotImplemented("projectPair");
}
