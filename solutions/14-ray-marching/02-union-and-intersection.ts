/**
 * Exercise 14.2 — Union, intersection and a smooth union (chapter 14, section 1).
 *
 * A scene is described as data: a list of shapes (`{kind: "sphere", center, radius}`,
 * `{kind: "box", center, halfExtents}`, `{kind: "plane", normal, offset}`). Build each shape's distance
 * function (`sdf.sphere`, `sdf.box`, `sdf.plane` are allowed) and combine them at `p`: the union is
 * the smallest distance, the intersection the largest. The smooth union blends the shapes pairwise,
 * folding from the left (`smin(smin(f₀, f₁), f₂) …`), with the polynomial smooth minimum
 * `smin(a, b) = min(a, b) − h²·k/4`, `h = max(k − |a − b|, 0)/k`; `k = 0` must give the plain union
 * (no 0/0). Every list has at least one shape. Not allowed: `sdf.union`, `sdf.intersection`, `sdf.smoothUnion`.
 */

import type { Vec3 } from "../../lib/index.ts";
import { sdf } from "../../lib/index.ts";

/**
 * A shape as data: a sphere, an axis-aligned box, or the solid below a plane `p·n̂ = offset`, where `n̂`
 * is `normal` normalized: a plane's `normal` may have any non-zero length.
 */
export type Shape =
  | { kind: "sphere"; center: Vec3; radius: number }
  | { kind: "box"; center: Vec3; halfExtents: Vec3 }
  | { kind: "plane"; normal: Vec3; offset: number };

/** The distances from `p` to each shape. */
function distances(p: Vec3, shapes: Shape[]): number[] {
  return shapes.map((s) =>
    s.kind === "sphere"
      ? sdf.sphere(s.center, s.radius)(p)
      : s.kind === "box"
        ? sdf.box(s.center, s.halfExtents)(p)
        : sdf.plane(s.normal, s.offset)(p),
  );
}

/**
 * The signed distance from `p` to the union of the shapes.
 * @param p - The point.
 * @param shapes - At least one shape.
 * @returns The smallest of the shapes' distances.
 * @example union([2, 0, 0], [{kind: "sphere", center: [0, 0, 0], radius: 1}, {kind: "sphere", center: [4, 0, 0], radius: 1}]) === 1
 */
export function union(p: Vec3, shapes: Shape[]): number {
  return Math.min(...distances(p, shapes));
}

/**
 * The distance bound of the intersection of the shapes at `p`.
 * @param p - The point.
 * @param shapes - At least one shape.
 * @returns The largest of the shapes' distances.
 * @example intersection([0, -3, 0], [{kind: "sphere", center: [0, 0, 0], radius: 1}, {kind: "plane", normal: [0, 1, 0], offset: 0}]) === 2
 */
export function intersection(p: Vec3, shapes: Shape[]): number {
  return Math.max(...distances(p, shapes));
}

/**
 * The smooth union of the shapes at `p`: the polynomial smooth minimum, folded from the left.
 * @param p - The point.
 * @param k - The blend width, ≥ 0 (0: the plain union).
 * @param shapes - At least one shape.
 * @returns The blended distance bound, never above {@link union}'s.
 * @example smoothUnion([0, 1, 0], 1, [{kind: "sphere", center: [-1, 0, 0], radius: 1}, {kind: "sphere", center: [1, 0, 0], radius: 1}]) // √2 − 1.25 ≈ 0.164
 */
export function smoothUnion(p: Vec3, k: number, shapes: Shape[]): number {
  const ds = distances(p, shapes);
  let d = ds[0]!;
  for (const b of ds.slice(1)) {
    // With k = 0 there is no blend, and max(k − |a − b|, 0)/k would be 0/0 = NaN everywhere.
    const h = k > 0 ? Math.max(k - Math.abs(d - b), 0) / k : 0;
    d = Math.min(d, b) - (h * h * k) / 4;
  }
  return d;
}
