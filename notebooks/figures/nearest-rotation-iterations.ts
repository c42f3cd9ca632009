/**
 * The arithmetic behind chapter 07 (the nearest rotation): the skewed basis its sliders build, the ways of
 * repairing it (Gram–Schmidt in several orders, the blog's cross products), Müller's iteration run as the
 * blog runs it, and the blog's "The Future?" cross-product loop next to its mend. The chapter's cells keep
 * which slider feeds which figure; the loops live here, each with the one property the chapter measures.
 *
 * Matrices are the library's column-major `Mat3`: column j is where the j-th axis goes.
 */

import * as Plot from "../runtime/plot.js";
import { type Mat3, type Quat, type Vec3, decompose, mat3, quat, random, scalar, vec3 } from "../../lib/index.ts";
import { palette } from "./palette.ts";

/** The skewed basis of chapter 07's sliders: columns (1, a, 0), (0, ℓ, ℓb), (c, 0, 1). `skewedBasis(0, 0, 0, 1)` is I. */
export function skewedBasis(a: number, b: number, c: number, l: number): Mat3 {
  return [1, a, 0, 0, l, l * b, c, 0, 1];
}

/** ‖A − B‖_F, the Frobenius distance the nearest rotation minimizes. */
export function frobeniusDistance(a: Readonly<Mat3>, b: Readonly<Mat3>): number {
  return Math.hypot(...a.map((x, i) => x - b[i]!));
}

/** The angle (°) by which each column of `m` is turned to become the same column of `r`. */
export function columnTurnsDeg(r: Readonly<Mat3>, m: Readonly<Mat3>): [number, number, number] {
  const turn = (j: 0 | 1 | 2) => scalar.radToDeg(vec3.angleBetween(mat3.column(r, j), mat3.column(m, j)));
  return [turn(0), turn(1), turn(2)];
}

/** The Gram–Schmidt repairs the chapter compares; the first is the library's. */
export const GRAM_SCHMIDT_VARIANTS = [
  "Gram–Schmidt x, y, z (mat3.gramSchmidt)",
  "Gram–Schmidt y, z, x",
  "Gram–Schmidt z, x, y",
  "the blog's: x, then z × x, then x × y",
] as const;
export type GramSchmidtVariant = (typeof GRAM_SCHMIDT_VARIANTS)[number];

type Columns = [Vec3, Vec3, Vec3];
const columnsOf = (m: Readonly<Mat3>): Columns => [mat3.column(m, 0), mat3.column(m, 1), mat3.column(m, 2)];

/**
 * Gram–Schmidt taking the columns in `order` (column indices), each put back in its own place. The column
 * taken first keeps its direction; the last is whatever is left. Re-ordering the columns can make the frame
 * left-handed, and then the last column is flipped back.
 */
function gramSchmidtInOrder(m: Readonly<Mat3>, order: readonly [0 | 1 | 2, 0 | 1 | 2, 0 | 1 | 2]): Mat3 {
  const g = mat3.gramSchmidt(mat3.fromColumns(...(order.map((j) => mat3.column(m, j)) as Columns)));
  const out = mat3.identity();
  order.forEach((j, k) => [0, 1, 2].forEach((i) => (out[3 * j + i] = g[3 * k + i]!)));
  if (mat3.determinant(out) < 0) for (let i = 0; i < 3; i++) out[3 * order[2] + i] = -out[3 * order[2] + i]!;
  return out;
}

/** The blog's cross-product version: x normalized, y = z × x, z = x × y (the input's y is never read). */
function blogGramSchmidt(m: Readonly<Mat3>): Mat3 {
  const x = vec3.normalize(mat3.column(m, 0));
  const y = vec3.normalize(vec3.cross(mat3.column(m, 2), x));
  return mat3.fromColumns(x, y, vec3.cross(x, y));
}

/** The rotation the Gram–Schmidt `variant` repairs `m` to: always a rotation, rarely the nearest one. */
export function repairByGramSchmidt(variant: GramSchmidtVariant, m: Readonly<Mat3>): Mat3 {
  if (variant === GRAM_SCHMIDT_VARIANTS[1]) return gramSchmidtInOrder(m, [1, 2, 0]);
  if (variant === GRAM_SCHMIDT_VARIANTS[2]) return gramSchmidtInOrder(m, [2, 0, 1]);
  if (variant === GRAM_SCHMIDT_VARIANTS[3]) return blogGramSchmidt(m);
  return mat3.gramSchmidt(m);
}

/**
 * Müller's iteration as a plain loop: from `start`, step (decompose.mullerStep) until `done(|ω|)` or
 * `maxSteps`. Returns the rotation it stopped on and the |ω| of every step taken — the last entry is the
 * one that stopped it, and its step is not applied. With `done = (w) => w < 1e-9` this is the blog's loop,
 * which stops on a half turn at once: there the first ω is exactly zero (fact 7.4).
 */
export function mullerLoop(
  m: Readonly<Mat3>,
  start: Readonly<Quat>,
  done: (omega: number) => boolean,
  maxSteps = 200,
): { q: Quat; trace: number[] } {
  const trace: number[] = [];
  let q: Quat = [...start];
  for (let k = 0; k < maxSteps; k++) {
    const { omega, next } = decompose.mullerStep(m, q);
    trace.push(vec3.length(omega));
    if (done(vec3.length(omega))) break;
    q = next;
  }
  return { q, trace };
}

/**
 * The rate Müller's iteration converges at near its answer: each step multiplies the error along the
 * answer's axis by σ/tr S, σ the stretch of S = RᵀM along that axis (R the polar rotation). About ⅓ for a
 * near-rotation. When the answer is the identity (no axis) it is S's largest eigenvalue over tr S.
 */
export function mullerRate(m: Readonly<Mat3>): number {
  const r = decompose.polarRotation(m);
  const s = mat3.multiply(mat3.transpose(r), m);
  const eigen = decompose.symmetricEigen(s);
  const { axis, angle } = quat.toAxisAngle(quat.fromMat3(r));
  const stretch = angle > 1e-9 ? vec3.dot(axis, mat3.transformVec3(s, axis)) : eigen.values[0];
  return stretch / (eigen.values[0] + eigen.values[1] + eigen.values[2]);
}

/**
 * The blog's "The Future?" loop: each column ← its old length × unit(the other two crossed + itself).
 * Returns every iterate, `m` first. Its fixed points have orthonormal directions, but not always those of
 * the polar rotation (fact 7.5).
 */
export function blogCrossIterates(m: Readonly<Mat3>, iterations: number): Mat3[] {
  let [x, y, z] = columnsOf(m);
  const lengths = [vec3.length(x), vec3.length(y), vec3.length(z)] as const;
  const out: Mat3[] = [[...m]];
  for (let k = 0; k < iterations; k++) {
    [x, y, z] = [
      vec3.scale(vec3.normalize(vec3.add(vec3.cross(y, z), x)), lengths[0]),
      vec3.scale(vec3.normalize(vec3.add(vec3.cross(z, x), y)), lengths[1]),
      vec3.scale(vec3.normalize(vec3.add(vec3.cross(x, y), z)), lengths[2]),
    ];
    out.push(mat3.fromColumns(x, y, z));
  }
  return out;
}

/** `m` with each column made unit: how the blog reads its loop's answer as a rotation. */
export function unitColumns(m: Readonly<Mat3>): Mat3 {
  return mat3.fromColumns(...(columnsOf(m).map((c) => vec3.normalize(c)) as Columns));
}

/**
 * The mended cross-product loop: X ← ½(X/c + cof X/c²) with c = ∛det X = ∛(x·(y×z)). That is Newton's
 * polar iteration ½(X + X⁻ᵀ) scaled by ∛det X, written with the same cross products as the blog's loop
 * (cof X = det X · X⁻ᵀ has columns y×z, z×x, x×y). Returns every iterate, `m` first; for det m > 0 it
 * converges quadratically to the polar rotation.
 */
export function mendedCrossIterates(m: Readonly<Mat3>, iterations: number): Mat3[] {
  let [x, y, z] = columnsOf(m);
  const out: Mat3[] = [[...m]];
  for (let k = 0; k < iterations; k++) {
    const [yz, zx, xy] = [vec3.cross(y, z), vec3.cross(z, x), vec3.cross(x, y)];
    const c = Math.cbrt(vec3.dot(x, yz)); // det X, as one dot product
    const half = (a: Vec3, cofactor: Vec3) => vec3.add(vec3.scale(a, 0.5 / c), vec3.scale(cofactor, 0.5 / (c * c)));
    [x, y, z] = [half(x, yz), half(y, zx), half(z, xy)];
    out.push(mat3.fromColumns(x, y, z));
  }
  return out;
}

/** The angle (rad) between the rotation nearest to `answer` and the polar rotation of `m`. */
export function polarMissRad(answer: Readonly<Mat3>, m: Readonly<Mat3>): number {
  return quat.angleBetween(quat.fromMat3(decompose.polarRotation(answer)), quat.fromMat3(decompose.polarRotation(m)));
}

/** One of fact 7.5's trials: the input, how far each loop ends from its polar rotation, and the mended loop's steps. */
export interface CrossLoopTrial {
  m: Mat3;
  /** The blog's loop after 9 iterations, read with unit columns (rad). */
  blogMiss: number;
  /** The mended loop after 10 iterations (rad). */
  mendedMiss: number;
  /** The first iterate of the mended loop orthonormal and on the answer to 1e-12 (Infinity if none). */
  mendedSteps: number;
}

/**
 * Fact 7.5's trials: `count` seeded random matrices (entries in ±1, det > 0), each run through both
 * cross-product loops. Seed 705 and 1000 trials are the chapter's.
 */
export function crossLoopTrials(count = 1000, seed = 705): CrossLoopTrial[] {
  const rng = random.seeded(seed);
  const trials: CrossLoopTrial[] = [];
  while (trials.length < count) {
    const m = Array.from({ length: 9 }, () => random.uniform(rng, -1, 1)) as Mat3;
    if (!(mat3.determinant(m) > 0)) continue;
    const polarQ = quat.fromMat3(decompose.polarRotation(m));
    const mended = mendedCrossIterates(m, 10);
    const mendedSteps = mended.findIndex(
      (x) => mat3.orthonormalityError(x) <= 1e-12 && quat.angleBetween(quat.fromMat3(x), polarQ) <= 1e-12,
    );
    trials.push({
      m,
      blogMiss: polarMissRad(unitColumns(blogCrossIterates(m, 9).at(-1)!), m),
      mendedMiss: quat.angleBetween(quat.fromMat3(mended.at(-1)!), polarQ),
      mendedSteps: mendedSteps < 0 ? Infinity : mendedSteps,
    });
  }
  return trials;
}

/** Müller's steps from the identity on `m`: the first `steps` values of |ω|, and the first step within 1e-9 rad of the answer (0 if none). */
export function mullerFromIdentity(m: Readonly<Mat3>, steps: number): { omegas: number[]; reached: number } {
  const polarQ = quat.fromMat3(decompose.polarRotation(m));
  const omegas: number[] = [];
  let q = quat.identity();
  let reached = 0;
  for (let k = 1; k <= steps; k++) {
    const { omega, next } = decompose.mullerStep(m, q);
    omegas.push(vec3.length(omega));
    q = next;
    if (!reached && quat.angleBetween(q, polarQ) < 1e-9) reached = k;
  }
  return { omegas, reached };
}

/**
 * Warm against cold starts over an animation: `frames` frames of `basisAt(frame)`, each solved to
 * `tolerance` from the previous frame's answer (warm) and from the identity (cold). Returns the distinct
 * "w warm, c cold" step counts met, joined by "; " — one entry when every frame costs the same.
 */
export function warmColdSteps(basisAt: (frame: number) => Mat3, tolerance: number, frames = 20): string {
  let previous = decompose.mullerRotation(basisAt(0), { tolerance }).rotation;
  const counts = new Set<string>();
  for (let frame = 1; frame <= frames; frame++) {
    const m = basisAt(frame);
    const warm = decompose.mullerRotation(m, { start: previous, tolerance });
    counts.add(`${warm.iterations} warm, ${decompose.mullerRotation(m, { tolerance }).iterations} cold`);
    previous = warm.rotation;
  }
  return [...counts].join("; ");
}

/**
 * What insisting on a rotation costs when `m` is nearer a reflection (det m < 0, fact 7.6): the nearest
 * orthogonal matrix is the reflection UVᵀ, the nearest rotation flips the smallest singular value's sign.
 * The trace tr(QᵀM) drops by 2σ₃, the squared distance rises by 4σ₃.
 */
export function rotationSignCost(m: Readonly<Mat3>): {
  sigma3: number;
  traceLoss: number;
  squaredRise: number;
  distanceGap: number;
} {
  const { u, s, v } = decompose.svd(m);
  const reflection = mat3.multiply(u, mat3.transpose(v));
  const rotation = decompose.polarRotation(m);
  const trace = (a: Mat3) => a[0] + a[4] + a[8];
  const fit = (q: Mat3) => trace(mat3.multiply(mat3.transpose(q), m));
  return {
    sigma3: s[2],
    traceLoss: fit(reflection) - fit(rotation),
    squaredRise: frobeniusDistance(rotation, m) ** 2 - frobeniusDistance(reflection, m) ** 2,
    distanceGap: frobeniusDistance(rotation, m) - frobeniusDistance(reflection, m),
  };
}

/** One input of the half-turn sweep: a turn about z by 180° − `gap`, and how one loop did on it. */
export interface HalfTurnRow {
  /** 180° − the input's angle (°). */
  gap: number;
  /** Steps taken (with the stall check: steps + escapes). */
  steps: number;
  /** How far the answer is from the input (°). */
  error: number;
  loop: "the blog's loop" | "with the stall check";
}

/**
 * Turns about z approaching the half turn, 180° − gap for `count` gaps log-spaced from 1e-12° to about 30°,
 * each solved by the blog's loop (stop when |ω| < 1e-9) and by decompose.mullerRotation with its stall
 * check: two rows per gap. Near the gap 0 the blog's loop needs ever more steps, and at 0 it stops at once,
 * 180° off (fact 7.4).
 */
export function halfTurnSweep(count = 121): HalfTurnRow[] {
  return Array.from({ length: count }, (_, i) => 10 ** (-12 + (13.5 * i) / (count - 1))).flatMap((gap) => {
    const m = mat3.rotationZ(scalar.degToRad(180 - gap));
    const truth = quat.fromMat3(m);
    const plain = mullerLoop(m, quat.identity(), (w) => w < 1e-9);
    const lib = decompose.mullerRotation(m, { tolerance: 1e-9 });
    return [
      {
        gap,
        steps: plain.trace.length - 1,
        error: scalar.radToDeg(quat.angleBetween(plain.q, truth)),
        loop: "the blog's loop",
      },
      {
        gap,
        steps: lib.iterations + lib.restarts,
        error: scalar.radToDeg(quat.angleBetween(lib.rotation, truth)),
        loop: "with the stall check",
      },
    ];
  });
}

/**
 * The two charts of the half-turn sweep side by side in size: steps, and how far the answer is off, each
 * against 180° − the input's angle (log scale), with a dashed rule at `gapNow` (the slider's input).
 */
export function halfTurnCharts(
  rows: readonly HalfTurnRow[],
  gapNow: number,
  width: number,
): (SVGSVGElement | HTMLElement)[] {
  const color = {
    legend: true,
    domain: ["the blog's loop", "with the stall check"],
    range: [palette.red, palette.blue],
  };
  const common = {
    width: Math.min(width, 360),
    height: 240,
    color,
    x: { type: "log", label: "180° − input angle (°)" },
  } as const;
  const rule = () => Plot.ruleX([gapNow], { stroke: "#333", strokeDasharray: "3 3" });
  const blog = rows.filter((d) => d.loop === "the blog's loop");
  return [
    Plot.plot({
      ...common,
      y: { label: "steps (+ escapes)", grid: true, zero: true },
      caption:
        "Steps taken by each loop against the input's distance from a half turn (the dashed line is the slider).",
      marks: [
        // The two curves coincide away from the half turn: the blog's is drawn dashed on top.
        Plot.line(
          rows.filter((d) => d.loop !== "the blog's loop"),
          { x: "gap", y: "steps", stroke: "loop", strokeWidth: 2 },
        ),
        Plot.line(blog, { x: "gap", y: "steps", stroke: "loop", strokeWidth: 2, strokeDasharray: "5 3" }),
        rule(),
      ],
    }),
    Plot.plot({
      ...common,
      y: { label: "answer off by (°)", grid: true, domain: [0, 185] },
      caption:
        "How far each loop's answer is from the input, against its distance from a half turn: only the blog's loop can be far off.",
      marks: [Plot.line(rows, { x: "gap", y: "error", stroke: "loop", strokeWidth: 2 }), rule()],
    }),
  ];
}
