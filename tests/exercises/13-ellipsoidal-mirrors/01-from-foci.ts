/** A prolate spheroid from its foci: the checks of exercises/13-ellipsoidal-mirrors/01-from-foci.ts. */

import { type Vec3, quat, random, vec3 } from "../../../lib/index.ts";
import { type Comparison, defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/13-ellipsoidal-mirrors/01-from-foci.ts";
import { caseRng, point } from "../cases.ts";

/** The blog's first mirror: foci (−50, 40, 0), (50, 70, 0), minor axis 100. */
const F1: Vec3 = [-50, 40, 0];
const F2: Vec3 = [50, 70, 0];

/**
 * The spheroid is compared as a surface: centre, and the quadric R·diag(1/r²)·Rᵀ (which no spin about
 * the long axis changes), each relative to the spheroid's size. Both are a rotation and a division from
 * the inputs, a few ulps (~1e-15) by any correct route — a frame built by hand, another shortest arc;
 * 1e-10 leaves room for them, and a wrong major axis (the whole interfocal distance, say) is off by ≥ 1e-3.
 * The radii are held to the task's order [b, b, a] (local z the long axis, as ellipsoid.foci reads it).
 */
const SURFACE: Comparison = { kind: "ellipsoid", rtol: 1e-10, radii: "ordered" };

type Args = [Vec3, Vec3, number];

export default defineExercise<typeof solution>({
  title: "A prolate spheroid from its foci",
  uses: ["vec3", "quat", "mat3"],
  hints: [
    "The centre is the midpoint of the foci. The semi-axes are [b, b, a] with b = minorAxis / 2 — the blog's minorAxis is the full length — and a = √((d/2)² + b²), where d = |f2 − f1|: by Pythagoras, the distance from a focus to the end of the short axis is a.",
    "The rotation turns the local z axis onto the line of the foci: quat.fromTwoVectors([0, 0, 1], f2 − f1) is the shortest such rotation. Any other (say one that also spins about that line) is the same surface and earns the same points.",
    "Two cases need care: coincident foci (f2 − f1 is the zero vector, which has no direction — use the identity; the result is a sphere), and f2 − f1 along −z, where a hand-made shortest arc [z × v, 1 + z·v] is the zero quaternion. quat.fromTwoVectors returns a half turn there.",
  ],
  checks: [
    // Guards: the blog's mirror (fact 13.1) and the same turned and moved: centre between the foci, long axis on the
    // line of the foci.
    {
      name: "the blog's mirror: foci (−50, 40, 0), (50, 70, 0), minor axis 100",
      points: 1,
      comparison: SURFACE,
      cases: () => {
        // The same mirror turned by a random rotation and moved by a random offset: the same semi-axes,
        // its centre and long axis moved with it. (Not within ~6° of −z: that case has its own check.)
        const rng = caseRng(1314);
        let turn = random.unitQuat(rng);
        while (quat.rotateVec3(turn, vec3.normalize(vec3.sub(F2, F1)))[2] < -0.995) turn = random.unitQuat(rng);
        const offset = point(rng, 100);
        const move = (f: Vec3) => vec3.add(quat.rotateVec3(turn, f), offset);
        return [
          {
            fn: "fromFoci" as const,
            args: [F1, F2, 100] as Args,
            label: "fact 13.1's mirror: semi-axes [50, 50, 72.284]",
          },
          {
            fn: "fromFoci" as const,
            args: [move(F1), move(F2), 100] as Args,
            label: "fact 13.1's mirror, turned and moved at random: semi-axes [50, 50, 72.284]",
          },
        ];
      },
    },
    // Guards: radii [b, b, a] in that order, b half the full minor axis, a = √((d/2)² + b²) from the half interfocal
    // distance.
    {
      name: "semi-axes [b, b, a] from the full minor axis",
      points: 2,
      comparison: SURFACE,
      cases: () => {
        const rng = caseRng(1312);
        return [
          { fn: "fromFoci" as const, args: [F1, F2, 100] as Args, label: "fact 13.1: [50, 50, 72.284]" },
          {
            fn: "fromFoci" as const,
            args: [[0, 0, -3], [0, 0, 3], 8] as Args,
            label: "foci ±3 on z, minor axis 8: [4, 4, 5]",
          },
          ...Array.from({ length: 6 }, () => ({
            fn: "fromFoci" as const,
            args: [point(rng, 50), point(rng, 50), random.uniform(rng, 1, 80)] as Args,
            label: "random foci and minor axis",
          })),
        ];
      },
    },
    // Guards: any rotation taking local z onto ±(f2 − f1) earns the points (surfaces compared, spin free) on random
    // foci.
    {
      name: "random foci: the same surface",
      points: 2,
      comparison: SURFACE,
      cases: () => {
        const rng = caseRng(1313);
        return Array.from({ length: 10 }, () => {
          const f1 = point(rng, 20);
          const f2 = vec3.add(f1, vec3.scale(random.unitVector(rng), random.uniform(rng, 0.5, 30)));
          const minor = random.uniform(rng, 0.5, 30);
          return {
            fn: "fromFoci" as const,
            args: [f1, f2, minor] as Args,
            label: "random foci",
          };
        });
      },
    },
    // Guards: coincident foci (d = 0, no direction): the sphere of diameter minorAxis, no NaN.
    {
      name: "coincident foci: the sphere of diameter minorAxis",
      points: 1,
      comparison: SURFACE,
      cases: () => {
        const c: Vec3 = [3, -1, 2];
        const rng = caseRng(1315);
        const anywhere = point(rng, 50);
        return [
          { fn: "fromFoci" as const, args: [c, c, 4] as Args, label: "both foci at (3, −1, 2), minor axis 4" },
          {
            fn: "fromFoci" as const,
            args: [[0, 0, 0], [0, 0, 0], 1] as Args,
            label: "both at the origin, minor axis 1",
          },
          {
            fn: "fromFoci" as const,
            args: [anywhere, [...anywhere], random.uniform(rng, 0.5, 50)] as Args,
            label: "both foci at one random point, a random minor axis",
          },
        ];
      },
    },
    // Guards: f2 − f1 exactly along −z gives no NaN, and nearly along −z (1e-8, 2.5e-7 rad off) the surface is still
    // right to 1e-10.
    {
      name: "foci along −z: no NaN from the shortest arc",
      points: 1,
      hidden: true,
      comparison: SURFACE,
      cases: () => {
        const cases: [Vec3, Vec3, number][] = [
          [[0, 0, 5], [0, 0, -5], 6],
          [[2, 1, 40], [2, 1, 10], 20],
          [[0, 0, 5], [0, 0, 15], 6],
          // Nearly along −z (1e-8 rad and 2.5e-7 rad off): |v| + z·v cancels to nothing there, so an arc
          // patched only at exactly −z turns z onto −z instead, 1e-8 rad off — the quadric shows it.
          [[0, 0, 5], [1e-7, 0, -5], 6],
          [[1, 2, 30], [1 + 3e-6, 2 - 4e-6, 10], 8],
        ];
        return cases.map(([f1, f2, m]) => ({
          fn: "fromFoci" as const,
          args: [f1, f2, m] as Args,
          label: `foci (${f1.join(", ")}) → (${f2.join(", ")}), minor axis ${m}`,
        }));
      },
    },
  ],
});
