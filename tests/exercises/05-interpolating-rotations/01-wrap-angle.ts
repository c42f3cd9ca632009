/** Wrap an angle; turn the short way round: the checks of exercises/05-interpolating-rotations/01-wrap-angle.ts. */

import { random, scalar } from "../../../lib/index.ts";
import { type Call, defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/05-interpolating-rotations/01-wrap-angle.ts";
import { deg, generated } from "../cases.ts";

/** A random angle whose wrapped value keeps away from ±π, where rounding could land on either end. */
const awayFromPi = (rng: random.Rng, range: number): number => {
  for (;;) {
    const a = random.uniform(rng, -range, range);
    if (Math.abs(scalar.wrapAngle(a)) < Math.PI - 1e-6) return a;
  }
};

/** The odd k whose kπ is exactly Math.PI·k in floating point (Math.PI's mantissa ends in three zero bits). */
const ODD_MULTIPLES = [-9, -7, -5, -3, 3, 5, 7, 9];

export default defineExercise<typeof solution>({
  title: "Wrap an angle; turn the short way round",
  uses: [],
  hints: [
    "Adding or subtracting 2π does not change a direction. `angle % (2 * Math.PI)` already lands in (−2π, 2π), keeping the sign of the angle.",
    "After `%`, one correction is enough: above π subtract 2π, at or below −π add 2π. That `<=` is what keeps +π and turns −π into +π.",
    "lerpAngle: the turn is wrapAngle(to − from), at most π either way. Add t times it to `from`, and wrap the sum.",
  ],
  checks: [
    // Guards: wrapAngle returns the same direction in (−π, π], for angles within a few turns (±20 rad).
    {
      name: "wrapAngle lands in (−π, π]",
      points: 2,
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
    // Guards: the tie at the ends, exactly: "+π is kept, −π becomes +π", and every odd kπ (|k| ≤ 9, exact
    // products) is +π.
    {
      name: "the closed end: +π stays, −π becomes +π",
      points: 1,
      comparison: { kind: "numbers", atol: 1e-12, rtol: 0 },
      cases: () => [
        { fn: "wrapAngle", args: [Math.PI], label: "+π" },
        { fn: "wrapAngle", args: [-Math.PI], label: "−π" },
        // Odd multiples kπ (|k| ≤ 9, where the product Math.PI·k is exact): each is +π.
        ...generated("wrapAngle", 5104, 3, (rng) => [
          Math.PI * ODD_MULTIPLES[Math.floor(rng() * ODD_MULTIPLES.length)]!,
        ]).map((c) => ({ ...c, label: `${Math.round(c.args[0] / Math.PI)}π` })),
      ],
    },
    // Guards: lerpAngle "turning the short way", across ±180°, from ends given beyond one turn.
    {
      name: "lerpAngle turns the short way (−170° → 170° is 20°)",
      points: 3,
      comparison: { kind: "numbers", atol: 1e-12, rtol: 0 },
      cases: () => [
        ...[0, 0.25, 0.75, 1].map((t): Call<typeof solution> => ({
          fn: "lerpAngle",
          args: [deg(-170), deg(170), t],
          label: `−170° → 170° at t = ${t}`,
        })),
        { fn: "lerpAngle", args: [deg(10), deg(350), 0.5], label: "10° → 350° at t = ½ passes 0°" },
        { fn: "lerpAngle", args: [deg(30), deg(90), 0.5], label: "30° → 90° at t = ½" },
        { fn: "lerpAngle", args: [deg(720 + 30), deg(-270), 0.5], label: "750° → −270° at t = ½" },
        // Random headings on either side of ±180° whose plain difference exceeds 180°: the turn crosses ±180°.
        ...generated("lerpAngle", 5105, 4, (rng) => {
          for (;;) {
            const from = random.uniform(rng, -Math.PI, Math.PI);
            const to = random.uniform(rng, -Math.PI, Math.PI);
            const t = random.uniform(rng, 0.1, 0.9);
            const turn = scalar.wrapAngle(to - from);
            if (Math.abs(to - from) > Math.PI + 0.2 && Math.abs(scalar.wrapAngle(from + t * turn)) < Math.PI - 1e-6)
              return [from, to, t];
          }
        }).map((c) => ({ ...c, label: "random headings more than 180° apart as numbers" })),
      ],
    },
    // Guards: lerpAngle's result wrapped to (−π, π], for random headings (clear of the opposite-headings
    // tie, which the stub leaves to rounding).
    {
      name: "random headings",
      points: 2,
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
    // Guards: wrapAngle for "any finite angle": 1e4 rad (1600 turns), to 1e-9 (2π·1600 carries ~1e-12 of
    // rounding; atol 1e-9 leaves room for a floor-based formula).
    {
      name: "large angles (many turns)",
      points: 1,
      hidden: true,
      comparison: { kind: "numbers", atol: 1e-9, rtol: 0 },
      cases: () => generated("wrapAngle", 5103, 10, (rng) => [awayFromPi(rng, 1e4)]),
    },
  ],
});
