/** The orthogonal-start guard: the checks of exercises/09-fitting-lines-and-planes/04-orthogonal-start.ts. */

import { type Vec3, decompose, fit, mat3, random, vec3 } from "../../../lib/index.ts";
import { type Call, type Comparison, defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/09-fitting-lines-and-planes/04-orthogonal-start.ts";
import { caseRng, cloudWithSpreads, generated, point } from "../cases.ts";

type Case = Call<typeof solution>;

/** The eight corners of a box with half-extents (2, 1, 0.5): S = 8·diag(4, 1, 0.25) exactly, the best line x. */
const BOX: Vec3[] = [-2, 2].flatMap((x) => [-1, 1].flatMap((y) => [-0.5, 0.5].map((z): Vec3 => [x, y, z])));

/**
 * A cross: S = 2·(1, 1, 0)(1, 1, 0)ᵀ + 3.92·zzᵀ, eigenvalues 4, 3.92, 0. From (1, −1, 0), in the null
 * space, the usual restart — the largest column of S — is (0, 0, 3.92): the second axis, at exactly
 * right angles to the best line (1, 1, 0)/√2, where power iteration stands still.
 */
const CROSS: Vec3[] = [[1, 1, 0], [-1, -1, 0], [0, 0, 1.4], [0, 0, -1.4]]; // prettier-ignore

/**
 * Within 1e-9 rad of the best line (d ≡ −d): the task's promise for λ₂/λ₁ ≤ 0.9. Stopping on a step of
 * ≤ 1e-12 leaves ≤ 1e-11 rad there; a stall on the wrong axis is off by 90°.
 */
const LINE: Comparison = { kind: "line", toleranceRad: 1e-9 };

/** A rotated cloud with λ₂/λ₁ = `ratio`, started on its own second or third axis as computed (exact to rounding). */
function onItsOwnAxis(seed: number, axis: 1 | 2, ratio: number): Case {
  const rng = caseRng(seed);
  const points = cloudWithSpreads(rng, 16, [1, ratio, ratio / 4], point(rng, 3));
  const start = mat3.column(decompose.symmetricEigen(fit.scatter(points).matrix).vectors, axis);
  return {
    fn: "fitLineFrom",
    args: [points, start],
    label: `a rotated cloud (λ₂/λ₁ = ${ratio}) from its ${axis === 1 ? "second" : "third"} axis, as computed (at right angles to rounding)`,
  };
}

/**
 * Fact 9.3 at a random place, slope and axis: points in ± pairs along a random integer direction u in
 * the plane of two coordinate axes, about a random integer centre, started along the third axis (either
 * way, any length). The coordinates, the centroid (an integer sum over n, exactly the centre) and the
 * normalized start (exactly ±eⱼ) are exact, so S·start is exactly zero however it is computed.
 */
function nullSpaceStart(seed: number): Case {
  const rng = caseRng(seed);
  const int = (m: number) => Math.floor(rng() * (2 * m + 1)) - m;
  const axis = Math.floor(rng() * 3);
  let u: Vec3 = [0, 0, 0];
  while (vec3.length(u) === 0) u = [0, 1, 2].map((i) => (i === axis ? 0 : int(3))) as Vec3;
  const start: Vec3 = [0, 0, 0];
  start[axis] = (rng() < 0.5 ? -1 : 1) * (1 + Math.floor(rng() * 5));
  const center: Vec3 = [int(9), int(9), int(9)];
  const steps = Array.from({ length: 2 + Math.floor(rng() * 3) }, () => 1 + Math.floor(rng() * 7));
  const points = steps.flatMap((k) => [vec3.add(center, vec3.scale(u, k)), vec3.sub(center, vec3.scale(u, k))]);
  return {
    fn: "fitLineFrom",
    args: [points, start],
    label: `points along (${u.join(", ")}) about (${center.join(", ")}), start (${start.join(", ")}) at right angles`,
  };
}

export default defineExercise<typeof solution>({
  title: "The orthogonal-start guard",
  uses: ["vec3", "mat3", "fit.scatter", "fit.powerStep"],
  hints: [
    "Start with exercise 09.3's loop (tolerance ≈ 1e-13, a generous step limit). Before it, test S·start: if it is the zero vector (or fit.powerStep throws a RangeError), restart from the longest column of S — S never maps that one to zero.",
    "A start at right angles to the best line stays at right angles: every power step keeps it in the plane of the other two axes, so the loop settles on the second axis and its step test says 'converged'. Test the answer after the loop: does any direction at right angles to d spread the points more than d does (compare dᵀSd)?",
    "Take a basis e, f of the plane ⟂ d (vec3.orthogonal(d) and d × e). The spread there is the 2×2 matrix [[eᵀSe, eᵀSf], [eᵀSf, fᵀSf]]; its largest eigenvalue μ is (a + c)/2 + hypot((a − c)/2, b). If μ > dᵀSd (by more than rounding), restart the loop from μ's eigenvector x·e + y·f. Restarting only from the largest column is not enough: that column can itself be at right angles to the answer (the hidden check has one).",
  ],
  checks: [
    // Guards: "within 1e-9 rad of the best line whenever … λ₂/λ₁ ≤ 0.9" from random starts, with λ₂/λ₁ = 0.9
    // exactly among them (the edge).
    {
      name: "ordinary starts",
      points: 1,
      comparison: LINE,
      cases: () => [
        ...generated("fitLineFrom", 941, 10, (rng): [Vec3[], Vec3] => [
          cloudWithSpreads(
            rng,
            5 + Math.floor(rng() * 25),
            [1, random.uniform(rng, 0.01, 0.9), random.uniform(rng, 0, 0.01)],
            point(rng, 5),
          ),
          random.unitVector(rng),
        ]).map((c) => ({ ...c, label: "a random cloud (λ₂/λ₁ ≤ 0.9) from a random start" })),
        ...generated("fitLineFrom", 946, 2, (rng): [Vec3[], Vec3] => [
          cloudWithSpreads(rng, 5 + Math.floor(rng() * 25), [1, 0.9, random.uniform(rng, 0, 0.2)], point(rng, 5)),
          random.unitVector(rng),
        ]).map((c) => ({
          ...c,
          label: "a random cloud with λ₂/λ₁ = 0.9 exactly (the promise's edge), a random start",
        })),
      ],
    },
    // Guards: "when S d = 0, restart from the largest column of S": exact null-space starts (integer data).
    {
      name: "a start in the null space of S (fact 9.3)",
      points: 2,
      comparison: LINE,
      cases: () => [
        { fn: "fitLineFrom", args: [[[0, 0, 0], [1, 0, 0], [2, 0, 0], [5, 0, 0]], [0, 1, 0]], label: "fact 9.3: points along x, start (0, 1, 0)" }, // prettier-ignore
        { fn: "fitLineFrom", args: [[[-2, -4, -4], [-1, -2, -2], [0, 0, 0], [1, 2, 2], [2, 4, 4]], [2, -1, 0]], label: "points along (1, 2, 2), start (2, −1, 0)" }, // prettier-ignore
        { fn: "fitLineFrom", args: [[[0, 0, 5], [3, 1, 5], [-1, 2, 5], [2, -2, 5], [4, 0.5, 5]], [0, 0, -2]], label: "points in the plane z = 5, started along its normal" }, // prettier-ignore
        nullSpaceStart(945),
      ],
    },
    // Guards: "a start at right angles to the answer — exactly, or to rounding": the second or third axis as
    // computed, λ₂/λ₁ up to 0.9.
    {
      name: "a start at right angles to the best line",
      points: 2,
      comparison: LINE,
      cases: () => [
        {
          fn: "fitLineFrom",
          args: [BOX, [0, 1, 0]],
          label: "a box's corners, S = 8·diag(4, 1, 0.25), from (0, 1, 0): its second axis",
        },
        { fn: "fitLineFrom", args: [BOX, [0, 0, 1]], label: "the box from (0, 0, 1): its third axis" },
        { fn: "fitLineFrom", args: [BOX, [0, 0.6, 0.8]], label: "the box from (0, 0.6, 0.8): in the plane ⟂ x" },
        onItsOwnAxis(942, 1, 0.5),
        onItsOwnAxis(943, 1, 0.9),
        onItsOwnAxis(944, 2, 0.5),
      ],
    },
    // Guards: the restart column itself ⟂ the answer (a cross, λ = 4, 3.92, 0): the after-loop check is
    // needed too.
    {
      name: "the largest column at right angles to the best line",
      points: 1,
      hidden: true,
      comparison: LINE,
      cases: () => [
        {
          fn: "fitLineFrom",
          args: [CROSS, [1, -1, 0]],
          label: "a cross, λ = 4, 3.92, 0, from (1, −1, 0) in the null space: the largest column is the second axis",
        },
      ],
    },
  ],
});
