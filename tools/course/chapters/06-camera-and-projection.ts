/** Chapter 06's exercises: orthographic, viewport, perspective, oblique, lookAt, projecting a point. */

import { type Mat4, type Vec3, mat4, projection, random, scalar } from "../../../lib/index.ts";
import { generated } from "../cases.ts";
import type { Chapter } from "../types.ts";

const deg = scalar.degToRad;
/** Matrices built from a handful of operations: entries agree to a few ulps of their size. */
const MATRIX = { kind: "numbers" as const, atol: 1e-12, rtol: 1e-12 };
const point = (rng: random.Rng, size: number): Vec3 => [
  random.uniform(rng, -size, size),
  random.uniform(rng, -size, size),
  random.uniform(rng, -size, size),
];
/** A random box `[l, r, b, t, n, f]` with `l < r`, `b < t`, `n < f`. */
const box = (rng: random.Rng): number[] => {
  const l = random.uniform(rng, -50, 50);
  const b = random.uniform(rng, -50, 50);
  const n = random.uniform(rng, -10, 10);
  return [
    l,
    l + random.uniform(rng, 0.5, 40),
    b,
    b + random.uniform(rng, 0.5, 40),
    n,
    n + random.uniform(rng, 0.5, 500),
  ];
};

export const chapter06: Chapter = {
  id: "06-camera-and-projection",
  title: "Camera and projection",
  exercises: [
    {
      id: "orthographic",
      title: "The orthographic projection",
      file: "06-camera-and-projection/01-orthographic.ts",
      exports: ["orthographic"],
      timeLimitMs: 5000,
      hints: [
        "Each axis is an affine map of one interval onto [−1, 1]: x' = 2x/(r − l) − (r + l)/(r − l). The scales go on the diagonal (m[0], m[5], m[10]), the offsets in the last column (m[12], m[13], m[14]).",
        "The camera looks down −Z: the near plane is at z = −near and must go to −1, the far plane z = −far to +1. So as z decreases, depth increases — the z scale is −2/(far − near).",
        "Check the depth offset with z = −near: (−2/(f − n))·(−n) + c = −1 gives c = −(f + n)/(f − n). m[15] = 1 and m[3] = m[7] = m[11] = 0: no perspective.",
      ],
      checks: [
        {
          name: "the lecture's box: left = bottom = 10 m, right = top = 20 m",
          points: 2,
          visibility: "visible",
          comparison: MATRIX,
          cases: () => [
            { fn: "orthographic", args: [10, 20, 10, 20, -1, 1], label: "x, y ∈ [10, 20], near −1, far 1" },
            { fn: "orthographic", args: [10, 20, 10, 20, 0.5, 50], label: "x, y ∈ [10, 20], near 0.5, far 50" },
          ],
        },
        {
          name: "symmetric boxes",
          points: 2,
          visibility: "visible",
          comparison: MATRIX,
          cases: () => [
            { fn: "orthographic", args: [-1, 1, -1, 1, 1, 3], label: "the unit box, near 1, far 3" },
            { fn: "orthographic", args: [-1, 1, -1, 1, -1, 1], label: "the NDC cube itself (identity up to z)" },
            { fn: "orthographic", args: [-8, 8, -4.5, 4.5, 0.1, 100], label: "16:9, near 0.1, far 100" },
          ],
        },
        {
          name: "off-centre boxes and near ≤ 0",
          points: 2,
          visibility: "visible",
          comparison: MATRIX,
          cases: () => [
            { fn: "orthographic", args: [0, 640, 0, 480, 0, 1], label: "pixels: [0, 640] × [0, 480], near 0" },
            { fn: "orthographic", args: [-3, 5, 2, 3, -10, -2], label: "behind the camera: near −10, far −2" },
            ...generated("orthographic", 601, 8, box),
          ],
        },
        {
          name: "random boxes",
          points: 1,
          visibility: "hidden",
          comparison: MATRIX,
          cases: () => generated("orthographic", 602, 20, box),
        },
      ],
    },
    {
      id: "viewport",
      title: "From NDC to pixels",
      file: "06-camera-and-projection/02-viewport.ts",
      exports: ["viewport", "screenSpace"],
      timeLimitMs: 5000,
      hints: [
        "Map −1 → x and +1 → x + width: that is px = x + (ndc + 1)·width/2 = (width/2)·ndc + (x + width/2). Same for y; depth goes from [−1, 1] to [0, 1]: 0.5·ndc + 0.5.",
        "screenSpace maps [left, right] onto [0, width]: px = (X − left)·width/(right − left). Scale on the diagonal, −left·width/(right − left) in m[12].",
        "In screenSpace, z passes through: m[10] = 1, m[14] = 0. For the lecture's 10 m … 20 m on 640 × 480: 64 pixels per metre across, 48 up, and the translation is (−640, −480).",
      ],
      checks: [
        {
          name: "viewport corners and centre",
          points: 2,
          visibility: "visible",
          comparison: MATRIX,
          cases: () => [
            { fn: "viewport", args: [0, 0, 640, 480], label: "640 × 480 at the origin" },
            { fn: "viewport", args: [0, 0, 1920, 1080], label: "1920 × 1080" },
            { fn: "viewport", args: [100, 50, 200, 100], label: "an inset viewport at (100, 50)" },
          ],
        },
        {
          name: "a y-down canvas (negative height)",
          points: 1,
          visibility: "visible",
          comparison: MATRIX,
          cases: () => [{ fn: "viewport", args: [0, 480, 640, -480], label: "y = 480, height −480" }],
        },
        {
          name: "the lecture's screen-space transformation",
          points: 3,
          visibility: "visible",
          comparison: MATRIX,
          cases: () => [
            { fn: "screenSpace", args: [10, 20, 10, 20, 640, 480], label: "10 m … 20 m → 640 × 480" },
            { fn: "screenSpace", args: [10, 20, 10, 20, 1920, 1080], label: "10 m … 20 m → 1920 × 1080" },
            { fn: "screenSpace", args: [-5, 5, 0, 2, 800, 160], label: "[−5, 5] × [0, 2] → 800 × 160" },
          ],
        },
        {
          name: "random rectangles",
          points: 1,
          visibility: "hidden",
          comparison: MATRIX,
          cases: () => [
            ...generated("viewport", 611, 10, (rng) => [
              Math.round(random.uniform(rng, 0, 500)),
              Math.round(random.uniform(rng, 0, 500)),
              Math.round(random.uniform(rng, 1, 4000)),
              Math.round(random.uniform(rng, 1, 4000)),
            ]),
            ...generated("screenSpace", 612, 10, (rng) => {
              const [l, r, b, t] = box(rng);
              return [
                l!,
                r!,
                b!,
                t!,
                Math.round(random.uniform(rng, 1, 4000)),
                Math.round(random.uniform(rng, 1, 4000)),
              ];
            }),
          ],
        },
      ],
    },
    {
      id: "perspective",
      title: "The perspective projection, two depth ranges",
      file: "06-camera-and-projection/03-perspective.ts",
      exports: ["perspective"],
      timeLimitMs: 5000,
      hints: [
        "x and y: m[5] = f = 1/tan(fovY/2) and m[0] = f/aspect. The fourth row is (0, 0, −1, 0), so m[11] = −1 and m[15] = 0: w = −z.",
        "Depth is (A·z + B)/(−z) = −A − B/z. Write two equations: at z = −near it equals the near end (−1 or 0), at z = −far it equals 1. Subtract them to find B, then A.",
        "For −1..1: A = −(far + near)/(far − near), B = −2·far·near/(far − near). For 0..1: A = −far/(far − near), B = −far·near/(far − near). A goes in m[10], B in m[14].",
      ],
      checks: [
        {
          name: "fovY 90°, aspect 1, near 1, far 100 (fact 6.1)",
          points: 2,
          visibility: "visible",
          comparison: MATRIX,
          cases: () => [
            { fn: "perspective", args: [deg(90), 1, 1, 100, "negOneToOne"], label: "depth −1..1" },
            { fn: "perspective", args: [deg(90), 1, 1, 100, "zeroToOne"], label: "depth 0..1" },
          ],
        },
        {
          name: "depth −1..1 (OpenGL, WebGL)",
          points: 2,
          visibility: "visible",
          comparison: MATRIX,
          cases: () => [
            { fn: "perspective", args: [deg(50), 16 / 9, 0.1, 2000, "negOneToOne"], label: "50°, 16:9, 0.1 … 2000" },
            { fn: "perspective", args: [deg(30), 0.5, 2, 3, "negOneToOne"], label: "30°, portrait, 2 … 3" },
            ...generated("perspective", 621, 8, (rng) => perspectiveArgs(rng, "negOneToOne")),
          ],
        },
        {
          name: "depth 0..1 (WebGPU, Direct3D)",
          points: 2,
          visibility: "visible",
          comparison: MATRIX,
          cases: () => [
            { fn: "perspective", args: [deg(50), 16 / 9, 0.1, 2000, "zeroToOne"], label: "50°, 16:9, 0.1 … 2000" },
            { fn: "perspective", args: [deg(120), 2, 0.5, 1, "zeroToOne"], label: "120°, 2:1, 0.5 … 1" },
            ...generated("perspective", 622, 8, (rng) => perspectiveArgs(rng, "zeroToOne")),
          ],
        },
        {
          name: "extreme planes: near 1e-3, far 1e7",
          points: 1,
          visibility: "hidden",
          comparison: MATRIX,
          cases: () => [
            { fn: "perspective", args: [deg(60), 1.5, 1e-3, 1e7, "negOneToOne"] },
            { fn: "perspective", args: [deg(60), 1.5, 1e-3, 1e7, "zeroToOne"] },
            { fn: "perspective", args: [deg(1), 1, 100, 100.5, "zeroToOne"], label: "1°, a thin slab 100 … 100.5" },
          ],
        },
      ],
    },
    {
      id: "oblique",
      title: "Oblique projections: cavalier and cabinet",
      file: "06-camera-and-projection/04-oblique.ts",
      exports: ["oblique", "projectorAngle"],
      timeLimitMs: 5000,
      hints: [
        "The matrix is the identity except for the z column, m[8] and m[9]: where the point (0, 0, 1) goes in x and y.",
        "A point at depth 1 in front of the plane has z = −1 and must move by depthScale·(cos angle, sin angle). So m[8] = −depthScale·cos(angle) and m[9] = −depthScale·sin(angle).",
        "A projector through one unit of depth meets the plane depthScale away: tan(projector angle) = 1/depthScale. Math.atan2(1, depthScale) gives 45° for 1, 63.43° for 1/2, and 90° — not a division by zero — for 0.",
      ],
      checks: [
        {
          name: "cavalier (depth at full length)",
          points: 2,
          visibility: "visible",
          comparison: { kind: "numbers", atol: 1e-15, rtol: 0 },
          cases: () =>
            [0, 30, 45, 90, 135].map((a) => ({ fn: "oblique", args: [deg(a), 1], label: `cavalier, angle ${a}°` })),
        },
        {
          name: "cabinet (depth halved) and orthographic (no shear)",
          points: 2,
          visibility: "visible",
          comparison: { kind: "numbers", atol: 1e-15, rtol: 0 },
          cases: () => [
            ...[30, 45, 63.4].map((a) => ({ fn: "oblique", args: [deg(a), 0.5], label: `cabinet, angle ${a}°` })),
            { fn: "oblique", args: [deg(45), 0], label: "depthScale 0: the identity" },
          ],
        },
        {
          name: "projector angles",
          points: 2,
          visibility: "visible",
          comparison: { kind: "numbers", atol: 1e-15, rtol: 1e-15 },
          cases: () => [
            { fn: "projectorAngle", args: [1], label: "cavalier: 45°" },
            { fn: "projectorAngle", args: [0.5], label: "cabinet: 63.43°" },
            { fn: "projectorAngle", args: [0], label: "orthographic: 90°" },
            { fn: "projectorAngle", args: [2], label: "depth doubled: 26.57°" },
          ],
        },
        {
          name: "random angles and scales",
          points: 1,
          visibility: "hidden",
          comparison: { kind: "numbers", atol: 1e-14, rtol: 1e-14 },
          cases: () => [
            ...generated("oblique", 641, 10, (rng) => [
              random.uniform(rng, -Math.PI, Math.PI),
              random.uniform(rng, 0, 3),
            ]),
            ...generated("projectorAngle", 642, 10, (rng) => [random.uniform(rng, 0, 10)]),
          ],
        },
      ],
    },
    {
      id: "look-at",
      title: "The viewing transformation: lookAt",
      file: "06-camera-and-projection/05-look-at.ts",
      exports: ["lookAt"],
      timeLimitMs: 5000,
      hints: [
        "Forward f = normalize(target − eye); right s = normalize(f × up); true up u = s × f. The camera looks down −Z, so its Z axis is −f.",
        "The rotation's rows are s, u and −f (it sends s to X, u to Y, −f to Z). In column-major storage row r of column c is m[4c + r]: m[0], m[4], m[8] hold s.",
        "The last column is R·(−eye) = (−s·eye, −u·eye, f·eye): after the matrix, eye itself lands on the origin.",
      ],
      checks: [
        {
          name: "cameras on the axes",
          points: 2,
          visibility: "visible",
          comparison: MATRIX,
          cases: () => [
            {
              fn: "lookAt",
              args: [
                [0, 0, 5],
                [0, 0, 0],
                [0, 1, 0],
              ],
              label: "eye (0, 0, 5) looking at the origin",
            },
            {
              fn: "lookAt",
              args: [
                [0, 0, 0],
                [0, 0, -1],
                [0, 1, 0],
              ],
              label: "eye at the origin looking down −Z: identity",
            },
            {
              fn: "lookAt",
              args: [
                [3, 0, 0],
                [0, 0, 0],
                [0, 1, 0],
              ],
              label: "eye on +X",
            },
            {
              fn: "lookAt",
              args: [
                [0, 4, 0],
                [0, 0, 0],
                [0, 0, -1],
              ],
              label: "eye on +Y looking down, up = −Z",
            },
          ],
        },
        {
          name: "up need not be unit or perpendicular",
          points: 2,
          visibility: "visible",
          comparison: MATRIX,
          cases: () => [
            {
              fn: "lookAt",
              args: [
                [3, 2, 4],
                [0, 0, 0],
                [0, 10, 0],
              ],
              label: "up = (0, 10, 0)",
            },
            {
              fn: "lookAt",
              args: [
                [3, 2, 4],
                [0, 0, 0],
                [0.3, 1, 0.2],
              ],
              label: "up tilted",
            },
            {
              fn: "lookAt",
              args: [
                [1, 1, 1],
                [2, 3, 4],
                [0, 0, 1],
              ],
              label: "up = +Z",
            },
          ],
        },
        {
          name: "random cameras",
          points: 2,
          visibility: "visible",
          comparison: MATRIX,
          cases: () => generated("lookAt", 651, 10, (rng) => [point(rng, 10), point(rng, 2), [0, 1, 0]]),
        },
        {
          name: "random cameras and up vectors",
          points: 1,
          visibility: "hidden",
          comparison: MATRIX,
          cases: () =>
            generated("lookAt", 652, 20, (rng) => [
              point(rng, 100),
              point(rng, 100),
              random.unitVector(rng).map((x) => 3 * x),
            ]),
        },
      ],
    },
    {
      id: "project-point",
      title: "Projecting a point: the divide by w",
      file: "06-camera-and-projection/06-project-point.ts",
      exports: ["fromHomogeneous", "projectPoint"],
      timeLimitMs: 5000,
      hints: [
        "fromHomogeneous: divide x, y and z by w. (1, 2, 3, 1) is (1, 2, 3); (1, 2, 3, 2) is (0.5, 1, 1.5) — a larger w, a smaller point.",
        "projectPoint: clip x = m[0]·x + m[4]·y + m[8]·z + m[12], and likewise with m[1], m[5], m[9], m[13] for y, and so on; w = m[3]·x + m[7]·y + m[11]·z + m[15].",
        "Divide all three by w at the end — also when w is negative (a point behind the camera) and when w = 1 (an affine matrix).",
      ],
      checks: [
        {
          name: "homogeneous points (w as a scale)",
          points: 2,
          visibility: "visible",
          comparison: { kind: "numbers", atol: 0, rtol: 1e-15 },
          cases: () => [
            { fn: "fromHomogeneous", args: [[1, 2, 3, 1]], label: "w = 1" },
            { fn: "fromHomogeneous", args: [[1, 2, 3, 2]], label: "w = 2: half the size" },
            { fn: "fromHomogeneous", args: [[1, 2, 3, 0.25]], label: "w = 1/4: four times" },
            { fn: "fromHomogeneous", args: [[4, -2, 6, -2]], label: "w = −2" },
          ],
        },
        {
          name: "affine matrices (w stays 1)",
          points: 1,
          visibility: "visible",
          comparison: MATRIX,
          cases: () => [
            { fn: "projectPoint", args: [mat4.identity(), [1, 2, 3]], label: "identity" },
            { fn: "projectPoint", args: [mat4.translation([1, -2, 3]), [1, 2, 3]], label: "translation" },
            {
              fn: "projectPoint",
              args: [mat4.lookAt([3, 2, 4], [0, 0, 0], [0, 1, 0]), [1, 1, 1]],
              label: "a lookAt view matrix",
            },
          ],
        },
        {
          name: "perspective matrices (divide by w = −z)",
          points: 3,
          visibility: "visible",
          comparison: MATRIX,
          cases: () => {
            const p: Mat4 = projection.perspective(deg(90), 1, 1, 100);
            return [
              { fn: "projectPoint", args: [p, [0, 0, -1]], label: "on the near plane: depth −1" },
              { fn: "projectPoint", args: [p, [0, 0, -100]], label: "on the far plane: depth 1" },
              { fn: "projectPoint", args: [p, [1, 1, -1]], label: "near corner (1, 1)" },
              { fn: "projectPoint", args: [p, [1, 1, -2]], label: "twice as far: half as large" },
              ...generated("projectPoint", 661, 8, (rng) => [
                projection.perspective(random.uniform(rng, 0.3, 2.5), random.uniform(rng, 0.5, 2), 0.5, 50),
                [random.uniform(rng, -5, 5), random.uniform(rng, -5, 5), random.uniform(rng, -50, -0.5)],
              ]),
            ];
          },
        },
        {
          name: "behind the camera and through view · projection",
          points: 1,
          visibility: "hidden",
          comparison: MATRIX,
          cases: () => [
            {
              fn: "projectPoint",
              args: [projection.perspective(deg(90), 1, 1, 100), [1, 1, 2]],
              label: "z = +2 (w < 0)",
            },
            ...generated("projectPoint", 662, 10, (rng) => [
              mat4.multiply(
                projection.perspective(deg(60), 1.5, 0.1, 100),
                mat4.lookAt(point(rng, 20), [0, 0, 0], [0, 1, 0]),
              ),
              point(rng, 3),
            ]),
          ],
        },
      ],
    },
  ],
};

/** Random gluPerspective arguments: fovY 10°…150°, aspect 0.5…2.5, near 0.01…5, far 2…1000 times further. */
function perspectiveArgs(rng: random.Rng, depth: projection.DepthRange): (number | string)[] {
  const near = random.uniform(rng, 0.01, 5);
  return [
    deg(random.uniform(rng, 10, 150)),
    random.uniform(rng, 0.5, 2.5),
    near,
    near * random.uniform(rng, 2, 1000),
    depth,
  ];
}
