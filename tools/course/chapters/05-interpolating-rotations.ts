/** Chapter 05's exercises: angle wrapping, nlerp, slerp, the angular speed profile of a path, squad. */

import { type Quat, interpolate, quat, random, scalar } from "../../../lib/index.ts";
import { generated } from "../cases.ts";
import type { Case, Chapter } from "../types.ts";

const deg = scalar.degToRad;
const negate = (q: Quat): Quat => [-q[0], -q[1], -q[2], -q[3]];
/** A rotation `angleRad` away from `q`, about a random axis. */
const near = (rng: random.Rng, q: Quat, angleRad: number): Quat =>
  quat.multiply(q, quat.fromAxisAngle(random.unitVector(rng), angleRad));
/** `n + 1` samples of `path` at t = 0, 1/n, …, 1. */
const samples = (path: (t: number) => Quat, n: number): Quat[] =>
  interpolate.sampleRotationPath(path, n).map((s) => s.q);
/** A random angle whose wrapped value keeps away from ±π, where rounding could land on either end. */
const awayFromPi = (rng: random.Rng, range: number): number => {
  for (;;) {
    const a = random.uniform(rng, -range, range);
    if (Math.abs(scalar.wrapAngle(a)) < Math.PI - 1e-6) return a;
  }
};

export const chapter05: Chapter = {
  id: "05-interpolating-rotations",
  title: "Interpolating rotations",
  exercises: [
    {
      id: "wrap-angle",
      title: "Wrap an angle; turn the short way round",
      file: "05-interpolating-rotations/01-wrap-angle.ts",
      exports: ["wrapAngle", "lerpAngle"],
      timeLimitMs: 5000,
      hints: [
        "Adding or subtracting 2π does not change a direction. `angle % (2 * Math.PI)` already lands in (−2π, 2π), keeping the sign of the angle.",
        "After `%`, one correction is enough: above π subtract 2π, at or below −π add 2π. That `<=` is what keeps +π and turns −π into +π.",
        "lerpAngle: the turn is wrapAngle(to − from), at most π either way. Add t times it to `from`, and wrap the sum.",
      ],
      checks: [
        {
          name: "wrapAngle lands in (−π, π]",
          points: 2,
          visibility: "visible",
          comparison: { kind: "numbers", atol: 1e-12, rtol: 0 },
          cases: () => [
            { fn: "wrapAngle", args: [deg(340)], label: "340° → −20°" },
            { fn: "wrapAngle", args: [deg(-190)], label: "−190° → 170°" },
            { fn: "wrapAngle", args: [deg(725)], label: "725° → 5°" },
            { fn: "wrapAngle", args: [0], label: "0 stays 0" },
            { fn: "wrapAngle", args: [deg(-45)], label: "−45° stays −45°" },
            ...generated("wrapAngle", 5101, 15, (rng) => [awayFromPi(rng, 20)]),
          ],
        },
        {
          name: "the closed end: +π stays, −π becomes +π",
          points: 1,
          visibility: "visible",
          comparison: { kind: "numbers", atol: 1e-12, rtol: 0 },
          cases: () => [
            { fn: "wrapAngle", args: [Math.PI], label: "+π" },
            { fn: "wrapAngle", args: [-Math.PI], label: "−π" },
          ],
        },
        {
          name: "lerpAngle turns the short way (−170° → 170° is 20°)",
          points: 3,
          visibility: "visible",
          comparison: { kind: "numbers", atol: 1e-12, rtol: 0 },
          cases: () => [
            ...[0, 0.25, 0.75, 1].map((t) => ({
              fn: "lerpAngle",
              args: [deg(-170), deg(170), t],
              label: `−170° → 170° at t = ${t}`,
            })),
            { fn: "lerpAngle", args: [deg(10), deg(350), 0.5], label: "10° → 350° at t = ½ passes 0°" },
            { fn: "lerpAngle", args: [deg(30), deg(90), 0.5], label: "30° → 90° at t = ½" },
            { fn: "lerpAngle", args: [deg(720 + 30), deg(-270), 0.5], label: "750° → −270° at t = ½" },
          ],
        },
        {
          name: "random headings",
          points: 2,
          visibility: "visible",
          comparison: { kind: "numbers", atol: 1e-12, rtol: 0 },
          cases: () =>
            generated("lerpAngle", 5102, 20, (rng) => {
              for (;;) {
                const from = random.uniform(rng, -Math.PI, Math.PI);
                const to = random.uniform(rng, -Math.PI, Math.PI);
                const t = rng();
                const turn = scalar.wrapAngle(to - from);
                // Keep away from exactly opposite headings (either way is shortest) and from landing on ±π.
                if (Math.abs(turn) < Math.PI - 1e-6 && Math.abs(scalar.wrapAngle(from + t * turn)) < Math.PI - 1e-6)
                  return [from, to, t];
              }
            }),
        },
        {
          name: "large angles (many turns)",
          points: 1,
          visibility: "hidden",
          comparison: { kind: "numbers", atol: 1e-9, rtol: 0 },
          cases: () => generated("wrapAngle", 5103, 10, (rng) => [awayFromPi(rng, 1e4)]),
        },
      ],
    },
    {
      id: "nlerp",
      title: "Normalized lerp",
      file: "05-interpolating-rotations/02-nlerp.ts",
      exports: ["nlerp"],
      timeLimitMs: 5000,
      hints: [
        "Blend each of the four components: q[i] = (1 − t)·a[i] + t·b[i]. Then divide by the length of q.",
        "q and −q are the same rotation but different points in 4D. If a·b < 0, blending towards b takes the long way (and passes near 0): blend towards −b.",
        "The short-arc flip is the same as using −t instead of t for b's weight. Check the result at t = 0 and t = 1: it must be a and ±b.",
      ],
      checks: [
        {
          name: "endpoints",
          points: 1,
          visibility: "visible",
          comparison: { kind: "rotationQuat", toleranceRad: 1e-12 },
          cases: () =>
            generated("nlerp", 5201, 5, (rng) => [random.unitQuat(rng), random.unitQuat(rng), 0]).concat(
              generated("nlerp", 5202, 5, (rng) => [random.unitQuat(rng), random.unitQuat(rng), 1]),
            ),
        },
        {
          name: "unit length, the reference's path",
          points: 3,
          visibility: "visible",
          comparison: { kind: "rotationQuat" },
          cases: () =>
            generated("nlerp", 5203, 20, (rng) => {
              const a = random.unitQuat(rng);
              const b = random.unitQuat(rng);
              return [a, quat.dot(a, b) < 0 ? negate(b) : b, rng()];
            }),
        },
        {
          name: "short arc (a·b < 0)",
          points: 2,
          visibility: "visible",
          comparison: { kind: "rotationQuat" },
          cases: () => [
            {
              fn: "nlerp",
              args: [quat.identity(), negate(quat.fromAxisAngle([0, 1, 0], deg(60))), 0.5],
              label: "identity → −(60° about Y), t = ½: 30° about Y",
            },
            ...generated("nlerp", 5204, 10, (rng) => {
              const a = random.unitQuat(rng);
              const b = random.unitQuat(rng);
              return [a, quat.dot(a, b) < 0 ? b : negate(b), rng()];
            }),
          ],
        },
        {
          name: "not constant speed: 90° turn at t = ¼",
          points: 1,
          visibility: "visible",
          comparison: { kind: "rotationQuat" },
          cases: () => [
            {
              fn: "nlerp",
              args: [quat.identity(), quat.fromAxisAngle([0, 0, 1], deg(90)), 0.25],
              label: "identity → 90° about Z at t = ¼ (≈ 21.6°, not 22.5°)",
            },
          ],
        },
        {
          name: "nearly opposite rotations (179.9°)",
          points: 1,
          visibility: "hidden",
          comparison: { kind: "rotationQuat" },
          cases: () =>
            generated("nlerp", 5205, 10, (rng) => {
              const a = random.unitQuat(rng);
              const b = near(rng, a, deg(179.9));
              return [a, rng() < 0.5 ? b : negate(b), rng()];
            }),
        },
      ],
    },
    {
      id: "slerp",
      title: "Slerp: short arc, tiny angles",
      file: "05-interpolating-rotations/03-slerp.ts",
      exports: ["slerp"],
      timeLimitMs: 5000,
      hints: [
        "First the short arc: if a·b < 0, use −b instead of b (the same rotation).",
        "Ω, the 4D angle between a and b, is 2·atan2(|a − b|, |a + b|). acos(a·b) loses every digit when a and b are 1e-10 apart.",
        "If Ω is exactly 0, return a. Otherwise the weights are sin((1 − t)Ω)/sin Ω and sin(tΩ)/sin Ω — accurate even for tiny Ω.",
      ],
      checks: [
        {
          name: "endpoints",
          points: 2,
          visibility: "visible",
          comparison: { kind: "rotationQuat", toleranceRad: 1e-12 },
          cases: () =>
            generated("slerp", 501, 10, (rng) => [random.unitQuat(rng), random.unitQuat(rng), 0]).concat(
              generated("slerp", 502, 10, (rng) => [random.unitQuat(rng), random.unitQuat(rng), 1]),
            ),
        },
        {
          name: "constant speed in between",
          points: 3,
          visibility: "visible",
          comparison: { kind: "rotationQuat" },
          cases: () => generated("slerp", 503, 20, (rng) => [random.unitQuat(rng), random.unitQuat(rng), rng()]),
        },
        {
          name: "short arc (a·b < 0)",
          points: 2,
          visibility: "visible",
          comparison: { kind: "rotationQuat" },
          cases: () =>
            generated("slerp", 504, 10, (rng) => {
              const a = random.unitQuat(rng);
              const b = random.unitQuat(rng);
              return [a, quat.dot(a, b) < 0 ? b : negate(b), rng()];
            }),
        },
        {
          name: "tiny angles (1e-10 rad)",
          points: 2,
          visibility: "visible",
          comparison: { kind: "rotationQuat", toleranceRad: 1e-15 },
          cases: () =>
            generated("slerp", 505, 10, (rng) => {
              const a = random.unitQuat(rng);
              return [a, quat.multiply(a, quat.fromAxisAngle(random.unitVector(rng), 1e-10)), rng()];
            }),
        },
        {
          name: "same rotation twice",
          points: 1,
          visibility: "hidden",
          comparison: { kind: "rotationQuat", toleranceRad: 0 },
          cases: () =>
            generated("slerp", 506, 5, (rng) => {
              const a = random.unitQuat(rng);
              return [a, a, rng()];
            }).concat(
              generated("slerp", 507, 5, (rng) => {
                const a = random.unitQuat(rng);
                return [a, negate(a), rng()];
              }),
            ),
        },
      ],
    },
    {
      id: "angular-speed",
      title: "The angular speed profile of a path",
      file: "05-interpolating-rotations/04-angular-speed.ts",
      exports: ["angleBetween", "speedProfile"],
      timeLimitMs: 5000,
      hints: [
        "The rotation from a to b is d = a⁻¹·b = conjugate(a)·b. For a rotation by θ, d = (sin(θ/2)·n, cos(θ/2)).",
        "θ = 2·atan2(|d.xyz|, |d.w|). The |d.w| makes −b count as b (so the angle is in [0, π]); atan2 keeps every digit when θ is tiny, where 2·acos(d.w) gives 0 or garbage.",
        "With n samples the step in t is 1/(n − 1): speed i = angleBetween(samples[i], samples[i + 1]) · (n − 1).",
      ],
      checks: [
        {
          name: "angle between rotations",
          points: 2,
          visibility: "visible",
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
        {
          name: "q and −q are 0 apart",
          points: 1,
          visibility: "visible",
          comparison: { kind: "numbers", atol: 1e-15, rtol: 0 },
          cases: () =>
            generated("angleBetween", 5402, 5, (rng) => {
              const q = random.unitQuat(rng);
              return [q, negate(q)];
            }),
        },
        {
          name: "tiny angles (1e-9 rad)",
          points: 2,
          visibility: "visible",
          comparison: { kind: "numbers", atol: 0, rtol: 1e-6 },
          cases: () =>
            generated("angleBetween", 5403, 10, (rng) => {
              const a = random.unitQuat(rng);
              return [a, near(rng, a, 1e-9)];
            }),
        },
        {
          name: "speed profiles of slerp, nlerp and Euler paths",
          points: 3,
          visibility: "visible",
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
            ] satisfies Case[];
          },
        },
        {
          name: "signs that flip between samples",
          points: 1,
          visibility: "visible",
          comparison: { kind: "numbers", atol: 1e-9, rtol: 1e-9 },
          cases: () => [
            {
              fn: "speedProfile",
              args: [
                samples((t) => quat.fromAxisAngle([0, 1, 0], deg(120) * t), 10).map((q, i) => (i % 2 ? negate(q) : q)),
              ],
              label: "120° about Y, every other sample negated",
            },
          ],
        },
        {
          name: "dense sampling of a slow turn",
          points: 1,
          visibility: "hidden",
          comparison: { kind: "numbers", atol: 0, rtol: 1e-6 },
          cases: () =>
            generated("speedProfile", 5404, 3, (rng) => {
              const a = random.unitQuat(rng);
              const axis = random.unitVector(rng);
              return [samples((t) => quat.multiply(quat.fromAxisAngle(axis, 1e-4 * t), a), 1000)];
            }),
        },
      ],
    },
    {
      id: "squad",
      title: "Squad: control points and evaluation",
      file: "05-interpolating-rotations/05-squad.ts",
      exports: ["squadControlPoint", "squad"],
      timeLimitMs: 5000,
      hints: [
        "Control point: for each neighbour n, if q·n < 0 use −n. Then L = log(q⁻¹·prev) + log(q⁻¹·next), and s = q·exp(−L/4) — L is a pure quaternion (w = 0).",
        "Squad needs a slerp that never flips: slerp(a, b, u) = a·(a⁻¹·b)^u, with quat.pow, follows the arc of a⁻¹·b as given.",
        "squad = slerp(slerp(q0, q1, t), slerp(s0, s1, t), 2t(1 − t)). At t = 0 and t = 1 the outer weight is 0, so the result is q0 or q1 exactly.",
      ],
      checks: [
        {
          name: "control point between equal keys is the key",
          points: 1,
          visibility: "visible",
          comparison: { kind: "rotationQuat" },
          cases: () =>
            generated("squadControlPoint", 5501, 5, (rng) => {
              const q = random.unitQuat(rng);
              return [q, q, q];
            }),
        },
        {
          name: "control points",
          points: 3,
          visibility: "visible",
          comparison: { kind: "rotationQuat" },
          cases: () => [
            {
              fn: "squadControlPoint",
              args: [quat.identity(), quat.fromAxisAngle([0, 0, 1], deg(45)), quat.fromAxisAngle([0, 0, 1], deg(90))],
              label: "evenly spaced about one axis: s = q",
            },
            ...generated("squadControlPoint", 5502, 15, (rng) => {
              const q = random.unitQuat(rng);
              return [near(rng, q, random.uniform(rng, 0.1, 1.5)), q, near(rng, q, random.uniform(rng, 0.1, 1.5))];
            }),
          ],
        },
        {
          name: "neighbours given with the other sign",
          points: 1,
          visibility: "visible",
          comparison: { kind: "rotationQuat" },
          cases: () =>
            generated("squadControlPoint", 5503, 10, (rng) => {
              const q = random.unitQuat(rng);
              return [negate(near(rng, q, 1)), q, rng() < 0.5 ? negate(near(rng, q, 0.7)) : near(rng, q, 0.7)];
            }),
        },
        {
          name: "squad passes through the keys",
          points: 1,
          visibility: "visible",
          comparison: { kind: "rotationQuat", toleranceRad: 1e-12 },
          cases: () => squadCases(5504, 10, (rng) => (rng() < 0.5 ? 0 : 1)),
        },
        {
          name: "squad in between",
          points: 3,
          visibility: "visible",
          comparison: { kind: "rotationQuat" },
          cases: () => squadCases(5505, 20, (rng) => rng()),
        },
        {
          name: "equal keys and control points",
          points: 1,
          visibility: "hidden",
          comparison: { kind: "rotationQuat" },
          cases: () =>
            generated("squad", 5506, 5, (rng) => {
              const q = random.unitQuat(rng);
              return [q, q, q, q, rng()];
            }),
        },
      ],
    },
  ],
};

/** Squad segments between random keys 0.2–1.5 rad apart, aligned, with the control points of their neighbours. */
function squadCases(seed: number, n: number, t: (rng: random.Rng) => number): Case[] {
  return generated("squad", seed, n, (rng) => {
    const step = (q: Quat) => near(rng, q, random.uniform(rng, 0.2, 1.5));
    const q0 = random.unitQuat(rng);
    const q1 = step(q0);
    const [prev, k0, k1, next] = interpolate.alignKeys([step(q0), q0, q1, step(q1)]) as [Quat, Quat, Quat, Quat];
    const s0 = interpolate.squadControlPoint(prev, k0, k1);
    const s1 = interpolate.squadControlPoint(k0, k1, next);
    return [k0, k1, s0, s1, t(rng)];
  });
}
