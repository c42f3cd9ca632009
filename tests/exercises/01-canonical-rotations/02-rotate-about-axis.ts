/** Rotation about any axis from canonical rotations: the checks of exercises/01-canonical-rotations/02-rotate-about-axis.ts. */

import { type Vec3, random, vec3 } from "../../../lib/index.ts";
import { type Comparison, defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/01-canonical-rotations/02-rotate-about-axis.ts";
import { deg, generated } from "../cases.ts";

/** β and α are one atan2 each of the axis's coordinates: any careful formula agrees to a few 1e-16 rad. */
const ANGLES = { kind: "numbers", atol: 1e-12, rtol: 0 } satisfies Comparison;
/** The result as a rotation: orthonormal with det +1 to 1e-9, then within 1e-9 rad of the reference. */
const ROTATION = { kind: "rotationMatrix" } satisfies Comparison;

/**
 * Axes on ±Y and next to it, with their labels. Exactly on ±Y, a β read from a ratio (acos(z/d),
 * asin(−x/d), atan(−x/z)) is 0/0 = NaN; 1e-100 … 1e-300 away, d = √(x² + z²) written out underflows to
 * 0 although x and z are not (acos(z/d) is then acos(∞) = NaN); 1e-8 away, α = asin(y) reads y = 1 and
 * is off by 1e-8 rad. atan2(−x, z) with α = atan2(y, hypot(x, z)) is exact on all of them.
 */
const NEAR_Y: [Vec3, number, string][] = [
  [[0, 1, 0], deg(90), "axis +Y, θ = 90°"],
  [[0, -1, 0], deg(30), "axis −Y, θ = 30°"],
  [[0, 2.5, 0], deg(-120), "axis (0, 2.5, 0), θ = −120°"],
  [[1e-12, 1, 0], deg(60), "axis (1e-12, 1, 0), θ = 60°"],
  [[0, -1, -1e-12], deg(115), "axis (0, −1, −1e-12), θ = 115°"],
  [[1e-8, 1, -1e-8], deg(85), "axis (1e-8, 1, −1e-8), θ = 85°"],
  [[0, -3, 2e-8], deg(-115), "axis (0, −3, 2e-8), θ = −115°"],
  [[3e-100, -2, 1e-100], deg(57), "axis (3e-100, −2, 1e-100), θ = 57°"],
  [[1e-170, 1, 0], deg(57), "axis (1e-170, 1, 0), θ = 57°"],
  [[1e-200, 1, 1e-200], deg(115), "axis (1e-200, 1, 1e-200), θ = 115°"],
  [[-1e-300, 0.5, 1e-300], deg(-57), "axis (−1e-300, 0.5, 1e-300), θ = −57°"],
];

export default defineExercise<typeof solution>({
  title: "Rotation about any axis from canonical rotations",
  uses: ["scalar", "vec3", "mat3.rotationX", "mat3.rotationY", "mat3.rotationZ", "mat3.multiply", "mat3.transpose"],
  hints: [
    "Normalize the axis first. β = atan2(−x, z) turns the axis into the YZ plane; α = atan2(y, √(x² + z²)) then turns it onto +Z.",
    "The product reads right to left: align = Rx(α)·Ry(β) acts first, so the result is alignᵀ · Rz(θ) · align.",
    "Axis along ±Y: x = z = 0, so there is nothing to turn in the first step: β = 0, and α = ±90° does the work. atan2(−x, z) already returns 0 there; a ratio — acos(z/d), atan(−x/z) — divides 0 by 0. Take d = Math.hypot(x, z): x² + z² written out underflows to 0 for an axis 1e-170 from Y, and asin(y) for α loses 1e-8 rad next to Y.",
  ],
  checks: [
    // Guards: β = atan2(−x, z) in [−π, π] and α = atan2(y, √(x² + z²)) in [−π/2, π/2], "β = 0 along ±Y" (also
    // unnormalised), for canonical and random unit axes, to 1e-12.
    {
      name: "alignment angles",
      points: 2,
      comparison: ANGLES,
      cases: () => [
        { fn: "alignmentAngles", args: [[0, 0, 1]], label: "axis +Z" },
        { fn: "alignmentAngles", args: [[1, 0, 0]], label: "axis +X" },
        { fn: "alignmentAngles", args: [[1, 1, 1]], label: "axis (1, 1, 1)" },
        { fn: "alignmentAngles", args: [[0, 1, 0]], label: "axis +Y (β = 0)" },
        { fn: "alignmentAngles", args: [[0, -3, 0]], label: "axis −Y, unnormalised (β = 0)" },
        ...generated("alignmentAngles", 201, 10, (rng): [Vec3] => [random.unitVector(rng)]),
      ],
    },
    // Guards: Ry⁻¹(β)·Rx⁻¹(α)·Rz(θ)·Rx(α)·Ry(β) is the rotation by θ about the axis (right-hand rule).
    {
      name: "random axes and angles",
      points: 3,
      comparison: ROTATION,
      cases: () =>
        generated("rotateAboutAxis", 202, 20, (rng): [Vec3, number] => [
          random.unitVector(rng),
          random.uniform(rng, -Math.PI, Math.PI),
        ]),
    },
    // Guards: "for an axis along ±Y … β = 0" at the edge: exactly on ±Y, and 1e-300 … 1e-8 from it, where a ratio
    // is 0/0, x² + z² underflows, or asin(y) loses 1e-8 rad.
    {
      name: "axis along ±Y",
      points: 2,
      comparison: ROTATION,
      cases: () => [
        ...NEAR_Y.map(([axis, angle, label]) => ({
          fn: "rotateAboutAxis" as const,
          args: [axis, angle] as [Vec3, number],
          label,
        })),
        // The same configurations at a random length, sign and angle: exactly on ±Y, or x and z each 0 or
        // 1e-300 … 1e-8 of either sign (the ratio, underflow and asin traps alike).
        ...generated("rotateAboutAxis", 204, 6, (rng): [Vec3, number] => {
          const off = () => (rng() < 0.3 ? 0 : (rng() < 0.5 ? -1 : 1) * 10 ** random.uniform(rng, -300, -8));
          const y = (rng() < 0.5 ? -1 : 1) * random.uniform(rng, 0.2, 5);
          return [rng() < 0.3 ? [0, y, 0] : [off(), y, off()], random.uniform(rng, -Math.PI, Math.PI)];
        }).map((c) => ({ ...c, label: `axis (${c.args[0].map((x) => x.toPrecision(3)).join(", ")}), random θ` })),
      ],
    },
    // Guards: "any non-zero length": axes of length 1e-3 … 1e3.
    {
      name: "unnormalised axes",
      points: 1,
      hidden: true,
      comparison: ROTATION,
      cases: () =>
        generated("rotateAboutAxis", 203, 10, (rng): [Vec3, number] => [
          vec3.scale(random.unitVector(rng), 10 ** random.uniform(rng, -3, 3)), // length 0.001 … 1000
          random.uniform(rng, -3, 3),
        ]),
    },
  ],
});
