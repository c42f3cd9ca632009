/** Where a ray meets an ellipsoid: the checks of exercises/13-ellipsoidal-mirrors/03-ray-ellipsoid.ts. */

import { type Vec3, ellipsoid, quat, random, vec3 } from "../../../lib/index.ts";
import type { Ellipsoid } from "../../../lib/ellipsoid.ts";
import { type Comparison, defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/13-ellipsoidal-mirrors/03-ray-ellipsoid.ts";
import { caseRng, point } from "../cases.ts";

type Args = [Ellipsoid, Vec3, Vec3];

/**
 * t through a rotation, three divisions and a stable quadratic: ~1e-15 relative. 1e-10 leaves room for
 * the other ways of writing it (a matrix inverse, a renormalized root scaled back) while the blog's
 * renormalized t is off by the ratio |d'|, typically tens of per cent.
 */
const T: Comparison = { kind: "numbers", atol: 1e-10, rtol: 1e-10 };

const randomRadii = (rng: random.Rng): Vec3 => [0, 1, 2].map(() => random.uniform(rng, 0.3, 4)) as Vec3;

/** A ray from outside (`far` away) aimed at a point halfway to the centre, or (inside) from such a point. */
function ray(rng: random.Rng, e: Ellipsoid, inside: boolean, k = 1, far = 15): Args {
  const target = ellipsoid.fromUnitSphere(e, vec3.scale(random.unitVector(rng), 0.5));
  if (inside) return [e, target, vec3.scale(random.unitVector(rng), k)];
  const origin = vec3.add(target, vec3.scale(random.unitVector(rng), far));
  return [e, origin, vec3.scale(vec3.normalize(vec3.sub(target, origin)), k)];
}

/**
 * The same checks at radii 1e-3 … 1e3 (centres within 10 radii): t relative to its size, as at radius 1
 * (the atol only keeps the tolerance positive; no t here is below 1e-10 of the scale).
 */
const T_SCALED: Comparison = { kind: "numbers", atol: 1e-16, rtol: 1e-10 };

/**
 * A root γ/|cos| from the origin in unit-sphere space carries the rounding of `|o'|² − 1 ≈ 2γ` (~1e-16
 * absolute), so its relative precision is ~1e-16/γ: ~1e-9 at γ = 1e-7, in any correct route (the
 * cancelling quadratic formula too). 1e-8 keeps a tenfold margin; a skipped hit is off by 100 %.
 */
const T_NEAR: Comparison = { kind: "numbers", atol: 1e-18, rtol: 1e-8 };

/**
 * A ray from a point `gap` outside the surface in unit-sphere space (`o' = m·(1 + gap)` for a random unit
 * `m`), heading in at ≥ 60° to the surface (`d'·m ≤ −|d'|/2`): its near root is gap … 2·gap away in
 * unit-sphere space, and `|d|` long in world units. Built in unit-sphere space, so the edge it sits at
 * (1e-9 there) does not depend on how the ellipsoid is stretched or how large it is.
 */
function fromNearSurface(rng: random.Rng, e: Ellipsoid, gap: number, length = 1): Args {
  const m = random.unitVector(rng);
  let u = random.unitVector(rng);
  if (vec3.dot(u, m) > -0.5) u = vec3.normalize(vec3.sub(u, vec3.scale(m, vec3.dot(u, m) + 1)));
  const origin = ellipsoid.fromUnitSphere(e, vec3.scale(m, 1 + gap));
  const d = quat.rotateVec3(e.rotation, [u[0] * e.radii[0], u[1] * e.radii[1], u[2] * e.radii[2]]);
  return [e, origin, vec3.scale(vec3.normalize(d), length)];
}

/** A random ellipsoid `scale` times the usual size: radii 0.3 … 4 and a centre within 10, times `scale`. */
const scaledEllipsoid = (rng: random.Rng, scale: number): Ellipsoid => ({
  center: vec3.scale(point(rng, 10), scale),
  rotation: random.unitQuat(rng),
  radii: vec3.scale(randomRadii(rng), scale),
});

export default defineExercise<typeof solution>({
  title: "Where a ray meets an ellipsoid: the t bookkeeping",
  uses: ["vec3", "quat", "mat3"],
  hints: [
    "Into unit-sphere space: o' = S⁻¹·R⁻¹·(o − c) and d' = S⁻¹·R⁻¹·d, where R⁻¹ is quat.conjugate(e.rotation) applied with quat.rotateVec3 and S⁻¹ divides each component by its radius. Then solve |o' + t d'|² = 1 as in exercise 13.2, with a = d'·d'.",
    "Keep d' as it comes out. The map is affine, so o + t·d goes to o' + t·d' with the same t — the t you return. The blog normalizes d' (then t is a distance in the stretched space, which is not a world distance: along a semi-axis of 3 it is three times too small).",
    "After a bounce the origin is a computed surface point: one root is ~1e-16 (or just below 0) and means 'here'. Skip roots with t·|d'| ≤ 1e-9 and return the next one ahead.",
  ],
  checks: [
    // Guards: the hit is origin + t·direction (t in the direction's units) on a unit sphere, from outside (entry) and
    // inside (exit).
    {
      name: "unit spheres, moved",
      points: 1,
      comparison: T,
      cases: () => {
        const rng = caseRng(1331);
        return Array.from({ length: 8 }, (_, i) => ({
          fn: "intersectEllipsoid" as const,
          args: ray(rng, { center: point(rng, 10), rotation: random.unitQuat(rng), radii: [1, 1, 1] }, i % 2 === 1),
          label: i % 2 ? "a unit sphere, from inside" : "a unit sphere, from outside",
        }));
      },
    },
    // Guards: t is the world parameter (d' not renormalized) on stretched ellipsoids, the example's t = 3 among them;
    // entry from outside, exit from inside.
    {
      name: "axis-aligned ellipsoids: t is a world parameter",
      points: 2,
      comparison: T,
      cases: () => {
        const rng = caseRng(1332);
        return [
          {
            fn: "intersectEllipsoid" as const,
            args: [{ center: [0, 0, 0], rotation: [0, 0, 0, 1], radii: [2, 1, 1] }, [-5, 0, 0], [1, 0, 0]] as Args,
            label: "radii (2, 1, 1) from (−5, 0, 0) along +x: t = 3",
          },
          {
            fn: "intersectEllipsoid" as const,
            args: [{ center: [0, 0, 0], rotation: [0, 0, 0, 1], radii: [3, 1, 1] }, [0, 0, 0], [1, 0, 0]] as Args,
            label: "radii (3, 1, 1) from the centre along +x: t = 3",
          },
          ...Array.from({ length: 8 }, (_, i) => ({
            fn: "intersectEllipsoid" as const,
            args: ray(rng, { center: point(rng, 10), rotation: [0, 0, 0, 1], radii: randomRadii(rng) }, i % 2 === 1),
            label: i % 2 ? "an axis-aligned ellipsoid, from inside" : "an axis-aligned ellipsoid, from outside",
          })),
        ];
      },
    },
    // Guards: R⁻¹ (not R) carries the ray into the ellipsoid's frame; fact 13.1's mirror from its focus.
    {
      name: "rotated and moved",
      points: 2,
      comparison: T,
      cases: () => {
        const rng = caseRng(1333);
        return [
          {
            fn: "intersectEllipsoid" as const,
            args: [ellipsoid.fromFoci([-50, 40, 0], [50, 70, 0], 100), [-50, 40, 0], [0, 1, 0]] as Args,
            label: "fact 13.1's mirror, from its first focus along +y",
          },
          ...Array.from({ length: 10 }, (_, i) => ({
            fn: "intersectEllipsoid" as const,
            args: ray(
              rng,
              { center: point(rng, 10), rotation: random.unitQuat(rng), radii: randomRadii(rng) },
              i % 2 === 1,
            ),
            label: i % 2 ? "a rotated ellipsoid, from inside" : "a rotated ellipsoid, from outside",
          })),
        ];
      },
    },
    // Guards: `direction` of any length from 1e-100 to 1e100 (the stated range's ends, and 1e-3 … 1e3 between), t in
    // its units; the skip rule measures |t·d'| in unit-sphere space, not t.
    {
      name: "a direction of any length",
      points: 1,
      comparison: T,
      cases: () => {
        const rng = caseRng(1334);
        const small = (): Ellipsoid => ({
          center: point(rng, 10),
          rotation: random.unitQuat(rng),
          radii: [0, 1, 2].map(() => random.uniform(rng, 0.3, 2)) as Vec3,
        });
        return [
          ...[1e-100, 0.001, 0.2, 3, 40, 1000, 1e100].map((k, i) => ({
            fn: "intersectEllipsoid" as const,
            args: ray(rng, { center: point(rng, 10), rotation: [0, 0, 0, 1], radii: randomRadii(rng) }, i % 2 === 1, k),
            label: `an axis-aligned ellipsoid, |d| = ${k}`,
          })),
          // The skip rule measures |t·d'|, not t: from a surface point 2e-10 off (unit-sphere space) with
          // |d| = 1e-3 the root "here" has t ≥ 6e-8; a real hit 1e-7 away with |d| = 1e3 has t ≤ 4e-10.
          ...Array.from({ length: 2 }, () => ({
            fn: "intersectEllipsoid" as const,
            args: fromNearSurface(rng, small(), 2e-10, 1e-3),
            label: "from a surface point (2e-10 off in unit-sphere space), |d| = 1e-3: the far side",
          })),
          ...Array.from({ length: 2 }, () => ({
            fn: "intersectEllipsoid" as const,
            args: fromNearSurface(rng, small(), 1e-7, 1e3),
            label: "1e-7 outside in unit-sphere space, |d| = 1e3, heading in: the near root",
          })),
        ];
      },
    },
    // Guards: radii 1e-3 … 1e3 — t stays a world parameter at any size (no world-unit constant).
    {
      name: "rays at any scale: radii 1e-3 … 1e3",
      points: 1,
      comparison: T_SCALED,
      cases: () => {
        const rng = caseRng(13310);
        return [1e-3, 1e3].flatMap((s) =>
          Array.from({ length: 4 }, (_, i) => ({
            fn: "intersectEllipsoid" as const,
            args: ray(rng, scaledEllipsoid(rng, s), i % 2 === 1, 1, 15 * s),
            label: `a rotated ellipsoid with radii ~${s}, ${i % 2 ? "from inside" : "from outside"}`,
          })),
        );
      },
    },
    // Guards: the skip rule is `|t·d'| ≤ 1e-9` in unit-sphere space at radii 1e-3 … 1e3 — at 1e-3 a real
    // hit 1e-7 away in unit-sphere space is < 1e-9 away in world units (a world-unit epsilon skips it); at
    // 1e3 a computed surface point 1e-10 off in unit-sphere space is ≥ 3e-8 off in world units (a
    // world-unit epsilon "hits" on the spot).
    {
      name: "on and just off the surface at any scale: 1e-9 in unit-sphere space",
      points: 2,
      comparison: T_NEAR,
      cases: () => {
        const rng = caseRng(13311);
        const tiny: Args = [
          { center: [0, 0, 0], rotation: [0, 0, 0, 1], radii: [2e-3, 1e-3, 1e-3] },
          [-2e-3 - 5e-10, 0, 0],
          [1, 0, 0],
        ];
        return [
          {
            fn: "intersectEllipsoid" as const,
            args: tiny,
            label:
              "radii (2e-3, 1e-3, 1e-3), 5e-10 outside the end of the long axis (2.5e-7 in unit-sphere space), heading in",
          },
          ...[1e-3, 1e3].flatMap((s) => [
            ...Array.from({ length: 2 }, () => ({
              fn: "intersectEllipsoid" as const,
              args: fromNearSurface(rng, scaledEllipsoid(rng, s), 1e-7),
              label: `radii ~${s}, 1e-7 outside in unit-sphere space, heading in: the near root`,
            })),
            ...Array.from({ length: 2 }, () => ({
              fn: "intersectEllipsoid" as const,
              args: fromNearSurface(rng, scaledEllipsoid(rng, s), 1e-10),
              label: `radii ~${s}, 1e-10 outside in unit-sphere space (a computed hit point): the far side`,
            })),
          ]),
        ];
      },
    },
    // Guards: null for a miss and for an ellipsoid behind (touching tangents are not promised either way).
    {
      name: "misses and ellipsoids behind: null",
      points: 1,
      comparison: { kind: "exact" },
      cases: () => [
        {
          fn: "intersectEllipsoid",
          args: [{ center: [0, 0, 0], rotation: [0, 0, 0, 1], radii: [2, 1, 1] }, [-5, 1.2, 0], [1, 0, 0]],
          label: "passes above radii (2, 1, 1)",
        },
        {
          fn: "intersectEllipsoid",
          args: [{ center: [0, 0, 0], rotation: [0, 0, 0, 1], radii: [2, 1, 1] }, [5, 0, 0], [1, 0, 0]],
          label: "the ellipsoid is behind",
        },
        {
          fn: "intersectEllipsoid",
          args: [
            { center: [0, 0, 0], rotation: quat.fromAxisAngle([0, 0, 1], Math.PI / 2), radii: [3, 1, 1] },
            [2, -5, 0],
            [0, 1, 0],
          ],
          label: "radii (3, 1, 1) turned 90° about z: its long axis is y, so a ray along y at x = 2 passes by",
        },
        // Random ellipsoids, and rays that stay clear of the ball of their largest radius: null whatever
        // the rotation, so the answer needs no trust in how the ellipsoid is turned.
        (() => {
          const rng = caseRng(1338);
          const e: Ellipsoid = { center: point(rng, 10), rotation: random.unitQuat(rng), radii: randomRadii(rng) };
          const u = random.unitVector(rng);
          const closest = vec3.add(e.center, vec3.scale(u, random.uniform(rng, 1.3, 3) * Math.max(...e.radii)));
          const across = vec3.normalize(vec3.cross(u, random.unitVector(rng)));
          return {
            fn: "intersectEllipsoid" as const,
            args: [
              e,
              vec3.add(closest, vec3.scale(across, 15)),
              vec3.scale(across, -random.uniform(rng, 0.1, 10)),
            ] as Args,
            label: "a random ellipsoid, passed 1.3 to 3 times its largest radius from the centre",
          };
        })(),
        (() => {
          const rng = caseRng(1339);
          const e: Ellipsoid = { center: point(rng, 10), rotation: random.unitQuat(rng), radii: randomRadii(rng) };
          const out = random.unitVector(rng);
          const origin = vec3.add(e.center, vec3.scale(out, random.uniform(rng, 1.2, 4) * Math.max(...e.radii)));
          let d = random.unitVector(rng);
          if (vec3.dot(d, out) < 0) d = vec3.scale(d, -1);
          d = vec3.normalize(vec3.add(d, vec3.scale(out, 0.2)));
          return {
            fn: "intersectEllipsoid" as const,
            args: [e, origin, vec3.scale(d, random.uniform(rng, 0.1, 10))] as Args,
            label: "a random ellipsoid behind the ray, from outside the ball of its largest radius",
          };
        })(),
      ],
    },
    // Guards: a root beyond 1e-9 in unit-sphere space is a real hit (1e-6 of the smallest radius outside, and the fixed
    // 2e-6 case): no larger epsilon.
    {
      name: "just off the surface: a root beyond 1e-9 is a real hit",
      points: 1,
      comparison: T,
      cases: () => {
        const rng = caseRng(1337);
        const exact: Args = [
          { center: [0, 0, 0], rotation: [0, 0, 0, 1], radii: [2, 1, 1] },
          [-2 - 2e-6, 0, 0],
          [1, 0, 0],
        ];
        return [
          {
            fn: "intersectEllipsoid" as const,
            args: exact,
            label:
              "radii (2, 1, 1), 2e-6 outside the end of the long axis, heading in: t = 2e-6 (1e-6 in unit-sphere space)",
          },
          ...Array.from({ length: 4 }, () => {
            const e: Ellipsoid = { center: point(rng, 10), rotation: random.unitQuat(rng), radii: randomRadii(rng) };
            const p = ellipsoid.fromUnitSphere(e, random.unitVector(rng));
            const n = ellipsoid.normalAt(e, p);
            // 1e-6 of the smallest radius outside: ≥ 7e-8 in unit-sphere space, far beyond the 1e-9 that means "here".
            const origin = vec3.add(p, vec3.scale(n, 1e-6 * Math.min(...e.radii)));
            let d = random.unitVector(rng);
            if (vec3.dot(d, n) > -0.3) d = vec3.normalize(vec3.sub(d, vec3.scale(n, vec3.dot(d, n) + 1)));
            return {
              fn: "intersectEllipsoid" as const,
              args: [e, origin, d] as Args,
              label: "1e-6 of the smallest radius outside, heading in: the near root",
            };
          }),
        ];
      },
    },
    // Guards: a ray from a computed surface point (1e-12 off, just outside) skips the root at its origin and finds the
    // far side.
    {
      name: "from the surface (after a bounce): the far side, not t ≈ 0",
      points: 2,
      comparison: T,
      cases: () => {
        const rng = caseRng(1336);
        return Array.from({ length: 8 }, () => {
          const e: Ellipsoid = { center: point(rng, 10), rotation: random.unitQuat(rng), radii: randomRadii(rng) };
          const p = ellipsoid.fromUnitSphere(e, random.unitVector(rng));
          const n = ellipsoid.normalAt(e, p);
          // A computed hit point sits off the surface by rounding; put it just outside (1e-12), as the worst case.
          const origin = vec3.add(p, vec3.scale(n, 1e-12 * Math.min(...e.radii)));
          let d = random.unitVector(rng);
          if (vec3.dot(d, n) > -0.3) d = vec3.normalize(vec3.sub(d, vec3.scale(n, vec3.dot(d, n) + 1)));
          return {
            fn: "intersectEllipsoid" as const,
            args: [e, origin, d] as Args,
            label: "from a surface point, inward",
          };
        });
      },
    },
  ],
});
