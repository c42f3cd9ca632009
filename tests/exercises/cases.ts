/**
 * Case builders shared by the exercise definitions of tests/exercises/<chapter>/: seeded generation, the
 * angles every chapter probes, random rotations and vectors, the tolerances most checks use. Trusted
 * side only: the student edition ships concrete cases and never imports this.
 */

import {
  type EulerAngles,
  type Mat3,
  type Quat,
  type Vec3,
  axisAngle,
  decompose,
  euler,
  fit,
  kabsch,
  mat3,
  quat,
  random,
  scalar,
  sdf,
  vec3,
} from "../../lib/index.ts";
import { type CaseContext, type Comparison, currentCaseContext } from "../../tools/isomorphic/exercise.ts";

export const deg = scalar.degToRad;

/** Angles worth probing in any rotation exercise (radians): the quarter turns, 0, 180° and beyond 360°. */
export const LANDMARK_ANGLES: readonly number[] = [0, 30, 45, 90, 120, 180, -90, -135, 270, 360].map(deg);

/**
 * Stream `seed` of the check whose cases are being made (its {@link CaseContext}): the same every run
 * for one salt. The grader draws with a salt of its own (`npm run grade` derives it from the solutions a
 * student never sees), so the cases it grades with are not the ones the student edition ships with
 * their expected values: an answer that only looks those up fails, a correct one passes any salt. Full
 * 53-bit doubles, as a student's data arrives. Only inside a check's `cases`: it throws elsewhere.
 */
export function caseRng(seed: number): random.Rng {
  return currentCaseContext().stream(seed);
}

/**
 * A generator the grader's salt never changes, for a constant a check needs the same on every salt (a
 * fixed turn under which some cases are known to round a certain way) — never for the cases themselves,
 * which come from {@link caseRng}.
 */
export function unsaltedRng(seed: number): random.Rng {
  return random.seeded(seed);
}

/**
 * `n` calls of `fn` with arguments drawn from {@link caseRng}(`seed`). The arguments keep their tuple
 * type, so the definition checks them against the solution's signature.
 */
export function generated<F extends string, A extends unknown[] | []>(
  fn: F,
  seed: number,
  n: number,
  args: (rng: random.Rng) => A,
): { fn: F; args: A }[] {
  const rng = caseRng(seed);
  return Array.from({ length: n }, () => ({ fn, args: args(rng) }));
}

/**
 * An interpolation's ends: `n` random pairs of unit quaternions at t = 0 (drawn from `seed`) and `n` at
 * t = 1 (from `seed + 1`), for `fn(a, b, t)` — nlerp's and slerp's "endpoints" check.
 */
export const quatEndpoints = <F extends string>(fn: F, seed: number, n: number) =>
  generated(fn, seed, n, (rng) => [random.unitQuat(rng), random.unitQuat(rng), 0]).concat(
    generated(fn, seed + 1, n, (rng) => [random.unitQuat(rng), random.unitQuat(rng), 1]),
  );

/** Results built from a handful of operations: entries agree to a few ulps of their size. */
export const numbers = { kind: "numbers", atol: 1e-12, rtol: 1e-12 } as const;

export const ORDERS = euler.ORDERS;

/** The quaternion units i, j, k and 1, as [x, y, z, w]. */
export const i: Quat = [1, 0, 0, 0];
export const j: Quat = [0, 1, 0, 0];
export const k: Quat = [0, 0, 1, 0];
export const one: Quat = [0, 0, 0, 1];

export const negate = (q: Quat): Quat => [-q[0], -q[1], -q[2], -q[3]];

export const randomRotation = (rng: random.Rng): Mat3 => quat.toMat3(random.unitQuat(rng));

export const randomAngles = (rng: random.Rng): EulerAngles => [
  random.uniform(rng, -Math.PI, Math.PI),
  random.uniform(rng, -Math.PI, Math.PI),
  random.uniform(rng, -Math.PI, Math.PI),
];

/** A vector of random direction and length 0.2 … 3. */
export const randomVector = (rng: random.Rng): Vec3 =>
  random.unitVector(rng).map((x) => x * random.uniform(rng, 0.2, 3)) as Vec3;

/** A point in the cube [−size, size]³. */
export const point = (rng: random.Rng, size: number): Vec3 => [
  random.uniform(rng, -size, size),
  random.uniform(rng, -size, size),
  random.uniform(rng, -size, size),
];

/** A rotation `angleRad` away from `q`, about a random axis. */
export const near = (rng: random.Rng, q: Quat, angleRad: number): Quat =>
  quat.multiply(q, quat.fromAxisAngle(random.unitVector(rng), angleRad));

/**
 * `m` as a matrix arrives in practice: through a quaternion and back (`quat.toMat3(quat.fromMat3(m))`).
 * Every entry then carries ~1e-16 of absolute rounding, as after any product, so entries that are tiny
 * near a singularity (cos θy at gimbal lock) lose their relative precision, and ±1 entries may pass 1.
 */
export const asArrived = (m: Mat3): Mat3 => quat.toMat3(quat.fromMat3(m));

/**
 * The rotation by `angleRad` about `axis` as a matrix arrives in practice: the product of two turns about
 * the axis (by `split` and by `angleRad − split`), so every entry carries the rounding of a product and
 * the small ones (the skew part near 0 and π) are no more precise than the large ones.
 */
export const asProduct = (axis: Vec3, angleRad: number, split: number): Mat3 =>
  mat3.multiply(axisAngle.toMat3(axis, split), axisAngle.toMat3(axis, angleRad - split));

/** The lecture's (θx, θy, θz) = Rz·Ry·Rx, as a matrix. */
export const lecture = (x: number, y: number, z: number): Mat3 => euler.toMat3([x, y, z], "XYZ", "extrinsic");

/** A random box `[l, r, b, t, n, f]` with `l < r`, `b < t`, `n < f`. */
export const box = (rng: random.Rng): number[] => {
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

// Point sets (chapter 08): clouds, their moved copies, and whether the best fit between two is unique.

/** `n` points in the cube [−size, size]³. */
export const pointCloud = (rng: random.Rng, n: number, size = 1.5): Vec3[] =>
  Array.from({ length: n }, () => point(rng, size));

/** How many points a generated set has: 4 … 11. */
export const pointCount = (rng: random.Rng): number => 4 + Math.floor(rng() * 8);

/** `n` positive weights in [0.1, 3). */
export const pointWeights = (rng: random.Rng, n: number): number[] =>
  Array.from({ length: n }, () => random.uniform(rng, 0.1, 3));

/** The points mirrored in the plane x = 0: the same shape, left-handed. */
export const mirroredInX = (points: Vec3[]): Vec3[] => points.map(([x, y, z]): Vec3 => [-x, y, z]);

/** `points` scaled by `scale`, turned by a random rotation, moved by a random offset, and jittered by up to `noise`. */
export const movedCopy = (rng: random.Rng, points: Vec3[], noise: number, scale = 1): Vec3[] => {
  const r = random.unitQuat(rng);
  const t = point(rng, 3);
  return points.map((p) => vec3.add(vec3.add(vec3.scale(quat.rotateVec3(r, p), scale), t), point(rng, noise)));
};

/**
 * A random set of 4 … 11 points and its copy turned, moved and jittered by up to `noise` — or, with
 * `mirrored`, the copy of its mirror image, which no rotation fits: the input of chapter 08's fits.
 * (Drawn in the order pointCount, pointCloud, movedCopy.)
 */
export const cloudAndCopy = (rng: random.Rng, noise: number, mirrored = false): [Vec3[], Vec3[]] => {
  const from = pointCloud(rng, pointCount(rng));
  return [from, movedCopy(rng, mirrored ? mirroredInX(from) : from, noise)];
};

/**
 * A random rigid motion: a rotation, then a move by up to `reach` along each axis; `at` carries points,
 * `turn` directions. A check's fixed configuration turned and moved by it keeps every distance, so the
 * answer carries over predictably while the grader's salt changes the case.
 */
export function rigidMotion(rng: random.Rng, reach = 3): { at: (p: Vec3) => Vec3; turn: (v: Vec3) => Vec3 } {
  const rotation = random.unitQuat(rng);
  const shift = point(rng, reach);
  return { at: (p) => vec3.add(quat.rotateVec3(rotation, p), shift), turn: (v) => quat.rotateVec3(rotation, v) };
}

/**
 * Whether the best rotation for the cross-covariance `h` is unique with a margin: `s₁` well above 0 (not
 * collinear), and, when the reflection fix is needed, `s₁` well above `s₂` (else a whole family of
 * rotations fits equally well, like fact 8.2's symmetric set). With `mirrored`, also whether the fix is
 * needed exactly then (each check about one thing).
 */
export function wellPosedFit(h: Mat3, mirrored?: boolean): boolean {
  const { u, s, v } = decompose.svd(mat3.transpose(h));
  const gap = 0.05 * s[0];
  if (!(s[1] > gap)) return false;
  const fix = mat3.determinant(u) * mat3.determinant(v) < 0; // the reflection fix is needed
  if (mirrored !== undefined && fix !== mirrored) return false;
  return !fix || s[1] - s[2] > gap;
}

/** The arguments of a fit between two point sets: from, to and, optionally, weights. */
export type FitArgs = [Vec3[], Vec3[]] | [Vec3[], Vec3[], number[]];

/**
 * `n` seeded calls of the fit `fn` on point sets from `make`, rejecting the rare draw whose best fit is
 * not clearly unique ({@link wellPosedFit}); labelled "<label> #k".
 */
export function wellPosedFits<F extends string>(
  fn: F,
  seed: number,
  n: number,
  make: (rng: random.Rng) => FitArgs,
  label: string,
  mirrored: boolean | undefined = false,
): { fn: F; args: FitArgs; label: string }[] {
  const rng = caseRng(seed);
  const out: { fn: F; args: FitArgs; label: string }[] = [];
  while (out.length < n) {
    const args = make(rng);
    if (wellPosedFit(kabsch.crossCovariance(args[0], args[1], args[2]), mirrored))
      out.push({ fn, args, label: `${label} #${out.length + 1}` });
  }
  return out;
}

// Point clouds of a chosen shape (chapter 09).

/**
 * `n` random points reshaped so that their scatter matrix has exactly the eigenvalues `n·spreads`
 * (to rounding), with random axes, about `center`: a cloud whose λ₂/λ₁ the case chooses.
 */
export function cloudWithSpreads(rng: random.Rng, n: number, spreads: Vec3, center: Vec3): Vec3[] {
  const raw = Array.from({ length: n }, () => point(rng, 1));
  const { centroid, matrix } = fit.scatter(raw);
  const { values, vectors } = decompose.symmetricEigen(matrix);
  // p ↦ V·diag(√(n·spreadᵢ/λᵢ))·Vᵀ·(p − c), then a random rotation Q, then the new centre.
  const scale = values.map((l, i) => Math.sqrt((n * spreads[i]!) / l));
  const shape = mat3.multiply(
    vectors,
    mat3.multiply([scale[0]!, 0, 0, 0, scale[1]!, 0, 0, 0, scale[2]!] as Mat3, mat3.transpose(vectors)),
  );
  const turn = quat.toMat3(random.unitQuat(rng));
  return raw.map((p) => vec3.add(center, mat3.transformVec3(turn, mat3.transformVec3(shape, vec3.sub(p, centroid)))));
}

// Chapter 11's ropes, flat number[] (x0, y0, z0, x1, …) as the chain exercises take them.

/**
 * ≤ 50 sweeps over ≤ 15 links, each a handful of operations on coordinates ≤ ~20: a few ulps per move
 * (≈ 1e-14), which projections do not amplify. 1e-9 leaves a wide margin for another order of the
 * arithmetic (inverse masses, a different normalization); a wrong order or weight is off by ≥ 1e-3.
 */
export const ROPE: Comparison = { kind: "numbers", atol: 1e-9, rtol: 0, layout: "points" };

/** Fact 11.3's rope, flat: 10 particles along x, 1.5 apart (rest length 1, so 1.5× stretched). */
export const FACT_11_3 = (): number[] => Array.from({ length: 10 }, (_, i) => [1.5 * i, 0, 0]).flat();

/** A random rope of 2 … 15 particles, flat: a random walk with steps of 0.3 … 2 from a random start. */
export function randomRope(rng: random.Rng): number[] {
  const n = 2 + Math.floor(rng() * 14);
  const p = point(rng, 5);
  const out = [...p];
  for (let i = 1; i < n; i++) {
    const step = random.unitVector(rng).map((x) => x * random.uniform(rng, 0.3, 2));
    for (let k = 0; k < 3; k++) p[k]! += step[k]!;
    out.push(...p);
  }
  return out;
}

/** Arguments of a chain solve: flat positions, rest length, iterations, pinned particle indices. */
type ChainArgs = [number[], number, number, number[]];

/**
 * Seeded variants of a chain solve's fixed cases, so that no check can be earned by copying the answers
 * the student edition ships: a lone link between two random points (free, or pinned at either end).
 */
export const randomLinks = <F extends string>(fn: F, seed: number) => {
  const rng = caseRng(seed);
  return [[], [0], [1]].map((pinned) => ({
    fn,
    args: [[...point(rng, 5), ...point(rng, 5)], random.uniform(rng, 0.2, 3), 1, pinned] as ChainArgs,
    label: `a random link, pinned [${pinned.join(", ")}]`,
  }));
};

/** Fact 11.3's rope turned and moved rigidly (the solve commutes with rigid motions), after 1 … 50 iterations. */
export const movedFactRope = <F extends string>(fn: F, seed: number) => {
  const rng = caseRng(seed);
  const motion = rigidMotion(rng, 5);
  const k = 1 + Math.floor(rng() * 50);
  const rope = FACT_11_3();
  const moved = Array.from({ length: rope.length / 3 }, (_, i) =>
    motion.at([rope[3 * i]!, rope[3 * i + 1]!, rope[3 * i + 2]!]),
  ).flat();
  return { fn, args: [moved, 1, k, [0]] as ChainArgs, label: `turned and moved, after ${k} iterations` };
};

/** 12 random ropes ({@link randomRope}) with random rest lengths, 1 … 20 iterations, pins anywhere. */
export const randomRopes = <F extends string>(fn: F, seed: number) => {
  const rng = caseRng(seed);
  return Array.from({ length: 12 }, () => {
    const rope = randomRope(rng);
    const n = rope.length / 3;
    const pinned = [0, n - 1, Math.floor(rng() * n)].filter(() => rng() < 0.5);
    return { fn, args: [rope, random.uniform(rng, 0.2, 1.5), 1 + Math.floor(rng() * 20), pinned] as ChainArgs };
  });
};

/**
 * A chapter-14 shape as data, as exercises 14.2–14.6 take it: a sphere, an axis-aligned box, or the solid
 * below a plane `p·n̂ = offset` (the same union as each solution's `Shape`).
 */
export type ShapeData =
  | { kind: "sphere"; center: Vec3; radius: number }
  | { kind: "box"; center: Vec3; halfExtents: Vec3 }
  | { kind: "plane"; normal: Vec3; offset: number };

/** The distance function of a chapter-14 shape, built from the library's `sdf.sphere`, `sdf.box`, `sdf.plane`. */
export const shapeSdf = (s: ShapeData): sdf.Sdf =>
  s.kind === "sphere"
    ? sdf.sphere(s.center, s.radius)
    : s.kind === "box"
      ? sdf.box(s.center, s.halfExtents)
      : sdf.plane(s.normal, s.offset);

/** Chapter 15's maps: a `width × height` grid of rows, `#` blocked with chance `density`, `.` free. */
export const randomRows = (rng: random.Rng, width: number, height: number, density: number): string[] =>
  Array.from({ length: height }, () => Array.from({ length: width }, () => (rng() < density ? "#" : ".")).join(""));

/** A map moved by {@link movedGrid}: the new rows, where an old point lands, and the move in words. */
export interface GridMove {
  rows: string[];
  to: (p: [number, number]) => [number, number];
  how: string;
}

/**
 * A chapter-15 map moved by a random symmetry of the square grid (a flip in x, a flip in y, a swap of the
 * axes), then shifted into a map padded with 0 … 3 rows and columns of blocked cells on each side. The
 * outside of a map counts as blocked, so the blocked cells of the plane are exactly the old ones moved:
 * every line of sight, every distance to a wall and every answer stays, moved with `to`. Flips and shifts
 * are by whole cells, so cell centres, grid lines, corners (and dyadic distances) stay exact, and so does
 * every tie between two crossings.
 */
export function movedGrid(rng: random.Rng, rows: readonly string[]): GridMove {
  const w = rows[0]?.length ?? 0,
    h = rows.length;
  const [flipX, flipY, swap] = [rng() < 0.5, rng() < 0.5, rng() < 0.5];
  const [left, top, right, bottom] = [0, 1, 2, 3].map(() => Math.floor(rng() * 4)) as [number, number, number, number];
  const [width, height] = swap ? [h, w] : [w, h];
  const to = ([x, y]: [number, number]): [number, number] => {
    const [fx, fy] = [flipX ? w - 1 - x : x, flipY ? h - 1 - y : y];
    return swap ? [fy + left, fx + top] : [fx + left, fy + top];
  };
  const moved = Array.from({ length: top + height + bottom }, (_, y) =>
    Array.from({ length: left + width + right }, (_, x) => {
      const [u, v] = [x - left, y - top];
      if (u < 0 || u >= width || v < 0 || v >= height) return "#";
      const [fx, fy] = swap ? [v, u] : [u, v];
      return rows[flipY ? h - 1 - fy : fy]![flipX ? w - 1 - fx : fx]!;
    }).join(""),
  );
  const how = [flipX && "flipped in x", flipY && "flipped in y", swap && "x and y swapped"].filter(Boolean);
  return { rows: moved, to, how: [...how, `shifted by (${left}, ${top}) into a walled map`].join(", ") };
}

/**
 * `cases` (each with its map first in `args`), then each again with its map {@link movedGrid moved} by a
 * random symmetry and shift drawn from caseRng(`seed`); `move` carries the rest of a case's arguments
 * (its points) along with the map.
 */
export function withGridMoves<C extends { args: [string[], ...unknown[]]; label: string }>(
  seed: number,
  cases: C[],
  move: (m: GridMove, args: C["args"]) => C["args"],
): C[] {
  const rng = caseRng(seed);
  return [
    ...cases,
    ...cases.map((c) => {
      const m = movedGrid(rng, c.args[0]);
      return { ...c, args: move(m, c.args), label: `${c.label}, ${m.how}` };
    }),
  ];
}

// Exact ties of the short-arc rule (chapter 05: nlerp and slerp flip for a·b < 0, so a·b = 0 keeps b).

/** Rotations whose quaternions have entries 0, ±½ or ±1 and a·b = 0 exactly: no rounding decides the tie. */
export const EXACT_TIES: [Quat, Quat, string][] = [
  [[0, 0, 0, 1], [0, 0, 1, 0], "identity → 180° about Z (the stub's example)"],
  [[0.5, 0.5, 0.5, 0.5], [0.5, -0.5, 0.5, -0.5], "(½, ½, ½, ½) → (½, −½, ½, −½)"],
  [[0.5, -0.5, -0.5, 0.5], [-0.5, -0.5, 0.5, 0.5], "(½, −½, −½, ½) → (−½, −½, ½, ½)"],
  [[0, 1, 0, 0], [0, 0, 0, -1], "180° about Y → −identity"],
];

/**
 * A random exact tie: a with entries ±½ and b the same with two of its signs flipped (a·b = ¼(1 + 1 − 1 − 1)
 * = 0 exactly), or two different signed units ±e_i, ±e_j — drawn with the grader's salt like every case.
 */
export const randomTie = (rng: () => number): [Quat, Quat] => {
  const sign = () => (rng() < 0.5 ? -1 : 1);
  if (rng() < 0.25) {
    const i = Math.floor(rng() * 4);
    const j = (i + 1 + Math.floor(rng() * 3)) % 4;
    const a: Quat = [0, 0, 0, 0];
    const b: Quat = [0, 0, 0, 0];
    a[i] = sign();
    b[j] = sign();
    return [a, b];
  }
  const a = [0, 1, 2, 3].map(() => sign() * 0.5) as Quat;
  const i = Math.floor(rng() * 4);
  const j = (i + 1 + Math.floor(rng() * 3)) % 4;
  return [a, a.map((x, k) => (k === i || k === j ? -x : x)) as Quat];
};
