/**
 * Reference values for the accuracy probes, in double-double arithmetic
 * (a number is an unevaluated sum `hi + lo` of two doubles, ~106 bits).
 *
 * The inputs of a probe are doubles; a reference here is the exact answer for
 * those very doubles, to far better than double precision, so the error of a
 * library's double result is measured against the truth rather than against
 * another rounded computation. Only `+ − × √` are needed to ~1e-32; the final
 * `atan2` is taken in double on inputs that are themselves accurate, which is
 * relatively accurate to ~1e-16 (absolute ~1e-26 at 1e-10 rad). For angles
 * near π, the small complement `π − θ` is what gets computed, so the
 * reference keeps its digits there too.
 */

/** `hi + lo`, with `|lo| ≤ ulp(hi)/2`. */
export type DD = readonly [number, number];

const SPLITTER = 134217729; // 2^27 + 1, Veltkamp split of a double into two 26-bit halves

function quickTwoSum(a: number, b: number): DD {
  const s = a + b;
  return [s, b - (s - a)];
}

function twoSum(a: number, b: number): DD {
  const s = a + b;
  const bb = s - a;
  return [s, a - (s - bb) + (b - bb)];
}

/** The exact product `a·b` as a double-double (Dekker). */
function twoProd(a: number, b: number): DD {
  const p = a * b;
  let t = SPLITTER * a;
  const ah = t - (t - a),
    al = a - ah;
  t = SPLITTER * b;
  const bh = t - (t - b),
    bl = b - bh;
  return [p, ah * bh - p + ah * bl + al * bh + al * bl];
}

export const dd = (x: number): DD => [x, 0];

export function add(x: DD, y: DD): DD {
  const [s, e] = twoSum(x[0], y[0]);
  const [t, f] = twoSum(x[1], y[1]);
  const [s2, e2] = quickTwoSum(s, e + t);
  return quickTwoSum(s2, e2 + f);
}

export const neg = (x: DD): DD => [-x[0], -x[1]];
export const sub = (x: DD, y: DD): DD => add(x, neg(y));

export function mul(x: DD, y: DD): DD {
  const [p, e] = twoProd(x[0], y[0]);
  return quickTwoSum(p, e + (x[0] * y[1] + x[1] * y[0]));
}

export function sqrt(x: DD): DD {
  if (x[0] <= 0) return [0, 0];
  const s = Math.sqrt(x[0]);
  const [p, e] = twoProd(s, s);
  return quickTwoSum(s, (x[0] - p - e + x[1]) / (2 * s));
}

export function div(x: DD, y: DD): DD {
  const q1 = x[0] / y[0];
  const r = sub(x, mul(y, dd(q1)));
  const q2 = r[0] / y[0];
  const r2 = sub(r, mul(y, dd(q2)));
  return add(quickTwoSum(q1, q2), dd(r2[0] / y[0]));
}

export const abs = (x: DD): DD => (x[0] < 0 || (x[0] === 0 && x[1] < 0) ? neg(x) : x);

/** `Σ a_i·b_i` exactly products, double-double sums. */
function dotDD(a: readonly DD[], b: readonly DD[]): DD {
  let s: DD = [0, 0];
  for (let i = 0; i < a.length; i++) s = add(s, mul(a[i]!, b[i]!));
  return s;
}

const PI: DD = [Math.PI, 1.2246467991473532e-16];

/** `|x − ref|` for a double result `x` and a double-double reference. */
export function errorOf(x: number, ref: DD): number {
  return Math.abs(sub(dd(x), ref)[0]);
}

/** `2·atan2(s, c)` for `s, c ≥ 0`, switching to `π − 2·atan2(c, s)` past π/2 so small complements keep their digits. */
function doubleAtan2(s: DD, c: DD): DD {
  if (s[0] <= c[0]) return dd(2 * Math.atan2(s[0], c[0]));
  return sub(PI, dd(2 * Math.atan2(c[0], s[0])));
}

type Q = readonly [number, number, number, number];
type V = readonly [number, number, number];

/**
 * `q` scaled by a power of two (exactly) so that its largest component is in
 * [1, 2): tiny or huge quaternions then square without underflow or overflow.
 * The zero quaternion is no rotation; it becomes NaNs.
 */
function scaled(q: Q): Q {
  const big = Math.max(...q.map(Math.abs));
  if (!(big > 0) || !Number.isFinite(big)) return [Number.NaN, Number.NaN, Number.NaN, Number.NaN];
  const k = 2 ** -Math.floor(Math.log2(big));
  return [q[0] * k, q[1] * k, q[2] * k, q[3] * k];
}

/**
 * The angle, in [0, π], between the rotations of two (not necessarily unit)
 * quaternions: `2·atan2(|r_v|, |r_w|)` for the relative rotation `r = a*·b`.
 */
export function quatAngle(a: Q, b: Q): DD {
  const [ax, ay, az, aw] = scaled(a).map(dd) as unknown as [DD, DD, DD, DD];
  const [bx, by, bz, bw] = scaled(b).map(dd) as unknown as [DD, DD, DD, DD];
  const rx = dotDD([aw, bw, ay, az], [bx, neg(ax), neg(bz), by]);
  const ry = dotDD([aw, bw, az, ax], [by, neg(ay), neg(bx), bz]);
  const rz = dotDD([aw, bw, ax, ay], [bz, neg(az), neg(by), bx]);
  const rw = dotDD([aw, ax, ay, az], [bw, bx, by, bz]);
  const v = sqrt(dotDD([rx, ry, rz], [rx, ry, rz]));
  return doubleAtan2(v, abs(rw));
}

/** `|1 − |q||`, the unit-length error of a quaternion. */
export function unitError(q: Q): number {
  if (q.every((x) => x === 0)) return 1;
  const qs = q.map(dd);
  const n2 = dotDD(qs, qs);
  return Math.abs(sub(n2, dd(1))[0]) / (1 + Math.sqrt(n2[0]));
}

/** `q v q* / |q|²`: `v` rotated by the (not necessarily unit) quaternion `q`, in double-double. */
export function rotate(q: Q, v: V): [DD, DD, DD] {
  const [x, y, z, w] = q.map(dd) as unknown as [DD, DD, DD, DD];
  const vs = v.map(dd);
  const u = [x, y, z];
  const n2 = dotDD([x, y, z, w], [x, y, z, w]);
  const uu = dotDD(u, u);
  const uv = dotDD(u, vs);
  const ww = mul(w, w);
  // (w² − |u|²) v + 2(u·v) u + 2w (u × v)
  const c = [
    sub(mul(y, vs[2]!), mul(z, vs[1]!)),
    sub(mul(z, vs[0]!), mul(x, vs[2]!)),
    sub(mul(x, vs[1]!), mul(y, vs[0]!)),
  ];
  const k = sub(ww, uu);
  const two = dd(2);
  const out = [0, 1, 2].map((i) =>
    div(add(add(mul(k, vs[i]!), mul(mul(two, uv), u[i]!)), mul(mul(two, w), c[i]!)), n2),
  );
  return out as [DD, DD, DD];
}

/** The angle between a double-double vector and a double vector, `atan2(|a × b|, a·b)`. */
export function vecAngle(a: readonly [DD, DD, DD], b: V): number {
  const bs = b.map(dd);
  const c = [
    sub(mul(a[1], bs[2]!), mul(a[2], bs[1]!)),
    sub(mul(a[2], bs[0]!), mul(a[0], bs[2]!)),
    sub(mul(a[0], bs[1]!), mul(a[1], bs[0]!)),
  ];
  return Math.atan2(sqrt(dotDD(c, c))[0], dotDD(a, bs)[0]);
}

/**
 * `a · r(axis, angle)`, the rotation `a` followed (in its own frame) by
 * `angle` about `axis`, computed in double-double and rounded once: the
 * closest doubles to the intended quaternion.
 */
export function composeAxisAngle(a: Q, axis: V, angle: number): [number, number, number, number] {
  const axs = axis.map(dd);
  const len = sqrt(dotDD(axs, axs));
  // sin and cos of half the angle: double precision is enough for the construction (the
  // reference is always recomputed from the rounded result), but keep the axis exact-ish.
  const s = dd(Math.sin(angle / 2));
  const c = dd(Math.cos(angle / 2));
  const [bx, by, bz] = axs.map((t) => mul(div(t, len), s)) as [DD, DD, DD];
  const [ax, ay, az, aw] = a.map(dd) as unknown as [DD, DD, DD, DD];
  const x = dotDD([aw, ax, ay, az], [bx, c, bz, neg(by)]);
  const y = dotDD([aw, ay, az, ax], [by, c, bx, neg(bz)]);
  const z = dotDD([aw, az, ax, ay], [bz, c, by, neg(bx)]);
  const w = dotDD([aw, ax, ay, az], [c, neg(bx), neg(by), neg(bz)]);
  return [x[0], y[0], z[0], w[0]];
}

/** The column-major rotation matrix of a unit quaternion, in double-double, rounded once. */
export function quatToMat3(q: Q): [number, number, number, number, number, number, number, number, number] {
  const [x, y, z, w] = q.map(dd) as unknown as [DD, DD, DD, DD];
  const n2 = dotDD([x, y, z, w], [x, y, z, w]);
  const s = div(dd(2), n2);
  const p = (a: DD, b: DD) => mul(mul(a, b), s);
  const one = dd(1);
  const xx = p(x, x),
    yy = p(y, y),
    zz = p(z, z),
    xy = p(x, y),
    xz = p(x, z),
    yz = p(y, z),
    wx = p(w, x),
    wy = p(w, y),
    wz = p(w, z);
  const m = [
    sub(sub(one, yy), zz),
    add(xy, wz),
    sub(xz, wy),
    sub(xy, wz),
    sub(sub(one, xx), zz),
    add(yz, wx),
    add(xz, wy),
    sub(yz, wx),
    sub(sub(one, xx), yy),
  ];
  return m.map((t) => t[0]) as [number, number, number, number, number, number, number, number, number];
}

// ---------------------------------------------------------------------------------------------
// References for the decompositions (decompose, kabsch): a cyclic Jacobi eigensolver in
// double-double and Horn's (1987) quaternion form of the nearest rotation. They share no code
// with lib/decompose.ts (which uses one-sided Jacobi on the matrix, in double): the polar
// rotation here is the top eigenvector of Horn's 4×4 matrix, the singular values the square
// roots of the eigenvalues of mᵀm formed exactly.
// ---------------------------------------------------------------------------------------------

type M3 = readonly [number, number, number, number, number, number, number, number, number];

/** Eigenvalues (descending) and unit eigenvectors (`vectors[k]` belongs to `values[k]`) of a symmetric DD matrix. */
export function symmetricEigenDD(a0: readonly (readonly DD[])[]): { values: DD[]; vectors: DD[][] } {
  const n = a0.length;
  const a = a0.map((row) => [...row]);
  const v = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j): DD => dd(i === j ? 1 : 0)));
  let norm = 0;
  for (const row of a) for (const x of row) norm = Math.max(norm, Math.abs(x[0]));
  const one = dd(1);
  for (let sweep = 0; sweep < 40; sweep++) {
    let off = 0;
    for (let p = 0; p < n; p++) for (let q = p + 1; q < n; q++) off = Math.max(off, Math.abs(a[p]![q]![0]));
    if (off <= 1e-34 * norm) break;
    for (let p = 0; p < n; p++) {
      for (let q = p + 1; q < n; q++) {
        const apq = a[p]![q]!;
        if (Math.abs(apq[0]) <= 1e-36 * norm) continue;
        const theta = div(sub(a[q]![q]!, a[p]![p]!), mul(dd(2), apq));
        const root = sqrt(add(mul(theta, theta), one));
        const t = theta[0] >= 0 ? div(one, add(theta, root)) : neg(div(one, sub(root, theta)));
        const c = div(one, sqrt(add(mul(t, t), one)));
        const s = mul(t, c);
        for (let k = 0; k < n; k++) {
          // columns p, q of a·J
          const akp = a[k]![p]!,
            akq = a[k]![q]!;
          a[k]![p] = sub(mul(c, akp), mul(s, akq));
          a[k]![q] = add(mul(s, akp), mul(c, akq));
        }
        for (let k = 0; k < n; k++) {
          // rows p, q of Jᵀ·(a·J)
          const apk = a[p]![k]!,
            aqk = a[q]![k]!;
          a[p]![k] = sub(mul(c, apk), mul(s, aqk));
          a[q]![k] = add(mul(s, apk), mul(c, aqk));
        }
        for (let k = 0; k < n; k++) {
          const vkp = v[k]![p]!,
            vkq = v[k]![q]!;
          v[k]![p] = sub(mul(c, vkp), mul(s, vkq));
          v[k]![q] = add(mul(s, vkp), mul(c, vkq));
        }
      }
    }
  }
  const order = Array.from({ length: n }, (_, i) => i).sort((i, j) => sub(a[j]![j]!, a[i]![i]!)[0]);
  return { values: order.map((i) => a[i]![i]!), vectors: order.map((i) => v.map((row) => row[i]!)) };
}

/** Entry (r, c) of a column-major 3×3 double matrix, as DD. */
const at = (m: M3, r: number, c: number): DD => dd(m[3 * c + r]!);

/** The singular values of `m` (descending), as √ of the eigenvalues of mᵀm formed in double-double. */
export function singularValuesDD(m: M3): DD[] {
  const g = [0, 1, 2].map((i) =>
    [0, 1, 2].map((j) =>
      dotDD(
        [0, 1, 2].map((k) => at(m, k, i)),
        [0, 1, 2].map((k) => at(m, k, j)),
      ),
    ),
  );
  return symmetricEigenDD(g).values.map((x) => (x[0] > 0 ? sqrt(x) : dd(0)));
}

/**
 * The rotation maximizing `tr(Rᵀa)` (the nearest rotation to `a` in the Frobenius norm), as a unit
 * quaternion `[x, y, z, w]` in DD: the top eigenvector of Horn's symmetric 4×4 matrix `N(a)`, for which
 * `tr(R(q)ᵀa) = qᵀ N q`. Entries are DD, so `a` may be a DD matrix (a cross-covariance formed exactly).
 */
export function hornQuaternion(a: readonly (readonly DD[])[]): DD[] {
  const A = (r: number, c: number) => a[r]![c]!;
  const t = add(add(A(0, 0), A(1, 1)), A(2, 2));
  const n: DD[][] = [
    // order (w, x, y, z)
    [t, sub(A(2, 1), A(1, 2)), sub(A(0, 2), A(2, 0)), sub(A(1, 0), A(0, 1))],
    [dd(0), sub(sub(A(0, 0), A(1, 1)), A(2, 2)), add(A(0, 1), A(1, 0)), add(A(0, 2), A(2, 0))],
    [dd(0), dd(0), sub(sub(A(1, 1), A(0, 0)), A(2, 2)), add(A(1, 2), A(2, 1))],
    [dd(0), dd(0), dd(0), sub(sub(A(2, 2), A(0, 0)), A(1, 1))],
  ];
  for (let i = 0; i < 4; i++) for (let j = 0; j < i; j++) n[i]![j] = n[j]![i]!;
  const top = symmetricEigenDD(n).vectors[0]!;
  const len = sqrt(dotDD(top, top));
  const [w, x, y, z] = top.map((c) => div(c, len)) as [DD, DD, DD, DD];
  return [x, y, z, w];
}

/** A column-major double matrix as rows of DD, for {@link hornQuaternion}. */
export function rowsDD(m: M3): DD[][] {
  return [0, 1, 2].map((r) => [0, 1, 2].map((c) => at(m, r, c)));
}

/** The rotation matrix (rows of DD) of a unit DD quaternion `[x, y, z, w]`. */
export function quatToMat3DD(q: readonly DD[]): DD[][] {
  const [x, y, z, w] = q as [DD, DD, DD, DD];
  const two = dd(2);
  const one = dd(1);
  const p = (a: DD, b: DD) => mul(two, mul(a, b));
  return [
    [sub(one, add(p(y, y), p(z, z))), sub(p(x, y), p(w, z)), add(p(x, z), p(w, y))],
    [add(p(x, y), p(w, z)), sub(one, add(p(x, x), p(z, z))), sub(p(y, z), p(w, x))],
    [sub(p(x, z), p(w, y)), add(p(y, z), p(w, x)), sub(one, add(p(x, x), p(y, y)))],
  ];
}

/** `max |m(r, c) − ref(r, c)|` for a column-major double matrix against rows of DD. */
export function maxEntryErrorDD(m: M3, ref: readonly (readonly DD[])[]): number {
  let e = 0;
  for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) e = Math.max(e, Math.abs(sub(at(m, r, c), ref[r]![c]!)[0]));
  return e;
}

/** `max |m − u·diag(s)·vᵀ|` (entries), every product and sum in DD: the backward error of an SVD. */
export function svdResidual(m: M3, u: M3, s: readonly number[], v: M3): number {
  let e = 0;
  for (let r = 0; r < 3; r++) {
    for (let c = 0; c < 3; c++) {
      let sum: DD = neg(at(m, r, c));
      for (let k = 0; k < 3; k++) sum = add(sum, mul(mul(at(u, r, k), dd(s[k]!)), at(v, c, k)));
      e = Math.max(e, Math.abs(sum[0]));
    }
  }
  return e;
}

/** `max |(qᵀq − I)(i, j)|` in DD: how far the columns of `q` are from orthonormal. */
export function orthogonalityError(q: M3): number {
  let e = 0;
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) {
      const g = dotDD(
        [0, 1, 2].map((k) => at(q, k, i)),
        [0, 1, 2].map((k) => at(q, k, j)),
      );
      e = Math.max(e, Math.abs(sub(g, dd(i === j ? 1 : 0))[0]));
    }
  }
  return e;
}

/** The angle between a double quaternion and a DD unit quaternion, ≈ 2‖q − ±ref‖ (exact to first order). */
export function quatAngleDD(q: readonly number[], ref: readonly DD[]): number {
  const d = (sign: number) => {
    const diff = [0, 1, 2, 3].map((i) => sub(dd(sign * q[i]!), ref[i]!));
    return Math.sqrt(dotDD(diff, diff)[0]);
  };
  return 2 * Math.min(d(1), d(-1));
}

/**
 * The exact Kabsch answer for matched double points: centroids and the cross-covariance
 * `A = Σ (qᵢ − q̄)(pᵢ − p̄)ᵀ` in DD, the rotation by Horn's method, `t = q̄ − R·p̄`.
 */
export function kabschDD(from: readonly V[], to: readonly V[]): { rotation: DD[]; translation: DD[] } {
  const n = dd(from.length);
  const mean = (ps: readonly V[]) =>
    [0, 1, 2].map((k) =>
      div(
        ps.reduce<DD>((s, p) => add(s, dd(p[k]!)), dd(0)),
        n,
      ),
    );
  const pc = mean(from);
  const qc = mean(to);
  const a: DD[][] = [0, 1, 2].map((r) =>
    [0, 1, 2].map((c) =>
      from.reduce<DD>((s, p, i) => add(s, mul(sub(dd(to[i]![r]!), qc[r]!), sub(dd(p[c]!), pc[c]!))), dd(0)),
    ),
  );
  const rotation = hornQuaternion(a);
  const r = quatToMat3DD(rotation);
  const translation = [0, 1, 2].map((k) => sub(qc[k]!, dotDD(r[k]!, pc)));
  return { rotation, translation };
}
