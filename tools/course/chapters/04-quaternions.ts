/** Chapter 04's exercises: from axis–angle, multiply, rotate, to and from matrices, powers, from two vectors. */

import { type Quat, type Vec3, axisAngle, quat, random, scalar, vec3 } from "../../../lib/index.ts";
import { LANDMARK_ANGLES, generated } from "../cases.ts";
import type { Chapter } from "../types.ts";

const i: Quat = [1, 0, 0, 0];
const j: Quat = [0, 1, 0, 0];
const k: Quat = [0, 0, 1, 0];
const one: Quat = [0, 0, 0, 1];
const deg = scalar.degToRad;
const numbers = { kind: "numbers" as const, atol: 1e-12, rtol: 1e-12 };
const randomVector = (rng: random.Rng): Vec3 =>
  random.unitVector(rng).map((x) => x * random.uniform(rng, 0.2, 3)) as Vec3;
/** A unit quaternion with w ≥ 0 (the form fromMatrix returns). */
const positiveW = (q: Quat): Quat => (q[3] < 0 ? (q.map((x) => -x) as Quat) : q);
/** A vector a small angle `eps` (radians) away from the direction of `u`. */
const nudge = (u: Vec3, eps: number): Vec3 => {
  const side = vec3.normalize(vec3.cross(u, vec3.orthogonal(u)));
  return vec3.add(vec3.scale(vec3.normalize(u), Math.cos(eps)), vec3.scale(side, Math.sin(eps)));
};

export const chapter04: Chapter = {
  id: "04-quaternions",
  title: "Quaternions",
  exercises: [
    {
      id: "quat-from-axis-angle",
      title: "Quaternion from axis and angle",
      file: "04-quaternions/01-from-axis-angle.ts",
      exports: ["fromAxisAngle"],
      timeLimitMs: 5000,
      hints: [
        "Normalize the axis. The quaternion is [sin(θ/2)·n, cos(θ/2)]: vector part first, scalar last.",
        "Half the angle! The rotation by θ has sin(θ/2) and cos(θ/2) in it, because q acts twice in q v q*.",
        "Check with the slide: a roll of π about X is (cos(π/2), sin(π/2)·(1, 0, 0)) = (0, (1, 0, 0)), i.e. [1, 0, 0, 0] (to rounding).",
      ],
      checks: [
        {
          name: "rolls of π about X, Y, Z (the slide's examples)",
          points: 2,
          visibility: "visible",
          comparison: numbers,
          cases: () =>
            (["X", "Y", "Z"] as const).map((name, i) => ({
              fn: "fromAxisAngle",
              args: [[0, 1, 2].map((k) => (k === i ? 1 : 0)), Math.PI],
              label: `roll of π about ${name}`,
            })),
        },
        {
          name: "landmark angles about (1, 2, 2)",
          points: 2,
          visibility: "visible",
          comparison: numbers,
          cases: () =>
            LANDMARK_ANGLES.map((a) => ({
              fn: "fromAxisAngle",
              args: [[1, 2, 2], a],
              label: `axis (1, 2, 2) unnormalised, θ = ${scalar.radToDeg(a).toFixed(0)}°`,
            })),
        },
        {
          name: "random axes and angles",
          points: 2,
          visibility: "visible",
          comparison: numbers,
          cases: () =>
            generated("fromAxisAngle", 411, 20, (rng) => [
              randomVector(rng),
              random.uniform(rng, -2 * Math.PI, 2 * Math.PI),
            ]),
        },
        {
          name: "beyond one turn",
          points: 1,
          visibility: "hidden",
          comparison: numbers,
          cases: () =>
            generated("fromAxisAngle", 412, 10, (rng) => [random.unitVector(rng), random.uniform(rng, -20, 20)]),
        },
      ],
    },
    {
      id: "quat-multiply",
      title: "The Hamilton product",
      file: "04-quaternions/02-multiply.ts",
      exports: ["multiply"],
      timeLimitMs: 5000,
      hints: [
        "Split each quaternion into its vector part v = [x, y, z] and scalar w. The product's scalar part is w₁w₂ − v₁·v₂.",
        "The vector part is w₁v₂ + w₂v₁ + v₁ × v₂ — the cross product is what makes ij = k but ji = −k.",
        "Write out x: w₁x₂ + w₂x₁ + (y₁z₂ − z₁y₂). y and z follow by cycling x → y → z → x.",
      ],
      checks: [
        {
          name: "Hamilton's rules: ij = k, ji = −k, i² = −1",
          points: 3,
          visibility: "visible",
          comparison: { kind: "numbers", atol: 0, rtol: 0 },
          cases: () =>
            [
              [i, j, "i·j"],
              [j, i, "j·i"],
              [j, k, "j·k"],
              [k, i, "k·i"],
              [i, i, "i·i"],
              [k, k, "k·k"],
              [one, j, "1·j"],
            ].map(([a, b, label]) => ({ fn: "multiply", args: [a as Quat, b as Quat], label: label as string })),
        },
        {
          name: "products of random rotations",
          points: 4,
          visibility: "visible",
          comparison: { kind: "numbers", atol: 1e-15, rtol: 1e-15 },
          cases: () => generated("multiply", 421, 20, (rng) => [random.unitQuat(rng), random.unitQuat(rng)]),
        },
        {
          name: "composition order: a·b rotates by b first",
          points: 2,
          visibility: "visible",
          comparison: { kind: "rotationQuat" },
          cases: () => [
            {
              fn: "multiply",
              args: [quat.fromAxisAngle([0, 0, 1], Math.PI / 2), quat.fromAxisAngle([1, 0, 0], Math.PI / 2)],
              label: "Rz(90°)·Rx(90°)",
            },
            {
              fn: "multiply",
              args: [quat.fromAxisAngle([1, 0, 0], Math.PI / 2), quat.fromAxisAngle([0, 0, 1], Math.PI / 2)],
              label: "Rx(90°)·Rz(90°)",
            },
          ],
        },
        {
          name: "non-unit quaternions",
          points: 1,
          visibility: "hidden",
          comparison: { kind: "numbers", atol: 1e-13, rtol: 1e-13 },
          cases: () =>
            generated("multiply", 422, 10, (rng) => [
              random.unitQuat(rng).map((x) => 3 * x),
              random.unitQuat(rng).map((x) => -0.5 * x),
            ]),
        },
      ],
    },
    {
      id: "quat-rotate",
      title: "Rotate a vector: q v q*",
      file: "04-quaternions/03-rotate-vector.ts",
      exports: ["rotateVector"],
      timeLimitMs: 5000,
      hints: [
        "Write v as the pure quaternion [vx, vy, vz, 0] and the conjugate as q* = [−x, −y, −z, w]. You need two Hamilton products.",
        "Order matters: first p = q·[v, 0], then p·q*. The result's scalar part is 0 (to rounding); return its vector part.",
        "Test on q = [0, 0, sin 45°, cos 45°] (90° about Z): X must go to Y. If it goes to −Y, you computed q*·v·q.",
      ],
      checks: [
        {
          name: "quarter turns about X, Y, Z",
          points: 2,
          visibility: "visible",
          comparison: numbers,
          cases: () => [
            {
              fn: "rotateVector",
              args: [quat.fromAxisAngle([0, 0, 1], deg(90)), [1, 0, 0]],
              label: "90° about Z: X → Y",
            },
            {
              fn: "rotateVector",
              args: [quat.fromAxisAngle([1, 0, 0], deg(90)), [0, 1, 0]],
              label: "90° about X: Y → Z",
            },
            {
              fn: "rotateVector",
              args: [quat.fromAxisAngle([0, 1, 0], deg(90)), [0, 0, 1]],
              label: "90° about Y: Z → X",
            },
          ],
        },
        {
          name: "q and −q rotate alike",
          points: 1,
          visibility: "visible",
          comparison: numbers,
          cases: () => [
            {
              fn: "rotateVector",
              args: [quat.fromAxisAngle([1, 1, 0], deg(120)), [0.3, -1, 2]],
              label: "q: 120° about (1, 1, 0)",
            },
            {
              fn: "rotateVector",
              args: [quat.fromAxisAngle([1, 1, 0], deg(120)).map((x) => -x), [0.3, -1, 2]],
              label: "−q: the same rotation",
            },
          ],
        },
        {
          name: "random rotations and vectors",
          points: 3,
          visibility: "visible",
          comparison: numbers,
          cases: () => generated("rotateVector", 431, 20, (rng) => [random.unitQuat(rng), randomVector(rng)]),
        },
        {
          name: "long vectors",
          points: 1,
          visibility: "hidden",
          comparison: { kind: "numbers", atol: 1e-9, rtol: 1e-12 },
          cases: () =>
            generated("rotateVector", 432, 10, (rng) => [
              random.unitQuat(rng),
              random.unitVector(rng).map((x) => 1e4 * x),
            ]),
        },
      ],
    },
    {
      id: "quat-to-matrix",
      title: "Quaternion to rotation matrix",
      file: "04-quaternions/04-to-matrix.ts",
      exports: ["toMatrix"],
      timeLimitMs: 5000,
      hints: [
        "Column j of the matrix is q e_j q*, where e_j is axis j. Compute the first column, then the others by cycling x → y → z.",
        "The diagonal is 1 − 2(y² + z²), 1 − 2(x² + z²), 1 − 2(x² + y²). Off the diagonal, entry (1, 0) is 2(xy + wz) and entry (0, 1) is 2(xy − wz).",
        "Column-major: m[0], m[1], m[2] is the first column, so m[1] = 2(xy + wz). If your rotations go the wrong way, you stored rows.",
      ],
      checks: [
        {
          name: "the slide's half turns and the quarter turn about Z",
          points: 2,
          visibility: "visible",
          comparison: numbers,
          cases: () => [
            { fn: "toMatrix", args: [[1, 0, 0, 0]], label: "(0, (1, 0, 0)): 180° about X" },
            { fn: "toMatrix", args: [[0, 1, 0, 0]], label: "(0, (0, 1, 0)): 180° about Y" },
            { fn: "toMatrix", args: [[0, 0, 1, 0]], label: "(0, (0, 0, 1)): 180° about Z" },
            { fn: "toMatrix", args: [quat.fromAxisAngle([0, 0, 1], deg(90))], label: "90° about Z" },
            { fn: "toMatrix", args: [one], label: "the identity" },
          ],
        },
        {
          name: "random rotations",
          points: 3,
          visibility: "visible",
          comparison: numbers,
          cases: () => generated("toMatrix", 441, 20, (rng) => [random.unitQuat(rng)]),
        },
        {
          name: "q and −q give the same matrix",
          points: 1,
          visibility: "visible",
          comparison: numbers,
          cases: () => generated("toMatrix", 442, 10, (rng) => [random.unitQuat(rng).map((x) => -x)]),
        },
        {
          name: "the matrix of a product is the product of the matrices",
          points: 1,
          visibility: "hidden",
          comparison: numbers,
          cases: () =>
            generated("toMatrix", 443, 10, (rng) => [quat.multiply(random.unitQuat(rng), random.unitQuat(rng))]),
        },
      ],
    },
    {
      id: "quat-from-matrix",
      title: "Rotation matrix to quaternion (Shepperd)",
      file: "04-quaternions/05-from-matrix.ts",
      exports: ["fromMatrix"],
      timeLimitMs: 5000,
      hints: [
        "The diagonal and the trace give the squares: 4w² = 1 + tr, 4x² = 1 + m00 − m11 − m22, and so on. The off-diagonal sums and differences give 4wx, 4xy, …",
        "w = √(1 + tr)/2 and x = (m21 − m12)/(4w) works — until w is near 0 (turns near 180°), where it divides by almost nothing. Take the largest of the four squares instead.",
        "Largest x² branch: x = √(1 + m00 − m11 − m22)/2, y = (m01 + m10)/(4x), z = (m02 + m20)/(4x), w = (m21 − m12)/(4x). Then flip all four signs if w < 0.",
      ],
      checks: [
        {
          name: "w largest: small and medium rotations",
          points: 2,
          visibility: "visible",
          comparison: { kind: "rotationQuat" },
          cases: () => [
            { fn: "fromMatrix", args: [quat.toMat3(one)], label: "the identity" },
            { fn: "fromMatrix", args: [axisAngle.toMat3([1, 2, 3], deg(40))], label: "40° about (1, 2, 3)" },
            ...generated("fromMatrix", 451, 10, (rng) => [
              axisAngle.toMat3(random.unitVector(rng), random.uniform(rng, 0, deg(90))),
            ]),
          ],
        },
        {
          name: "x, y or z largest: half turns about each axis",
          points: 3,
          visibility: "visible",
          comparison: { kind: "rotationQuat" },
          cases: () =>
            (
              [
                [[1, 0, 0], "X"],
                [[0, 1, 0], "Y"],
                [[0, 0, 1], "Z"],
                [[1, 0.2, -0.1], "(1, 0.2, −0.1), x largest"],
                [[0.1, -1, 0.3], "(0.1, −1, 0.3), y largest"],
                [[-0.2, 0.3, 1], "(−0.2, 0.3, 1), z largest"],
              ] as [Vec3, string][]
            ).map(([axis, name]) => ({
              fn: "fromMatrix",
              args: [axisAngle.toMat3(axis, Math.PI)],
              label: `180° about ${name}`,
            })),
        },
        {
          name: "turns within 1e-9 of 180°",
          points: 2,
          visibility: "visible",
          comparison: { kind: "rotationQuat" },
          cases: () =>
            (
              [
                [[2, 1, 0], "x largest"],
                [[0.5, 3, -1], "y largest"],
                [[-1, 1, 4], "z largest"],
              ] as [Vec3, string][]
            ).map(([axis, name]) => ({
              fn: "fromMatrix",
              args: [axisAngle.toMat3(axis, Math.PI - 1e-9)],
              label: `π − 1e-9 about (${axis.join(", ")}), ${name}`,
            })),
        },
        {
          name: "random rotations",
          points: 2,
          visibility: "hidden",
          comparison: { kind: "rotationQuat" },
          cases: () => generated("fromMatrix", 452, 30, (rng) => [quat.toMat3(random.unitQuat(rng))]),
        },
      ],
    },
    {
      id: "quat-pow",
      title: "Powers of a rotation",
      file: "04-quaternions/06-pow.ts",
      exports: ["pow"],
      timeLimitMs: 5000,
      hints: [
        "Write q = (sin α · n, cos α): α = atan2(|v|, w) is half the rotation angle, n = v/|v|. Then q^t = (sin(tα) · n, cos(tα)).",
        "At the identity |v| = 0 and n = v/|v| is 0/0 = NaN — that is the blog's bug (it divides by sin α). The identity to any power is the identity: return it.",
        "Do not make w positive first: q and −q are the same rotation but −q goes round the other way (350° vs −10°), and their powers differ. q = −1 (w = −1, |v| = 0) is a 360° turn: q^t turns by 360°·t about any axis.",
      ],
      checks: [
        {
          name: "45° to the power 1/3 is 15° (the blog's example)",
          points: 2,
          visibility: "visible",
          comparison: { kind: "rotationQuat" },
          cases: () => [
            { fn: "pow", args: [quat.fromAxisAngle([0, 1, 0], deg(45)), 1 / 3], label: "45° about Y, t = 1/3" },
            {
              fn: "pow",
              args: [quat.fromAxisAngle([1, -2, 2], deg(45)), 1 / 3],
              label: "45° about (1, −2, 2), t = 1/3",
            },
            { fn: "pow", args: [quat.fromAxisAngle([0, 0, 1], deg(90)), 2], label: "90° about Z, t = 2" },
            { fn: "pow", args: [quat.fromAxisAngle([0, 0, 1], deg(90)), 0], label: "t = 0: the identity" },
            { fn: "pow", args: [quat.fromAxisAngle([0, 0, 1], deg(90)), 1], label: "t = 1: q itself" },
          ],
        },
        {
          name: "the identity to any power (no NaN)",
          points: 2,
          visibility: "visible",
          comparison: { kind: "rotationQuat" },
          cases: () =>
            [0.5, 1 / 3, 2, -1.5].map((t) => ({ fn: "pow", args: [one, t], label: `identity^${t.toPrecision(3)}` })),
        },
        {
          name: "random rotations and exponents",
          points: 2,
          visibility: "visible",
          comparison: { kind: "rotationQuat" },
          cases: () =>
            generated("pow", 461, 20, (rng) => [positiveW(random.unitQuat(rng)), random.uniform(rng, -2, 2)]),
        },
        {
          name: "w < 0 follows q's own arc",
          points: 1,
          visibility: "hidden",
          comparison: { kind: "rotationQuat" },
          cases: () => [
            ...generated("pow", 462, 10, (rng) => [
              positiveW(random.unitQuat(rng)).map((x) => -x),
              random.uniform(rng, 0.1, 0.9),
            ]),
            { fn: "pow", args: [[0, 0, 0, -1], 0.5], label: "q = −1 (a full turn), t = 1/2" },
          ],
        },
      ],
    },
    {
      id: "quat-from-two-vectors",
      title: "The rotation from one vector to another",
      file: "04-quaternions/07-from-two-vectors.ts",
      exports: ["fromTwoVectors"],
      timeLimitMs: 5000,
      hints: [
        "Normalize u and v. The rotation turns by the angle φ between them about n = (u × v)/|u × v|; (u × v, 1 + u·v) = 2cos(φ/2)·(sin(φ/2) n, cos(φ/2)), so normalizing it is the answer.",
        "At v = −u, u × v = 0 and 1 + u·v = 0: the short form is [0, 0, 0, 0] and normalizing it gives NaN. Detect it (u × v ≈ 0 with u·v < 0) and return the half turn [a, 0] about the axis the task fixes.",
        "Nearly opposite, 1 + u·v cancels to nothing. Since |u × v|² = 1 − (u·v)², use 1 + u·v = |u × v|² / (1 − u·v) when u·v < 0: no cancellation.",
      ],
      checks: [
        {
          name: "quarter turns and parallel vectors",
          points: 2,
          visibility: "visible",
          comparison: { kind: "rotationQuat" },
          cases: () => [
            {
              fn: "fromTwoVectors",
              args: [
                [1, 0, 0],
                [0, 1, 0],
              ],
              label: "X → Y: 90° about Z",
            },
            {
              fn: "fromTwoVectors",
              args: [
                [0, 0, 2],
                [3, 0, 0],
              ],
              label: "Z → X, unnormalised: 90° about Y",
            },
            {
              fn: "fromTwoVectors",
              args: [
                [1, 2, 3],
                [2, 4, 6],
              ],
              label: "parallel: the identity",
            },
          ],
        },
        {
          name: "random pairs",
          points: 2,
          visibility: "visible",
          comparison: { kind: "rotationQuat" },
          cases: () => generated("fromTwoVectors", 471, 20, (rng) => [randomVector(rng), randomVector(rng)]),
        },
        {
          name: "opposite vectors (u = −v)",
          points: 3,
          visibility: "visible",
          comparison: { kind: "rotationQuat" },
          cases: () => [
            {
              fn: "fromTwoVectors",
              args: [
                [1, 0, 0],
                [-1, 0, 0],
              ],
              label: "X → −X",
            },
            {
              fn: "fromTwoVectors",
              args: [
                [0, 1, 0],
                [0, -1, 0],
              ],
              label: "Y → −Y",
            },
            {
              fn: "fromTwoVectors",
              args: [
                [0, 0, 2],
                [0, 0, -5],
              ],
              label: "Z → −Z, unnormalised",
            },
            {
              fn: "fromTwoVectors",
              args: [
                [1, 2, 3],
                [-1, -2, -3],
              ],
              label: "(1, 2, 3) → (−1, −2, −3)",
            },
          ],
        },
        {
          name: "nearly opposite and nearly equal (1e-4 … 1e-8 apart)",
          points: 1,
          visibility: "hidden",
          comparison: { kind: "rotationQuat", toleranceRad: 1e-6 },
          cases: () =>
            generated("fromTwoVectors", 472, 12, (rng) => {
              const u = random.unitVector(rng);
              const eps = 10 ** random.uniform(rng, -8, -4);
              return [u, random.uniform(rng, 0, 1) < 0.5 ? nudge(u, eps) : nudge(vec3.negate(u), eps)];
            }),
        },
      ],
    },
  ],
};
