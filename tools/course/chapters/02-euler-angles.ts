/** Chapter 02's exercises: angles → matrix, matrix → angles with the lock branch, detecting lock, intrinsic ↔ extrinsic. */

import { type EulerAngles, type EulerOrder, euler, quat, random, scalar } from "../../../lib/index.ts";
import { generated } from "../cases.ts";
import type { Case, Chapter } from "../types.ts";

const deg = scalar.degToRad;
const ORDERS = euler.ORDERS;
const randomAngles = (rng: random.Rng): EulerAngles => [
  random.uniform(rng, -Math.PI, Math.PI),
  random.uniform(rng, -Math.PI, Math.PI),
  random.uniform(rng, -Math.PI, Math.PI),
];
/** The lecture's (θx, θy, θz) = Rz·Ry·Rx, as a matrix. */
const lecture = (x: number, y: number, z: number) => euler.toMat3([x, y, z], "XYZ", "extrinsic");
const lockAngles = (order: EulerOrder) => (euler.isProperEuler(order) ? [0, Math.PI] : [Math.PI / 2, -Math.PI / 2]);

/** Cases converting one order, for a check whose comparison reads the answer in the reversed order. */
function conversionCases(fn: string, order: EulerOrder, seed: number): Case[] {
  return [
    { fn, args: [[0.1, 0.2, 0.3], order], label: `${order}, (0.1, 0.2, 0.3)` },
    ...generated(fn, seed, 8, (rng) => [randomAngles(rng), order]),
  ];
}

export const chapter02: Chapter = {
  id: "02-euler-angles",
  title: "Euler angles and gimbal lock",
  exercises: [
    {
      id: "euler-to-matrix",
      title: "Euler angles to a matrix, any order and frame",
      file: "02-euler-angles/01-euler-to-matrix.ts",
      exports: ["eulerToMatrix"],
      timeLimitMs: 5000,
      hints: [
        "Make the three canonical matrices first: r0 about order[0] by angles[0], r1 about order[1] by angles[1], r2 about order[2] by angles[2].",
        "Intrinsic (moving axes) is r0·r1·r2; extrinsic (fixed axes) is r2·r1·r0 — the first rotation to act stands next to the vector.",
        'Check with the lecture: extrinsic "XYZ" must give Rz(θz)·Ry(θy)·Rx(θx). Proper Euler orders like "ZXZ" use the same code: the first and last matrices are just about the same axis.',
      ],
      checks: [
        {
          name: "the lecture's Rz·Ry·Rx (extrinsic XYZ)",
          points: 2,
          visibility: "visible",
          comparison: { kind: "rotationMatrix" },
          cases: () => [
            { fn: "eulerToMatrix", args: [[deg(90), 0, 0], "XYZ", "extrinsic"], label: "(90°, 0, 0)" },
            { fn: "eulerToMatrix", args: [[deg(30), deg(45), deg(60)], "XYZ", "extrinsic"], label: "(30°, 45°, 60°)" },
            { fn: "eulerToMatrix", args: [[deg(180), 0, 0], "XYZ", "extrinsic"], label: "(180°, 0, 0)" },
            { fn: "eulerToMatrix", args: [[0, deg(180), deg(180)], "XYZ", "extrinsic"], label: "(0, 180°, 180°)" },
          ],
        },
        {
          name: "all 12 orders, intrinsic",
          points: 3,
          visibility: "visible",
          comparison: { kind: "rotationMatrix" },
          cases: () =>
            ORDERS.flatMap((order, i) =>
              generated("eulerToMatrix", 211 + i, 2, (rng) => [randomAngles(rng), order, "intrinsic"]).map((c) => ({
                ...c,
                label: `${order} intrinsic`,
              })),
            ),
        },
        {
          name: "all 12 orders, extrinsic",
          points: 3,
          visibility: "visible",
          comparison: { kind: "rotationMatrix" },
          cases: () =>
            ORDERS.flatMap((order, i) =>
              generated("eulerToMatrix", 231 + i, 2, (rng) => [randomAngles(rng), order, "extrinsic"]).map((c) => ({
                ...c,
                label: `${order} extrinsic`,
              })),
            ),
        },
        {
          name: "large angles and gimbal lock",
          points: 1,
          visibility: "hidden",
          comparison: { kind: "rotationMatrix" },
          cases: () => [
            ...generated("eulerToMatrix", 251, 12, (rng) => [
              [random.uniform(rng, -20, 20), random.uniform(rng, -20, 20), random.uniform(rng, -20, 20)],
              ORDERS[Math.floor(rng() * 12)]!,
              rng() < 0.5 ? "intrinsic" : "extrinsic",
            ]),
            ...ORDERS.map((order) => ({
              fn: "eulerToMatrix",
              args: [[0.4, lockAngles(order)[0]!, -1.2], order, "intrinsic"],
              label: `${order} at lock`,
            })),
          ],
        },
      ],
    },
    {
      id: "matrix-to-euler",
      title: "A matrix back to (θx, θy, θz), gimbal lock included",
      file: "02-euler-angles/02-matrix-to-euler.ts",
      exports: ["matrixToEuler"],
      timeLimitMs: 5000,
      hints: [
        "Write out Rz(θz)·Ry(θy)·Rx(θx). Its first column is (cos θz cos θy, sin θz cos θy, −sin θy) and its last row is (−sin θy, cos θy sin θx, cos θy cos θx).",
        "θy = atan2(−m[2], hypot(m[0], m[1])) — atan2, so it stays accurate near ±90° where asin does not. Away from lock, θz = atan2(m[1], m[0]) and θx = atan2(m[5], m[8]).",
        "At lock (cos θy ≈ 0) those two atan2s see only rounding noise. Set θz = 0; then m = Ry(θy)·Rx(θx), whose row 1 is (0, cos θx, −sin θx): θx = atan2(−m[7], m[4]). Even better, always take θx from row 1 of Rz(θz)ᵀ·m — it stays accurate next to lock too.",
      ],
      checks: [
        {
          name: "random rotations",
          points: 3,
          visibility: "visible",
          comparison: { kind: "eulerAngles", order: "XYZ", frame: "extrinsic" },
          cases: () =>
            generated("matrixToEuler", 261, 20, (rng) => [quat.toMat3(random.unitQuat(rng))]).map((c) => ({
              ...c,
              label: "a random rotation",
            })),
        },
        {
          name: "the lecture's examples",
          points: 1,
          visibility: "visible",
          comparison: { kind: "eulerAngles", order: "XYZ", frame: "extrinsic" },
          cases: () => [
            { fn: "matrixToEuler", args: [lecture(0, 0, 0)], label: "identity" },
            { fn: "matrixToEuler", args: [lecture(deg(180), 0, 0)], label: "E(180°, 0, 0)" },
            { fn: "matrixToEuler", args: [lecture(deg(30), deg(-45), deg(120))], label: "E(30°, −45°, 120°)" },
          ],
        },
        {
          name: "at gimbal lock (θy = ±90°)",
          points: 3,
          visibility: "visible",
          comparison: { kind: "eulerAngles", order: "XYZ", frame: "extrinsic" },
          cases: () =>
            [
              [0, 90, 0],
              [30, 90, 0],
              [0, 90, 45],
              [60, 90, -20],
              [10, -90, 50],
              [-120, -90, 170],
            ].map(([x, y, z]) => ({
              fn: "matrixToEuler",
              args: [lecture(deg(x!), deg(y!), deg(z!))],
              label: `E(${x}°, ${y}°, ${z}°)`,
            })),
        },
        {
          name: "near gimbal lock (1e-3 and 1e-5 rad away)",
          points: 2,
          visibility: "visible",
          comparison: { kind: "eulerAngles", order: "XYZ", frame: "extrinsic" },
          cases: () =>
            [1e-3, -1e-3, 1e-5, -1e-5].flatMap((off) =>
              [Math.PI / 2, -Math.PI / 2].map((lock) => ({
                fn: "matrixToEuler",
                args: [lecture(0.7, lock + off, -1.3)],
                label: `θy = ${lock > 0 ? "" : "−"}90° ${off > 0 ? "+" : "−"} ${Math.abs(off)} rad`,
              })),
            ),
        },
        {
          name: "very near gimbal lock (1e-7 … 1e-10 rad away)",
          points: 1,
          visibility: "hidden",
          comparison: { kind: "eulerAngles", order: "XYZ", frame: "extrinsic" },
          cases: () =>
            [1e-7, -1e-8, 1e-9, -1e-10].flatMap((off) =>
              [Math.PI / 2, -Math.PI / 2].map((lock) => ({
                fn: "matrixToEuler",
                args: [lecture(2.1, lock + off, 0.4)],
              })),
            ),
        },
      ],
    },
    {
      id: "detect-gimbal-lock",
      title: "Detecting gimbal lock",
      file: "02-euler-angles/03-detect-gimbal-lock.ts",
      exports: ["lockDistance", "isGimbalLock"],
      timeLimitMs: 5000,
      hints: [
        "Tait–Bryan orders (three different letters) lock where cos(middle) = 0; proper Euler orders (first letter = last) where sin(middle) = 0. order[0] === order[2] tells them apart.",
        "The distance from b to the nearest zero of cos b is asin(|cos b|) — but asin loses digits near 1. atan2(|cos b|, |sin b|) gives the same angle accurately, and needs no wrapping of b.",
        "isGimbalLock is then one comparison: lockDistance(angles, order) <= toleranceRad.",
      ],
      checks: [
        {
          name: "Tait–Bryan orders lock at ±90°",
          points: 2,
          visibility: "visible",
          comparison: { kind: "exact" },
          cases: () =>
            (
              [
                [[0.3, deg(90), 1], "XYZ", true],
                [[0.3, deg(-90), 1], "ZYX", true],
                [[2, deg(90) + 1e-12, -1], "YXZ", true],
                [[0.3, deg(45), 1], "XYZ", false],
                [[0.3, 0, 1], "ZXY", false],
                [[0.3, deg(180), 1], "YZX", false],
              ] as const
            ).map(([angles, order]) => ({
              fn: "isGimbalLock",
              args: [[...angles], order, 1e-9],
              label: `${order}, middle ${scalar.radToDeg(angles[1]).toFixed(0)}°`,
            })),
        },
        {
          name: "proper Euler orders lock at 0° and 180°",
          points: 2,
          visibility: "visible",
          comparison: { kind: "exact" },
          cases: () =>
            (
              [
                [[0.3, 0, 1], "ZXZ"],
                [[0.3, deg(180), 1], "ZYZ"],
                [[0.3, deg(-180), 1], "XYX"],
                [[0.3, deg(90), 1], "ZXZ"],
                [[0.3, deg(-90), 1], "YZY"],
                [[0.3, deg(30), 1], "XZX"],
              ] as const
            ).map(([angles, order]) => ({
              fn: "isGimbalLock",
              args: [[...angles], order, 1e-9],
              label: `${order}, middle ${scalar.radToDeg(angles[1]).toFixed(0)}°`,
            })),
        },
        {
          name: "distance to lock, all orders",
          points: 3,
          visibility: "visible",
          comparison: { kind: "numbers", atol: 1e-7, rtol: 0 },
          cases: () => [
            { fn: "lockDistance", args: [[0, deg(60), 0], "XYZ"], label: "XYZ, middle 60° (30° from lock)" },
            { fn: "lockDistance", args: [[0, deg(60), 0], "ZXZ"], label: "ZXZ, middle 60° (60° from lock)" },
            { fn: "lockDistance", args: [[0, deg(270), 0], "ZYX"], label: "ZYX, middle 270° (= −90°: locked)" },
            { fn: "lockDistance", args: [[0, deg(-200), 0], "YZY"], label: "YZY, middle −200° (20° from 180°)" },
            ...ORDERS.flatMap((order, i) =>
              generated("lockDistance", 281 + i, 2, (rng) => [randomAngles(rng), order]).map((c) => ({
                ...c,
                label: order,
              })),
            ),
          ],
        },
        {
          name: "angles beyond ±180° and the tolerance",
          points: 1,
          visibility: "hidden",
          comparison: { kind: "exact" },
          cases: () => [
            { fn: "isGimbalLock", args: [[0, deg(450), 0], "XYZ", 1e-9] },
            { fn: "isGimbalLock", args: [[0, deg(-270), 0], "ZXY", 1e-9] },
            { fn: "isGimbalLock", args: [[0, deg(540), 0], "ZXZ", 1e-9] },
            { fn: "isGimbalLock", args: [[0, deg(720) + 0.01, 0], "ZXZ", 1e-9] },
            { fn: "isGimbalLock", args: [[0, deg(90) - 1e-3, 0], "XYZ", 1e-2] },
            { fn: "isGimbalLock", args: [[0, deg(90) - 1e-3, 0], "XYZ", 1e-4] },
            { fn: "isGimbalLock", args: [[0, deg(180) + 1e-3, 0], "YXY", 1e-2] },
            { fn: "isGimbalLock", args: [[0, deg(180) + 1e-3, 0], "YXY", 1e-4] },
          ],
        },
      ],
    },
    {
      id: "intrinsic-extrinsic",
      title: "Intrinsic ↔ extrinsic",
      file: "02-euler-angles/04-intrinsic-extrinsic.ts",
      exports: ["reversedOrder", "intrinsicToExtrinsic", "extrinsicToIntrinsic"],
      timeLimitMs: 5000,
      hints: [
        "Write both products for the same three letters: intrinsic ABC is R_A(a)·R_B(b)·R_C(c), extrinsic ABC is R_C(c)·R_B(b)·R_A(a). Which extrinsic order has R_A on the left?",
        "Extrinsic CBA with angles (c', b', a') is R_A(a')·R_B(b')·R_C(c'). Match it with intrinsic ABC: the letters and the angles are both reversed.",
        'So reversedOrder("XYZ") is "ZYX", and both conversions return [angles[2], angles[1], angles[0]]. The lecture\'s (θx, θy, θz) = Rz·Ry·Rx is intrinsic ZYX with (θz, θy, θx).',
      ],
      checks: [
        {
          name: "reversed orders",
          points: 1,
          visibility: "visible",
          comparison: { kind: "exact" },
          cases: () => ORDERS.map((order) => ({ fn: "reversedOrder", args: [order], label: order })),
        },
        {
          name: "intrinsic ZYX → extrinsic XYZ (the lecture's Rz·Ry·Rx)",
          points: 2,
          visibility: "visible",
          comparison: { kind: "eulerAngles", order: "XYZ", frame: "extrinsic" },
          cases: () => conversionCases("intrinsicToExtrinsic", "ZYX", 291),
        },
        {
          name: "extrinsic XYZ → intrinsic ZYX",
          points: 2,
          visibility: "visible",
          comparison: { kind: "eulerAngles", order: "ZYX", frame: "intrinsic" },
          cases: () => conversionCases("extrinsicToIntrinsic", "XYZ", 292),
        },
        {
          name: "intrinsic YXZ → extrinsic ZXY",
          points: 1,
          visibility: "visible",
          comparison: { kind: "eulerAngles", order: "ZXY", frame: "extrinsic" },
          cases: () => conversionCases("intrinsicToExtrinsic", "YXZ", 293),
        },
        {
          name: "proper Euler ZXZ → ZXZ, both ways",
          points: 1,
          visibility: "visible",
          comparison: { kind: "eulerAngles", order: "ZXZ", frame: "extrinsic" },
          cases: () => conversionCases("intrinsicToExtrinsic", "ZXZ", 294),
        },
        {
          name: "extrinsic XZY → intrinsic YZX",
          points: 1,
          visibility: "hidden",
          comparison: { kind: "eulerAngles", order: "YZX", frame: "intrinsic" },
          cases: () => conversionCases("extrinsicToIntrinsic", "XZY", 295),
        },
      ],
    },
  ],
};
