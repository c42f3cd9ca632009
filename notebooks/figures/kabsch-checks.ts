/**
 * The experiments of chapter 08 (Kabsch): Horn's quaternion check, the sign fix on flat data, how RMSD grows
 * with noise, Umeyama's scale against the ratio of sizes, and the seeded trials behind its facts 8.1, 8.3, 8.5
 * and 8.6. Each runs the library's `kabsch` (lib/kabsch.ts) on point sets built here and returns the numbers
 * the chapter prints; the cells keep which slider feeds which experiment.
 */

import {
  type Mat3,
  type Quat,
  type Vec3,
  decompose,
  kabsch,
  mat3,
  quat,
  random,
  scalar,
  vec3,
} from "../../lib/index.ts";
import { moveRigidly, withNoise } from "./kabsch.ts";

/**
 * Horn's 4×4 matrix N for the cross-covariance `h` (quaternion order w, x, y, z): the best rotation's
 * quaternion is N's top eigenvector and its eigenvalue is the trace tr(R H) Kabsch maximizes.
 */
export function hornMatrix(h: Readonly<Mat3>): number[][] {
  const S = (a: number, b: number) => h[3 * b + a]!;
  const [xx, xy, xz, yx, yy, yz, zx, zy, zz] = [
    S(0, 0),
    S(0, 1),
    S(0, 2),
    S(1, 0),
    S(1, 1),
    S(1, 2),
    S(2, 0),
    S(2, 1),
    S(2, 2),
  ];
  return [
    [xx + yy + zz, yz - zy, zx - xz, xy - yx],
    [yz - zy, xx - yy - zz, xy + yx, zx + xz],
    [zx - xz, xy + yx, -xx + yy - zz, yz + zy],
    [xy - yx, zx + xz, yz + zy, -xx - yy + zz],
  ];
}

/** Checks that the quaternion `q` (x, y, z, w) is an eigenvector of Horn's N for `h`: λ = qᵀNq and ‖Nq − λq‖. */
export function hornCheck(h: Readonly<Mat3>, q: Readonly<Quat>): { lambda: number; residual: number } {
  const w = [q[3], q[0], q[1], q[2]];
  const nq = hornMatrix(h).map((row) => row.reduce((s, x, j) => s + x * w[j]!, 0));
  const lambda = nq.reduce((s, x, j) => s + x * w[j]!, 0);
  return { lambda, residual: Math.hypot(...nq.map((x, j) => x - lambda * w[j]!)) };
}

/**
 * Fact 8.5: `count` random coplanar 5-point sets, each moved rigidly (never mirrored). U·Vᵀ without the
 * sign fix is a reflection for about half of them — each fitting as well as the rotation, since a
 * reflection in the points' own plane does not move them; `kabsch` with the fix always returns a rotation.
 */
export function coplanarSignTrials(
  count = 1000,
  seed = 805,
): { reflections: number; reflectionRmsd: number; detOff: number; rmsd: number } {
  const rng = random.seeded(seed);
  let reflections = 0;
  let reflectionRmsd = 0;
  let detOff = 0;
  let rmsd = 0;
  for (let k = 0; k < count; k++) {
    const e1 = random.unitVector(rng);
    const e2 = vec3.normalize(vec3.cross(e1, random.unitVector(rng)));
    const from = Array.from({ length: 5 }, () =>
      vec3.add(vec3.scale(e1, random.uniform(rng, -1, 1)), vec3.scale(e2, random.uniform(rng, -1, 1))),
    );
    const to = moveRigidly(from, random.unitQuat(rng), random.unitVector(rng));
    const { u, v } = decompose.svd(mat3.transpose(kabsch.crossCovariance(from, to)));
    const plain = mat3.multiply(u, mat3.transpose(v)); // no sign fix
    if (mat3.determinant(plain) < 0) {
      reflections++;
      const shift = vec3.sub(kabsch.centroid(to), mat3.transformVec3(plain, kabsch.centroid(from)));
      const moved = from.map((p) => vec3.add(mat3.transformVec3(plain, p), shift));
      reflectionRmsd = Math.max(reflectionRmsd, kabsch.rmsd(moved, to));
    }
    const fit = kabsch.kabsch(from, to);
    detOff = Math.max(detOff, Math.abs(mat3.determinant(quat.toMat3(fit.rotation)) - 1));
    rmsd = Math.max(rmsd, fit.rmsd);
  }
  return { reflections, reflectionRmsd, detOff, rmsd };
}

/**
 * Umeyama's scale read the naive way: the ratio of the two sets' weighted sizes about their weighted
 * centroids, √(Σ wᵢ|qᵢ − q̄|² / Σ wᵢ|pᵢ − p̄|²). It ignores how well the shapes line up, so it is larger
 * than Umeyama's scale whenever the fit leaves residuals.
 */
export function sizeRatioScale(from: readonly Vec3[], to: readonly Vec3[], weights: readonly number[]): number {
  const size = (pts: readonly Vec3[]) => {
    const c = kabsch.centroid(pts, weights);
    return pts.reduce((s, p, i) => s + weights[i]! * vec3.distance(p, c) ** 2, 0);
  };
  return Math.sqrt(size(to) / size(from));
}

/** One point of the noise chart: the RMSD `rmsd` at noise `sigma`, measured or predicted (`what`). */
export interface NoiseRow {
  sigma: number;
  rmsd: number;
  what: "fit to the data, measured" | "σ√((3n−6)/n)" | "fit to the truth, measured" | "σ√(6/n)";
}

/**
 * RMSD against noise for the shape `shape` (n points): for σ = 0, 0.02, …, 0.2, `trials` random rigid
 * motions of it (drawn from `rng`) are measured with Gaussian noise σ per coordinate and fitted. The fit's
 * root-mean-square RMSD to the measured points should follow σ√((3n−6)/n) (the fit absorbs 6 of the 3n
 * degrees of freedom) and its RMSD to the noiseless points σ√(6/n). Four rows per σ.
 */
export function noiseRmsdRows(shape: readonly Vec3[], rng: random.Rng, trials = 200): NoiseRow[] {
  const n = shape.length;
  return Array.from({ length: 11 }, (_, k) => 0.02 * k).flatMap((sigma): NoiseRow[] => {
    let data = 0;
    let truthSq = 0;
    for (let j = 0; j < trials; j++) {
      const exact = moveRigidly(shape, random.unitQuat(rng), [1, 0, 0]);
      const fit = kabsch.kabsch(shape, withNoise(exact, sigma, rng));
      data += fit.rmsd ** 2;
      truthSq += kabsch.rmsd(moveRigidly(shape, fit.rotation, fit.translation), exact) ** 2;
    }
    return [
      { sigma, rmsd: Math.sqrt(data / trials), what: "fit to the data, measured" },
      { sigma, rmsd: sigma * Math.sqrt((3 * n - 6) / n), what: "σ√((3n−6)/n)" },
      { sigma, rmsd: Math.sqrt(truthSq / trials), what: "fit to the truth, measured" },
      { sigma, rmsd: sigma * Math.sqrt(6 / n), what: "σ√(6/n)" },
    ];
  });
}

/** A random point with each coordinate uniform in ±`half`. */
const randomPoint = (rng: random.Rng, half: number): Vec3 => [
  random.uniform(rng, -half, half),
  random.uniform(rng, -half, half),
  random.uniform(rng, -half, half),
];

/**
 * Fact 8.1: `count` random sets of 3 to 12 points, moved by a random rotation and translation (from `rng`)
 * and fitted. Returns the worst rotation error (rad), translation error and RMSD: all rounding.
 */
export function exactRecoveryTrials(
  rng: random.Rng,
  count = 200,
): { rotation: number; translation: number; rmsd: number } {
  const worst = { rotation: 0, translation: 0, rmsd: 0 };
  for (let k = 0; k < count; k++) {
    const n = 3 + Math.floor(rng() * 10);
    const from = Array.from({ length: n }, () => randomPoint(rng, 2));
    const r = random.unitQuat(rng);
    const t = randomPoint(rng, 3);
    const fit = kabsch.kabsch(from, moveRigidly(from, r, t));
    worst.rotation = Math.max(worst.rotation, quat.angleBetween(fit.rotation, r));
    worst.translation = Math.max(worst.translation, vec3.distance(fit.translation, t));
    worst.rmsd = Math.max(worst.rmsd, fit.rmsd);
  }
  return worst;
}

/**
 * Fact 8.3: `count` random sets of four points on a line through the origin, moved rigidly. Is every fit
 * flagged degenerate, a unit quaternion (1e-14), exact (RMSD 1e-12), and still exact (1e-9) after a random
 * spin about the line? Returns that, and the worst RMSD after the spin.
 */
export function collinearTrials(rng: random.Rng, count = 100): { ok: boolean; spun: number } {
  let ok = true;
  let spun = 0;
  for (let k = 0; k < count; k++) {
    const dir = random.unitVector(rng);
    const from = [-1, 0, 0.5, 2].map((s) => vec3.scale(dir, s));
    const r = random.unitQuat(rng);
    const to = moveRigidly(from, r, [1, 2, 3]);
    const fit = kabsch.kabsch(from, to);
    const spin = quat.fromAxisAngle(quat.rotateVec3(r, dir), random.uniform(rng, 0, 2 * Math.PI));
    const spunRmsd = kabsch.rmsd(moveRigidly(from, quat.multiply(spin, fit.rotation), fit.translation), to);
    ok &&= fit.degenerate && Math.abs(quat.length(fit.rotation) - 1) < 1e-14 && fit.rmsd < 1e-12 && spunRmsd < 1e-9;
    spun = Math.max(spun, spunRmsd);
  }
  return { ok, spun };
}

/**
 * Fact 8.6: four points on a line 2.5 long, the third moved 3e-5 off it, under an exact rigid motion. The
 * fit is well determined; the old cut (s₁ ≤ 1e-9·s₀: "a line") would have flagged it and returned the least
 * turn taking the one line onto the other, `oldCutErrDeg` off.
 */
export function nearLineFit(): {
  fit: kabsch.KabschResult;
  width: number;
  oldCutFlags: boolean;
  rotationErr: number;
  oldCutErrDeg: number;
} {
  const from: Vec3[] = [
    [0, 0, 0],
    [0.5, 0, 0],
    [1.5, 3e-5, 0],
    [2.5, 0, 0],
  ];
  const r = quat.fromAxisAngle([1, 2, -1], 0.9);
  const to = moveRigidly(from, r, [3, -1, 2]);
  const fit = kabsch.kabsch(from, to);
  const { u, s, v } = decompose.svd(mat3.transpose(kabsch.crossCovariance(from, to)));
  const oldCut = quat.fromTwoVectors(mat3.column(v, 0), mat3.column(u, 0));
  return {
    fit,
    width: Math.sqrt(s[1] / s[0]),
    oldCutFlags: s[1] <= 1e-9 * s[0],
    rotationErr: quat.angleBetween(fit.rotation, r),
    oldCutErrDeg: scalar.radToDeg(quat.angleBetween(oldCut, r)),
  };
}

/**
 * The weight of one outlier swept from 0 to 1 in `steps` steps: for each weight, `from` fitted to `to` with
 * every other point at weight 1 (and the scale if `scale`), and the fit's rotation error against `truth` (°).
 * At weight 0 the outlier is ignored; as it grows it drags the rotation away.
 */
export function outlierWeightSweep(
  from: readonly Vec3[],
  to: readonly Vec3[],
  outlier: number,
  truth: Readonly<Quat>,
  scale: boolean,
  steps = 50,
): { weight: number; errorDeg: number }[] {
  return Array.from({ length: steps + 1 }, (_, k) => {
    const w = k / steps;
    const weights = from.map((_, i) => (i === outlier ? w : 1));
    const fit = kabsch.kabsch(from, to, { weights, scale });
    return { weight: w, errorDeg: scalar.radToDeg(quat.angleBetween(fit.rotation, truth)) };
  });
}

/**
 * Targets for the weights-and-scale experiment: `points` scaled by `s` about their centroid, moved by the
 * rigid `motion` (turn about the origin, then translate), each nudged by `noise[i]` (already scaled), and
 * point `outlier` knocked away by `kick`.
 */
export function scaledTargetsWithOutlier(
  points: readonly Vec3[],
  s: number,
  motion: { rotation: Quat; translation: Vec3 },
  noise: readonly Vec3[],
  outlier: { index: number; kick: Vec3 },
): Vec3[] {
  const c = kabsch.centroid(points);
  return points.map((p, i) => {
    const scaled = vec3.add(c, vec3.scale(vec3.sub(p, c), s));
    const moved = vec3.add(vec3.add(quat.rotateVec3(motion.rotation, scaled), motion.translation), noise[i]!);
    return i === outlier.index ? vec3.add(moved, outlier.kick) : moved;
  });
}
