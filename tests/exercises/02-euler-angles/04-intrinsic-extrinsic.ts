/** Intrinsic ↔ extrinsic: the checks of exercises/02-euler-angles/04-intrinsic-extrinsic.ts. */

import type { EulerAngles, EulerFrame, EulerOrder } from "../../../lib/index.ts";
import { type Call, type Comparison, defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/02-euler-angles/04-intrinsic-extrinsic.ts";
import { ORDERS, generated, randomAngles } from "../cases.ts";

/**
 * The answer read in the reversed order and the other frame, through its matrix: any triple that gives
 * the same rotation (the reversed angles, or another branch of them) is within 1e-9 rad.
 */
const readAs = (order: EulerOrder, frame: EulerFrame) => ({ kind: "eulerAngles", order, frame }) satisfies Comparison;

/** Cases converting one order, for a check whose comparison reads the answer in the reversed order. */
function conversionCases(
  fn: "intrinsicToExtrinsic" | "extrinsicToIntrinsic",
  order: EulerOrder,
  seed: number,
): Call<typeof solution>[] {
  return [
    { fn, args: [[0.1, 0.2, 0.3], order], label: `${order}, (0.1, 0.2, 0.3)` },
    ...generated(fn, seed, 8, (rng): [EulerAngles, EulerOrder] => [randomAngles(rng), order]),
  ];
}

export default defineExercise<typeof solution>({
  title: "Intrinsic ↔ extrinsic",
  uses: ["scalar", "vec3", "mat3"],
  hints: [
    "Write both products for the same three letters: intrinsic ABC is R_A(a)·R_B(b)·R_C(c), extrinsic ABC is R_C(c)·R_B(b)·R_A(a). Which extrinsic order has R_A on the left?",
    "Extrinsic CBA with angles (c', b', a') is R_A(a')·R_B(b')·R_C(c'). Match it with intrinsic ABC: the letters and the angles are both reversed.",
    'So reversedOrder("XYZ") is "ZYX", and both conversions return [angles[2], angles[1], angles[0]]. The lecture\'s (θx, θy, θz) = Rz·Ry·Rx is intrinsic ZYX with (θz, θy, θx).',
  ],
  checks: [
    // Guards: reversedOrder: the letters reversed, for all 12 orders (a proper Euler order is its own reverse).
    {
      name: "reversed orders",
      points: 1,
      comparison: { kind: "exact" },
      cases: () => [
        ...ORDERS.map((order) => ({ fn: "reversedOrder" as const, args: [order] as [EulerOrder], label: order })),
        // Three of them again, drawn at random. (Only 12 orders exist, so this reorders what is shipped
        // rather than asking anything new; the check is worth 1 point.)
        ...generated("reversedOrder", 296, 3, (rng): [EulerOrder] => [ORDERS[Math.floor(rng() * ORDERS.length)]!]).map(
          (c) => ({ ...c, label: `${c.args[0]}, drawn at random` }),
        ),
      ],
    },
    // Guards: intrinsic "ABC" with (a, b, c) is extrinsic "CBA" with (c, b, a): the lecture's case, through the
    // matrices.
    {
      name: "intrinsic ZYX → extrinsic XYZ (the lecture's Rz·Ry·Rx)",
      points: 2,
      comparison: readAs("XYZ", "extrinsic"),
      cases: () => conversionCases("intrinsicToExtrinsic", "ZYX", 291),
    },
    // Guards: the converse, extrinsic → intrinsic.
    {
      name: "extrinsic XYZ → intrinsic ZYX",
      points: 2,
      comparison: readAs("ZYX", "intrinsic"),
      cases: () => conversionCases("extrinsicToIntrinsic", "XYZ", 292),
    },
    // Guards: the rule for another Tait–Bryan order (the conversion does not depend on XYZ).
    {
      name: "intrinsic YXZ → extrinsic ZXY",
      points: 1,
      comparison: readAs("ZXY", "extrinsic"),
      cases: () => conversionCases("intrinsicToExtrinsic", "YXZ", 293),
    },
    // Guards: the rule for a proper Euler order (its own reverse).
    {
      name: "proper Euler: intrinsic ZXZ → extrinsic ZXZ",
      points: 1,
      comparison: readAs("ZXZ", "extrinsic"),
      cases: () => conversionCases("intrinsicToExtrinsic", "ZXZ", 294),
    },
    // Guards: the converse for a third order.
    {
      name: "extrinsic XZY → intrinsic YZX",
      points: 1,
      hidden: true,
      comparison: readAs("YZX", "intrinsic"),
      cases: () => conversionCases("extrinsicToIntrinsic", "XZY", 295),
    },
  ],
});
