/**
 * Exercise 02.4 — Intrinsic ↔ extrinsic (chapter 02, section 2).
 *
 * Intrinsic order "ABC" with angles (a, b, c) is the matrix `R_A(a) · R_B(b) · R_C(c)`; extrinsic order
 * "ABC" is `R_C(c) · R_B(b) · R_A(a)`. Read one product both ways and you find the rule: intrinsic
 * "ABC" with (a, b, c) is extrinsic "CBA" with (c, b, a). Write the conversions. The lecture's
 * `(θx, θy, θz) = Rz·Ry·Rx` is extrinsic "XYZ": which intrinsic order and angles is it?
 */

import type { EulerAngles, EulerOrder } from "../../lib/index.ts";

/**
 * The order whose other-frame reading describes the same rotations: the letters reversed.
 * @param order - Any of the 12 orders.
 * @returns The reversed order, e.g. "ZYX" for "XYZ"; a proper Euler order like "ZXZ" is its own reverse.
 * @example reversedOrder("YXZ") // "ZXY"
 */
export function reversedOrder(order: EulerOrder): EulerOrder {
  return (order[2]! + order[1]! + order[0]!) as EulerOrder;
}

/**
 * Angles for the extrinsic order `reversedOrder(order)` that give the same rotation as the intrinsic
 * `angles` in `order`.
 * @param angles - Intrinsic angles in radians, `angles[i]` about the moving axis `order[i]`.
 * @param order - The intrinsic order.
 * @returns Extrinsic angles for `reversedOrder(order)`, radians.
 * @example intrinsicToExtrinsic([0.1, 0.2, 0.3], "ZYX") // [0.3, 0.2, 0.1] for extrinsic "XYZ"
 */
export function intrinsicToExtrinsic(angles: EulerAngles, order: EulerOrder): EulerAngles {
  void order; // the order only renames the axes; the angles travel with their letters
  // The same product R_A(a)·R_B(b)·R_C(c) read right to left: C first, about the world's C axis.
  return [angles[2], angles[1], angles[0]];
}

/**
 * Angles for the intrinsic order `reversedOrder(order)` that give the same rotation as the extrinsic
 * `angles` in `order`.
 * @param angles - Extrinsic angles in radians, `angles[i]` about the fixed axis `order[i]`.
 * @param order - The extrinsic order.
 * @returns Intrinsic angles for `reversedOrder(order)`, radians.
 * @example extrinsicToIntrinsic([0.1, 0.2, 0.3], "XYZ") // [0.3, 0.2, 0.1] for intrinsic "ZYX"
 */
export function extrinsicToIntrinsic(angles: EulerAngles, order: EulerOrder): EulerAngles {
  void order;
  return [angles[2], angles[1], angles[0]];
}
