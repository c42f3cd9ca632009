/** The angular speed profile of a path: the checks of exercises/05-interpolating-rotations/04-angular-speed.ts. */

import { type Quat, interpolate, quat, random } from "../../../lib/index.ts";
import { type Call, defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/05-interpolating-rotations/04-angular-speed.ts";
import { deg, generated, near, negate, numbers } from "../cases.ts";

/** `n + 1` samples of `path` at t = 0, 1/n, …, 1. */
const samples = (path: (t: number) => Quat, n: number): Quat[] =>
  interpolate.sampleRotationPath(path, n).map((s) => s.q);

export default defineExercise<typeof solution>({
  title: "The angular speed profile of a path",
  uses: ["scalar", "vec3"],
  hints: [
    "The rotation from a to b is d = a⁻¹·b = a*·b. Written out with a = (av, aw), b = (bv, bw): d.xyz = aw·bv − bw·av − av × bv and d.w = aw·bw + av·bv (vec3.scale, vec3.sub, vec3.cross, vec3.dot). For a rotation by θ, d = (sin(θ/2)·n, cos(θ/2)).",
    "θ = 2·atan2(|d.xyz|, |d.w|). The |d.w| makes −b count as b (so the angle is in [0, π]); atan2 keeps every digit when θ is tiny, where 2·acos(d.w) gives 0 or garbage.",
    "With n samples the step in t is 1/(n − 1): speed i = angleBetween(samples[i], samples[i + 1]) · (n − 1).",
  ],
  checks: [
    // Guards: the angle of a⁻¹·b in [0, π], to 1e-12 rad, at landmark and random angles.
    {
      name: "angle between rotations",
      points: 2,
      comparison: { kind: "numbers", atol: 1e-12, rtol: 0 },
      cases: () => [
        {
          fn: "angleBetween",
          args: [quat.identity(), quat.fromAxisAngle([0, 0, 1], deg(90))],
          label: "0° → 90° about Z",
        },
        {
          fn: "angleBetween",
          args: [quat.identity(), quat.fromAxisAngle([1, 0, 0], Math.PI)],
          label: "a half turn",
        },
        {
          fn: "angleBetween",
          args: [quat.fromAxisAngle([0, 1, 0], deg(170)), quat.fromAxisAngle([0, 1, 0], deg(-170))],
          label: "170° and −170° about Y are 20° apart",
        },
        ...generated("angleBetween", 5401, 15, (rng) => [random.unitQuat(rng), random.unitQuat(rng)]),
      ],
    },
    // Guards: "remember q ≡ −q" / "0 when b = ±a": the −b branch exactly (1e-15 rad).
    {
      name: "q and −q are 0 apart",
      points: 1,
      comparison: { kind: "numbers", atol: 1e-15, rtol: 0 },
      cases: () =>
        generated("angleBetween", 5402, 20, (rng) => {
          const q = random.unitQuat(rng);
          return [q, negate(q)];
        }),
    },
    // Guards: "accurate at every angle, also next to π": half turns and turns 1e-4 … 1e-9 rad short of one,
    // to the same 1e-12 rad. There |d.xyz| = cos(ε/2) ≈ 1 and 2·asin of it has lost half its digits
    // (4e-10 rad at π − 1e-6), or is NaN when the rounded length passes 1.
    {
      name: "near a half turn (π − 1e-4 … π − 1e-9, and π)",
      points: 1,
      comparison: { kind: "numbers", atol: 1e-12, rtol: 0 },
      cases: () => [
        ...[1e-4, 1e-6, 1e-9].map((eps): Call<typeof solution> => ({
          fn: "angleBetween",
          args: [quat.identity(), quat.fromAxisAngle([2, -1, 2], Math.PI - eps)],
          label: `identity and π − ${eps} about (2, −1, 2)`,
        })),
        ...generated("angleBetween", 5409, 6, (rng) => {
          const a = random.unitQuat(rng);
          return [a, near(rng, a, Math.PI - 10 ** random.uniform(rng, -9, -4))];
        }).map((c) => ({ ...c, label: "b = a turned π − 1e-9 … π − 1e-4 rad about a random axis" })),
        ...generated("angleBetween", 5410, 2, (rng) => {
          const a = random.unitQuat(rng);
          return [a, near(rng, a, Math.PI)];
        }).map((c) => ({ ...c, label: "b = a turned π about a random axis" })),
      ],
    },
    // Guards: "stay accurate for tiny steps … where 2·acos(a·b) has lost every digit", at 1e-9 rad (rtol 1e-6).
    {
      name: "tiny angles (1e-9 rad)",
      points: 2,
      comparison: { kind: "numbers", atol: 0, rtol: 1e-6 },
      cases: () =>
        generated("angleBetween", 5403, 10, (rng) => {
          const a = random.unitQuat(rng);
          return [a, near(rng, a, 1e-9)];
        }).map((c) => ({ ...c, label: "b = a turned 1e-9 rad about a random axis" })),
    },
    // Guards: the speed of a path sampled at t = 0, 1/(n−1), …, 1: angle over the step 1/(n − 1).
    {
      name: "speed profiles of slerp, nlerp and Euler paths",
      points: 3,
      comparison: { kind: "numbers", atol: 1e-9, rtol: 1e-9 },
      cases: () => {
        const a = quat.fromAxisAngle([1, 0, 0], 0.3);
        const b = quat.multiply(quat.fromAxisAngle([0.3, 1, -0.2], deg(150)), a);
        const ea: [number, number, number] = [0, 0, 0];
        const eb: [number, number, number] = [deg(90), deg(60), deg(-40)];
        return [
          { fn: "speedProfile", args: [samples((t) => interpolate.slerp(a, b, t), 20)], label: "slerp, 150°" },
          { fn: "speedProfile", args: [samples((t) => interpolate.nlerp(a, b, t), 20)], label: "nlerp, 150°" },
          {
            fn: "speedProfile",
            args: [samples((t) => interpolate.eulerLerp(ea, eb, t, "XYZ"), 20)],
            label: "Euler XYZ lerp (0, 0, 0) → (90°, 60°, −40°)",
          },
          { fn: "speedProfile", args: [[quat.identity(), quat.identity()]], label: "standing still" },
          // The same three paths between random ends: a random start turned 150° about a random axis, and
          // Euler angles lerped between random triples (|θy| ≤ 45°, away from gimbal lock).
          ...generated("speedProfile", 5405, 1, (rng) => {
            const ra = random.unitQuat(rng);
            const rb = quat.multiply(quat.fromAxisAngle(random.unitVector(rng), deg(150)), ra);
            return [samples((t) => interpolate.slerp(ra, rb, t), 20)];
          }).map((c) => ({ ...c, label: "slerp, 150° from a random start" })),
          ...generated("speedProfile", 5406, 1, (rng) => {
            const ra = random.unitQuat(rng);
            const rb = quat.multiply(quat.fromAxisAngle(random.unitVector(rng), deg(150)), ra);
            return [samples((t) => interpolate.nlerp(ra, rb, t), 20)];
          }).map((c) => ({ ...c, label: "nlerp, 150° from a random start" })),
          ...generated("speedProfile", 5407, 1, (rng) => {
            const angles = (): [number, number, number] => [
              random.uniform(rng, -Math.PI, Math.PI),
              random.uniform(rng, deg(-45), deg(45)),
              random.uniform(rng, -Math.PI, Math.PI),
            ];
            const [from, to] = [angles(), angles()];
            return [samples((t) => interpolate.eulerLerp(from, to, t, "XYZ"), 20)];
          }).map((c) => ({ ...c, label: "Euler XYZ lerp between random angles" })),
        ] satisfies Call<typeof solution>[];
      },
    },
    // Guards: "signs may flip between them" (the samples' q ≡ −q inside a profile).
    {
      name: "signs that flip between samples",
      points: 1,
      comparison: { kind: "numbers", atol: 1e-9, rtol: 1e-9 },
      cases: () => [
        {
          fn: "speedProfile",
          args: [
            samples((t) => quat.fromAxisAngle([0, 1, 0], deg(120) * t), 10).map((q, i) => (i % 2 ? negate(q) : q)),
          ],
          label: "120° about Y, every other sample negated",
        },
        // The same for a random turn (60° … 170°) about a random axis from a random start.
        ...generated("speedProfile", 5408, 1, (rng) => {
          const a = random.unitQuat(rng);
          const axis = random.unitVector(rng);
          const angle = random.uniform(rng, deg(60), deg(170));
          return [
            samples((t) => quat.multiply(quat.fromAxisAngle(axis, angle * t), a), 10).map((q, i) =>
              i % 2 ? negate(q) : q,
            ),
          ];
        }).map((c) => ({ ...c, label: "a random turn, every other sample negated" })),
      ],
    },
    // Guards: "stay accurate for tiny steps" inside a profile: 1e-7 rad a step, 1001 samples (rtol 1e-6).
    {
      name: "dense sampling of a slow turn",
      points: 1,
      hidden: true,
      comparison: { kind: "numbers", atol: 0, rtol: 1e-6 },
      cases: () =>
        generated("speedProfile", 5404, 3, (rng) => {
          const a = random.unitQuat(rng);
          const axis = random.unitVector(rng);
          return [samples((t) => quat.multiply(quat.fromAxisAngle(axis, 1e-4 * t), a), 1000)];
        }).map((c) => ({ ...c, label: "1001 samples of a 1e-4 rad turn (1e-7 rad a step)" })),
    },
  ],
});
