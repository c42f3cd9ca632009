/** The virtual trackball: the checks of exercises/04-quaternions/08-trackball.ts. */

import { type Quat, quat, random, trackball } from "../../../lib/index.ts";
import { defineExercise } from "../../../tools/isomorphic/exercise.ts";
import type * as solution from "../../../solutions/04-quaternions/08-trackball.ts";
import { generated, numbers } from "../cases.ts";

type Point = solution.ScreenPoint;

/** A screen point at distance `d` from the centre, in a random direction. */
const atDistance = (rng: random.Rng, d: number): Point => {
  const t = random.uniform(rng, -Math.PI, Math.PI);
  return [d * Math.cos(t), d * Math.sin(t)];
};

/** A point anywhere on a square canvas, [−1, 1]². */
const inCanvas = (rng: random.Rng): Point => [random.uniform(rng, -1, 1), random.uniform(rng, -1, 1)];

/** A wandering drag from `from` to `to`: `n` random pointer positions anywhere on a wide canvas (and a bit off it) between them. */
const wander = (rng: random.Rng, from: Point, to: Point, n: number): Point[] => [
  from,
  ...Array.from({ length: n }, (): Point => [random.uniform(rng, -1.6, 1.6), random.uniform(rng, -1.2, 1.2)]),
  to,
];

/** The lib's circle, rounded as pointer positions arrive (to a thousandth of the ball's radius), closed exactly. */
const circle = (center: Point, radius: number, steps: number): Point[] =>
  trackball
    .circlePath(center, radius, steps)
    .map(([x, y]): Point => [Math.round(x * 1e3) / 1e3, Math.round(y * 1e3) / 1e3]);

/** A closed figure of eight, x = 0.5 sin t, y = 0.3 sin 2t, crossing itself at the centre; `n` steps. */
const figureEight = (n: number): Point[] =>
  Array.from({ length: n + 1 }, (_, k): Point => {
    const t = (2 * Math.PI * (k % n)) / n;
    return [Math.round(500 * Math.sin(t)) / 1e3, Math.round(300 * Math.sin(2 * t)) / 1e3];
  });

const tilted: Quat = quat.fromAxisAngle([1, 2, -0.5], 0.9);

export default defineExercise<typeof solution>({
  title: "The virtual trackball",
  uses: ["scalar", "vec3", "quat.multiply", "quat.conjugate", "quat.normalize", "quat.identity"],
  hints: [
    "ballPoint: with d = √(x² + y²), inside the rim (d ≤ 1/√2) the point (x, y, √(1 − d²)) is already a unit vector. Outside, lift it to (x, y, 1/(2d)) on the hyperbola and divide by its length. At d = 1/√2 both give z = 1/√2: check that your two branches meet there.",
    "arcball: a unit vector p is the pure quaternion [p, 0], its conjugate [−p, 0]. The product (p₁, 0)·(−p₀, 0) is (p₀ × p₁, p₀·p₁) — quat.multiply and quat.conjugate do it, in that order: p₁ first. Its angle is twice the angle between p₀ and p₁ (cos of half the angle is p₀·p₁). Turning p₀ → p₁ by the short rotation (u × v, 1 + u·v) is the incremental trackball's step, half as far.",
    "dragOrientation: the arcball depends on the press point and the current point only — so a closed drag returns to start, and no accumulation along the path is needed (composing each event's arcball step also works: the middle points cancel, p_k*·p_k = 1). Composing the shortest rotations between successive points, as the lecture's gltb.c does, depends on the path. The drag's rotation comes after start: arcball(path[0], last) · start.",
  ],
  checks: [
    // Guards: Bell's sphere z = √(1 − d²) inside the rim, a unit vector with z > 0, from the centre (and a hair from it)
    // to just inside d = 1/√2.
    {
      name: "ball mapping inside the rim",
      points: 2,
      comparison: numbers,
      cases: () => [
        { fn: "ballPoint", args: [[0, 0]], label: "the centre: straight at the viewer" },
        { fn: "ballPoint", args: [[0.3, 0.4]], label: "(0.3, 0.4): d = 0.5" },
        { fn: "ballPoint", args: [[-0.5, 0.2]] },
        { fn: "ballPoint", args: [[0, -0.7]], label: "(0, −0.7): just inside the rim" },
        { fn: "ballPoint", args: [[1e-9, -2e-9]], label: "a hair from the centre" },
        ...generated("ballPoint", 481, 10, (rng) => [atDistance(rng, random.uniform(rng, 0, 0.7))]),
      ],
    },
    // Guards: the rim d = 1/√2 exactly (both formulas meet: either branch is right there) and a hair outside it,
    // the hyperbola z = 1/(2d) then normalized, out to 1000 ("far off the canvas").
    {
      name: "ball mapping on the rim and outside (Bell's hyperbola)",
      points: 2,
      comparison: numbers,
      cases: () => [
        { fn: "ballPoint", args: [[0.5, 0.5]], label: "(0.5, 0.5): on the rim d = 1/√2" },
        { fn: "ballPoint", args: [[-Math.SQRT1_2, 0]], label: "(−1/√2, 0): on the rim" },
        { fn: "ballPoint", args: [[0.5, 0.500000001]], label: "a hair outside the rim: continuous" },
        { fn: "ballPoint", args: [[1, 0]], label: "(1, 0): the canvas's edge, z = 1/2 before normalizing" },
        { fn: "ballPoint", args: [[0, -1]] },
        { fn: "ballPoint", args: [[1, 1]], label: "(1, 1): the corner" },
        { fn: "ballPoint", args: [[-1.5, 0.2]], label: "(−1.5, 0.2): the far side of a wide canvas" },
        { fn: "ballPoint", args: [[3, -4]], label: "(3, −4): off the canvas (a captured pointer)" },
        { fn: "ballPoint", args: [[1000, 0]], label: "(1000, 0): far off, nearly on the silhouette" },
        ...generated("ballPoint", 482, 10, (rng) => [atDistance(rng, random.uniform(rng, 0.75, 2))]),
      ],
    },
    // Guards: arcball = p₁·p₀*: about p₀ × p₁ by twice the arc; the identity for a drag of zero length.
    {
      name: "the rotation of a drag (twice the arc)",
      points: 3,
      comparison: { kind: "rotationQuat" },
      cases: () => [
        {
          fn: "arcball",
          args: [
            [0.2, 0.3],
            [0.2, 0.3],
          ],
          label: "a drag of zero length: the identity",
        },
        {
          fn: "arcball",
          args: [
            [0, 0],
            [0.5, 0],
          ],
          label: "centre → (0.5, 0): 30° apart, 60° about +Y",
        },
        {
          fn: "arcball",
          args: [
            [0, 0],
            [0, 0.5],
          ],
          label: "centre → (0, 0.5): 60° about −X",
        },
        {
          fn: "arcball",
          args: [
            [-0.5, 0],
            [0.5, 0],
          ],
          label: "through the centre, (−0.5, 0) → (0.5, 0): 120° about +Y",
        },
        {
          fn: "arcball",
          args: [
            [0.2, 0.1],
            [1, -0.6],
          ],
          label: "from inside the rim to outside it",
        },
        {
          fn: "arcball",
          args: [
            [-1, 0],
            [1, 0],
          ],
          label: "edge to edge: 127° apart, a 254° turn",
        },
        {
          fn: "arcball",
          args: [
            [0.6, 0.6],
            [-0.3, 0.9],
          ],
          label: "outside to outside",
        },
        ...generated("arcball", 483, 12, (rng) => [inCanvas(rng), inCanvas(rng)]),
      ],
    },
    // Guards: dragOrientation = arcball(path[0], path[last])·start: "only the two ends matter", after start.
    {
      // The ends stay inside the rim, where every sensible mapping agrees; the paths go anywhere.
      name: "path independence: a closed drag returns, and only the ends matter",
      points: 3,
      comparison: { kind: "rotationQuat" },
      cases: () => [
        { fn: "dragOrientation", args: [tilted, [[0.3, -0.2]]], label: "a press without a move: start itself" },
        {
          fn: "dragOrientation",
          args: [[0, 0, 0, 1], circle([0, 0], 0.5, 36)],
          label: "a circle of radius 0.5 about the centre",
        },
        {
          fn: "dragOrientation",
          args: [tilted, circle([0.1, 0], 0.9, 48)],
          label: "a circle across the rim, from a tilted start",
        },
        {
          fn: "dragOrientation",
          args: [tilted, figureEight(40)],
          label: "a figure of eight through the centre",
        },
        {
          fn: "dragOrientation",
          args: [
            [0, 0, 0, 1],
            [
              [0, 0],
              [0.2, 0],
              [0.4, 0],
              [0.6, 0],
            ],
          ],
          label: "straight right, 0 → (0.6, 0)",
        },
        {
          fn: "dragOrientation",
          args: [
            [0, 0, 0, 1],
            [
              [0, 0],
              [0, 0.8],
              [1.2, 0.8],
              [1.2, -0.8],
              [0.6, 0],
            ],
          ],
          label: "the same ends by a detour round the outside",
        },
        {
          fn: "dragOrientation",
          args: [
            tilted,
            [
              [-0.4, 0.3],
              [0, 0],
              [0.5, -0.4],
              [1.4, -1.1],
              [0.4, -0.3],
            ],
          ],
          label: "through the centre and out past the rim",
        },
        ...generated("dragOrientation", 484, 8, (rng) => {
          const start = random.unitQuat(rng);
          const from = atDistance(rng, random.uniform(rng, 0, 0.65));
          const to = atDistance(rng, random.uniform(rng, 0, 0.65));
          return [start, wander(rng, from, to, 20)];
        }),
        ...generated("dragOrientation", 485, 4, (rng) => {
          const from = atDistance(rng, random.uniform(rng, 0, 0.65));
          return [random.unitQuat(rng), wander(rng, from, from, 30)];
        }),
      ],
    },
  ],
});
