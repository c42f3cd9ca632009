/** A matrix back to (θx, θy, θz), gimbal lock included: the checks of exercises/02-euler-angles/02-matrix-to-euler.ts. */

import { type Mat3, quat, random } from "../../../lib/index.ts";
import { type Call, type Comparison, defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/02-euler-angles/02-matrix-to-euler.ts";
import { asArrived, caseRng, deg, generated, lecture } from "../cases.ts";

/**
 * Through the matrices (the answer is not unique: the other branch, and at lock a whole family, rebuild
 * the same matrix): the rotation of the triple within 1e-9 rad of the reference's.
 */
const REBUILDS = { kind: "eulerAngles", order: "XYZ", frame: "extrinsic" } satisfies Comparison;

type Case = Call<typeof solution>;

const caseOf = (m: Mat3, label: string): Case => ({ fn: "matrixToEuler", args: [m], label });

/** Lock triples (degrees). The last four, through a quaternion and back, arrive with |m[2]| = 1.0000000000000002: asin needs a clamp. */
const AT_LOCK: [number, number, number][] = [
  [0, 90, 0],
  [30, 90, 0],
  [0, 90, 45],
  [60, 90, -20],
  [10, -90, 50],
  [-120, -90, 170],
  [-173, -90, 18],
  [-159, 90, -4],
  [-159, 90, -70],
  [-166, -90, 95],
];

/** The (θx, θz) pairs {@link nearLock} probes unless told others. */
const NEAR_LOCK_PAIRS: [number, number][] = [
  [0.7, -1.3],
  [2.1, 0.4],
  [-0.9, 2.8],
];

/** `n` random (θx, θz) pairs in (−π, π)², from {@link caseRng}(`seed`). */
function randomPairs(seed: number, n: number): [number, number][] {
  const rng = caseRng(seed);
  return Array.from({ length: n }, () => [
    random.uniform(rng, -Math.PI, Math.PI),
    random.uniform(rng, -Math.PI, Math.PI),
  ]);
}

/** θy = ±90° + `off` for each offset, with each (θx, θz) pair, as matrices arrive (tiny entries rounded). */
function nearLock(offsets: number[], exactToo: boolean, pairs = NEAR_LOCK_PAIRS): Case[] {
  return offsets.flatMap((off) =>
    [Math.PI / 2, -Math.PI / 2].flatMap((lock) =>
      pairs.flatMap(([x, z]) => {
        const label = `E(${+x.toFixed(4)}, ${lock > 0 ? "" : "−"}90° ${off > 0 ? "+" : "−"} ${Math.abs(off)} rad, ${+z.toFixed(4)})`;
        const m = lecture(x!, lock + off, z!);
        return [
          ...(exactToo ? [caseOf(m, `${label}, built exactly`)] : []),
          caseOf(asArrived(m), `${label}, as arrived`),
        ];
      }),
    ),
  );
}

export default defineExercise<typeof solution>({
  title: "A matrix back to (θx, θy, θz), gimbal lock included",
  uses: ["scalar", "vec3", "mat3"],
  hints: [
    "Write out Rz(θz)·Ry(θy)·Rx(θx). Its first column is (cos θz cos θy, sin θz cos θy, −sin θy) and its last row is (−sin θy, cos θy sin θx, cos θy cos θx).",
    "θy = atan2(−m[2], hypot(m[0], m[1])) — atan2, so it stays accurate near ±90°, where asin(−m[2]) turns a rounding of 1e-16 in m[2] into 1e-8 rad (and returns NaN when rounding pushes m[2] past ±1). Away from lock, θz = atan2(m[1], m[0]) and θx = atan2(m[5], m[8]).",
    "At lock (cos θy ≈ 0) those two atan2s read only rounding noise, and next to it (cos θy ~ 1e-9) their errors no longer cancel. Set θz = 0 at lock; then m = Ry(θy)·Rx(θx), whose row 1 is (0, cos θx, −sin θx): θx = atan2(−m[7], m[4]). Better, always take θx from row 1 of Rz(θz)ᵀ·m — entries of size 1, so θx absorbs any error in θz, and it stays accurate next to lock too.",
  ],
  checks: [
    // Guards: "three angles that rebuild it" (graded through the matrix, any branch), random rotations, 1e-9 rad.
    {
      name: "random rotations",
      points: 3,
      comparison: REBUILDS,
      cases: () =>
        generated("matrixToEuler", 261, 20, (rng): [Mat3] => [quat.toMat3(random.unitQuat(rng))]).map((c) => ({
          ...c,
          label: "a random rotation",
        })),
    },
    // Guards: the lecture's E(θx, θy, θz) = Rz·Ry·Rx read back, identity and 180° included.
    {
      name: "the lecture's examples",
      points: 1,
      comparison: REBUILDS,
      cases: () => [
        caseOf(lecture(0, 0, 0), "identity"),
        caseOf(lecture(deg(180), 0, 0), "E(180°, 0, 0)"),
        caseOf(lecture(deg(30), deg(-45), deg(120)), "E(30°, −45°, 120°)"),
        // The lecture's E(θx, θy, θz) at random angles, θy within 75° of 0 (clear of lock).
        ...randomPairs(262, 2).map(([x, z], k) => {
          const y = random.uniform(caseRng(263 + k), -deg(75), deg(75));
          return caseOf(lecture(x, y, z), "E(θx, θy, θz) at random angles");
        }),
      ],
    },
    // Guards: "at θy = ±90° … choose θz = 0" (any triple that rebuilds m): both locks, built exactly and as
    // arrived (|m₂₀| = 1 + 2e-16, where asin needs a clamp).
    {
      name: "at gimbal lock (θy = ±90°)",
      points: 3,
      comparison: REBUILDS,
      cases: () =>
        AT_LOCK.flatMap(([x, y, z]) => {
          const m = lecture(deg(x), deg(y), deg(z));
          return [caseOf(m, `E(${x}°, ${y}°, ${z}°)`), caseOf(asArrived(m), `E(${x}°, ${y}°, ${z}°), as arrived`)];
        }).concat(
          // The same, at random (θx, θz) on both locks, built exactly and as arrived.
          randomPairs(265, 2).flatMap(([x, z]) =>
            [Math.PI / 2, -Math.PI / 2].flatMap((y) => {
              const m = lecture(x, y, z);
              const label = `E(${+x.toFixed(4)}, ${y > 0 ? "" : "−"}90°, ${+z.toFixed(4)})`;
              return [caseOf(m, label), caseOf(asArrived(m), `${label}, as arrived`)];
            }),
          ),
        ),
    },
    // Guards: "to 1e-9 rad even next to gimbal lock": 1e-3 and 1e-5 rad either side of both locks, exactly and as
    // arrived (asin(−m₂₀) has lost digits there; atan2 with hypot has not).
    {
      name: "near gimbal lock (1e-3 and 1e-5 rad away)",
      points: 2,
      comparison: REBUILDS,
      cases: () => [
        ...nearLock([1e-3, -1e-3, 1e-5, -1e-5], true),
        ...nearLock([1e-3, -1e-3, 1e-5, -1e-5], true, randomPairs(266, 1)), // the same offsets, a random (θx, θz)
      ],
    },
    // Guards: the same promise at the edge: 1e-7 … 1e-12 rad from lock, as arrived (a lock threshold that is too
    // wide, or θx from one pair of entries only, misses by more than 1e-9 rad).
    {
      name: "very near gimbal lock (1e-7 … 1e-12 rad away)",
      points: 1,
      hidden: true,
      comparison: REBUILDS,
      cases: () => nearLock([1e-7, -1e-8, 1e-9, -1e-10, 1e-12], false),
    },
  ],
});
