/**
 * Path smoothing on a grid — chapter 15: which straight legs an agent can walk (line of sight), how to
 * prune a jagged grid path to the few waypoints it needs (greedy smoothing), and what the pruning
 * must never do (cut through an obstacle, on any leg, the last one included).
 *
 * **The grid.** Cell `(i, j)` is the closed unit square `[i − ½, i + ½] × [j − ½, j + ½]`, so a cell's
 * centre has the integer coordinates `(i, j)` and waypoints of a grid path are integer points. Cells
 * outside `0 ≤ i < width`, `0 ≤ j < height` count as blocked: the grid has walls round it.
 * {@link gridFromRows} reads a map written as text, one string per row `j`, `"#"` blocked.
 *
 * **Line of sight** between two points is the question "does the closed segment `ab` touch a
 * blocked cell?". *Touch* is meant exactly: a segment that passes through the corner where two
 * blocked cells meet diagonally is blocked (no squeezing through a gap of width zero), and so is one
 * that grazes a single blocked cell's corner — the same rule that forbids an 8-connected grid path to
 * cut a corner, so every leg of such a path has line of sight. The cells a segment touches are found
 * by walking it cell by cell (Amanatides & Woo 1987): from the current cell the segment leaves either
 * through a vertical grid line, at `t = (x − aₓ)/dₓ`, or a horizontal one, at `t = (y − a_y)/d_y`,
 * whichever comes first; when both come at the same `t` the segment passes exactly through a corner
 * and touches the two cells beside it as well. That tie is exact only if both `t` are computed
 * afresh from the grid line (one rounding each: equal rationals round to equal doubles); the usual
 * `tMax += tDelta` accumulates rounding and misses some corners.
 *
 * **A thick agent.** A disc of radius `r` moving along `ab` sweeps a capsule; it stays clear when
 * every blocked cell is *farther* than `r` from the segment. The distance from a segment to a square
 * is zero when they touch, and otherwise is reached at an end of the segment or a corner of the square.
 *
 * **Smoothing.** {@link smoothPath} keeps the first waypoint as an anchor, walks forward while the
 * leg from the anchor to the next waypoint is clear, and when it is not keeps the waypoint before it
 * as the new anchor. Kiyoung Moon's blog post "Path Smoothing" (2020) does the same with a raycast,
 * but its loop stops one waypoint early and adds the goal without testing the last leg
 * ({@link blogSmoothPath}, kept to show that flaw): the result can walk through a wall there.
 *
 * Conventions: grid points are `[x, y]` tuples in cell units; {@link smoothPath} and {@link pathLength}
 * take points of any dimension. Inputs are never changed; results are new arrays. A non-finite
 * coordinate throws a `RangeError` naming the function and the argument.
 *
 * @module path
 */

import { assertFinite } from "./scalar.ts";
import { closestPointOnSegment } from "./segments.ts";
import { distance as distance3 } from "./vec3.ts";

/** A grid of unit cells, `width × height`; cell `(i, j)` is centred on the point `(i, j)`. */
export interface Grid {
  /** Number of columns (cells along x), a positive integer. */
  readonly width: number;
  /** Number of rows (cells along y), a positive integer. */
  readonly height: number;
  /** Whether cell `(x, y)` is an obstacle; called only with integers `0 ≤ x < width`, `0 ≤ y < height`. */
  blocked(x: number, y: number): boolean;
}

/** A point of the grid's plane, `[x, y]` in cell units (a cell's centre has integer coordinates). */
export type GridPoint = [number, number];

/** Whether cell `(i, j)` is blocked, the outside of the grid included. */
function cellBlocked(grid: Grid, i: number, j: number): boolean {
  return i < 0 || j < 0 || i >= grid.width || j >= grid.height || grid.blocked(i, j);
}

function checkGrid(grid: Grid, name: string): void {
  if (
    grid === null ||
    typeof grid !== "object" ||
    !Number.isInteger(grid.width) ||
    !Number.isInteger(grid.height) ||
    grid.width < 1 ||
    grid.height < 1 ||
    typeof grid.blocked !== "function"
  ) {
    throw new RangeError(`${name} is not a grid {width, height, blocked(x, y)} with a positive integer size`);
  }
}

/** Checks a point of any dimension (or exactly `dimension`), naming it in the error. */
function checkPoint(p: unknown, name: string, dimension?: number): readonly number[] {
  if (!Array.isArray(p) || p.length === 0 || (dimension !== undefined && p.length !== dimension)) {
    throw new RangeError(
      `${name} is not a point${dimension ? ` [x, y]` : ""} with finite coordinates ([${String(p)}])`,
    );
  }
  p.forEach((x, k) => assertFinite(x as number, `${name}[${k}]`));
  return p as readonly number[];
}

/**
 * A grid read from a text map: row `j` is `rows[j]`, column `i` its `i`-th character, `"#"` an
 * obstacle and any other character free space (`"."` by custom; `"S"`, `"G"` mark nothing special).
 * So `y` grows *down* the map, as in the strings.
 *
 * @param rows - One string per row, all the same length, at least one row of at least one character.
 * @returns A {@link Grid} that reads the strings (a copy: changing the array later changes nothing).
 * @throws RangeError `"path.gridFromRows: rows …"` for no rows, an empty row or rows of different lengths.
 * @example gridFromRows(["..#", "..."]).blocked(2, 0) // → true
 */
export function gridFromRows(rows: readonly string[]): Grid {
  if (!Array.isArray(rows) || rows.length === 0 || typeof rows[0] !== "string" || rows[0].length === 0)
    throw new RangeError("path.gridFromRows: rows is empty: at least one row of at least one cell is needed");
  const width = rows[0].length;
  rows.forEach((row, j) => {
    if (typeof row !== "string" || row.length !== width)
      throw new RangeError(`path.gridFromRows: rows[${j}] has ${String(row?.length)} cells, rows[0] has ${width}`);
  });
  const cells = rows.map((row) => Array.from(row, (c) => c === "#"));
  return { width, height: rows.length, blocked: (x, y) => cells[y]![x]! };
}

/**
 * The cells the closed segment `ab` touches, in the order a point moving from `a` to `b` meets them
 * (Amanatides & Woo's traversal, with corners handled exactly — see the module header). Where the
 * segment passes exactly through a grid corner, the two cells beside the corner are listed before
 * the diagonal one; where `a` or `b` lies on a grid line, the cells on both sides are listed; a
 * segment that runs along a grid line lists both rows (or columns) of cells.
 *
 * Edge cases: `a = b` gives the one cell containing the point (up to four on a corner). The walk
 * ignores the grid: cells outside it are listed too.
 *
 * @param a - The start `[x, y]`, in cell units.
 * @param b - The end `[x, y]`.
 * @returns The touched cells `[i, j]`, each once.
 * @throws RangeError if a coordinate is not finite.
 * @example cellsOnSegment([0, 0], [2, 1]) // → [[0, 0], [1, 0], [1, 1], [2, 1]]
 */
export function cellsOnSegment(a: Readonly<GridPoint>, b: Readonly<GridPoint>): GridPoint[] {
  checkPoint(a, "path.cellsOnSegment: a", 2);
  checkPoint(b, "path.cellsOnSegment: b", 2);
  const out: GridPoint[] = [];
  const seen = new Set<string>();
  walk(a, b, (i, j) => {
    const key = `${i},${j}`;
    if (!seen.has(key)) {
      seen.add(key);
      out.push([i, j]);
    }
    return false;
  });
  return out;
}

/**
 * The cells a coordinate `u` (already shifted by ½, so cell `k` is `[k, k + 1]`) belongs to: one, or
 * two when it lies on a grid line.
 */
function cellsAt(u: number): number[] {
  const k = Math.floor(u);
  return u === k ? [k - 1, k] : [k];
}

/**
 * Calls `visit(i, j)` for every cell the closed segment `ab` touches (cells may repeat), stopping
 * early when `visit` returns true. Returns whether it stopped early.
 */
function walk(a: Readonly<GridPoint>, b: Readonly<GridPoint>, visit: (i: number, j: number) => boolean): boolean {
  // Shift by ½ so cell k covers [k, k + 1] (exact for the integer and half-integer points of a grid).
  const ax = a[0] + 0.5,
    ay = a[1] + 0.5;
  const dx = b[0] + 0.5 - ax,
    dy = b[1] + 0.5 - ay;
  const sx = Math.sign(dx),
    sy = Math.sign(dy);
  // Every cell that contains a (the closed start touches them all, also on a line or a corner).
  for (const i of cellsAt(ax)) for (const j of cellsAt(ay)) if (visit(i, j)) return true;
  // The cell of the open piece of segment just after a; along a grid line, the two beside it.
  let i = sx > 0 ? Math.floor(ax) : sx < 0 ? Math.ceil(ax) - 1 : Math.floor(ax);
  let j = sy > 0 ? Math.floor(ay) : sy < 0 ? Math.ceil(ay) - 1 : Math.floor(ay);
  const columnsAlong = sx === 0 ? cellsAt(ax) : null; // dx = 0 on a vertical grid line: both columns
  const rowsAlong = sy === 0 ? cellsAt(ay) : null;
  const piece = (): boolean => {
    for (const ii of columnsAlong ?? [i]) for (const jj of rowsAlong ?? [j]) if (visit(ii, jj)) return true;
    return false;
  };
  if (piece()) return true;
  // Parameters of the next vertical and horizontal grid lines, each computed afresh from the line
  // (one rounding): equal true values give equal doubles, so a corner is never missed.
  const nextT = (k: number, s: number, a0: number, d: number) => (s === 0 ? Infinity : ((s > 0 ? k + 1 : k) - a0) / d);
  let tx = nextT(i, sx, ax, dx),
    ty = nextT(j, sy, ay, dy);
  for (;;) {
    const t = Math.min(tx, ty);
    if (!(t <= 1)) return false;
    if (tx === ty && visit(i + sx, j) === true) return true; // through a corner: the cell beside it …
    if (tx === ty && visit(i, j + sy) === true) return true; // … and the one on the other side
    if (tx === t) {
      i += sx;
      tx = nextT(i, sx, ax, dx);
    }
    if (ty === t) {
      j += sy;
      ty = nextT(j, sy, ay, dy);
    }
    if (piece()) return true;
  }
}

/** The distance from the segment ab to the closed square [lo, lo + 1]², in shifted coordinates. */
function segmentSquareDistance(ax: number, ay: number, bx: number, by: number, lox: number, loy: number): number {
  if (segmentTouchesSquare(ax, ay, bx, by, lox, loy)) return 0;
  const hix = lox + 1,
    hiy = loy + 1;
  const toSquare = (x: number, y: number) => Math.hypot(Math.max(lox - x, 0, x - hix), Math.max(loy - y, 0, y - hiy));
  let best = Math.min(toSquare(ax, ay), toSquare(bx, by));
  // Disjoint convex sets: the nearest pair has an end of the segment or a corner of the square.
  for (const [cx, cy] of [
    [lox, loy],
    [hix, loy],
    [lox, hiy],
    [hix, hiy],
  ] as const) {
    const { point } = closestPointOnSegment([cx, cy, 0], [ax, ay, 0], [bx, by, 0]);
    best = Math.min(best, distance3(point, [cx, cy, 0]));
  }
  return best;
}

/** Whether the closed segment ab meets the closed square [lo, lo + 1]² (Liang–Barsky clipping). */
function segmentTouchesSquare(ax: number, ay: number, bx: number, by: number, lox: number, loy: number): boolean {
  let t0 = 0,
    t1 = 1;
  for (const [a0, d, lo] of [
    [ax, bx - ax, lox],
    [ay, by - ay, loy],
  ] as const) {
    if (d === 0) {
      if (a0 < lo || a0 > lo + 1) return false;
      continue;
    }
    const u = (lo - a0) / d,
      v = (lo + 1 - a0) / d;
    t0 = Math.max(t0, Math.min(u, v));
    t1 = Math.min(t1, Math.max(u, v));
    if (t0 > t1) return false;
  }
  return true;
}

/**
 * Whether an agent can walk the straight leg from `a` to `b`: with `radius = 0`, whether the closed
 * segment touches no blocked cell (walked cell by cell, Amanatides & Woo; a corner touch blocks, see
 * the module header); with `radius > 0`, whether every blocked cell is farther than `radius` from the
 * segment (a disc of that radius swept along it touches none).
 *
 * Edge cases: `a = b` asks whether the point itself is clear; a point on a grid line or corner
 * touches every cell it lies on; the outside of the grid is blocked, so a leg closer than `radius` to
 * the border is not clear; the answer is the same from `b` to `a`. With `radius > 0` the distances are
 * computed in floating point: a blocked cell within about 1e-15 of exactly `radius` may go either way.
 *
 * @param grid - The grid.
 * @param a - The start `[x, y]`, cell units.
 * @param b - The end `[x, y]`.
 * @param radius - The agent's radius in cell units, ≥ 0 (default 0: a point agent).
 * @returns `true` when the leg is clear.
 * @throws RangeError for a non-finite coordinate, a negative or non-finite radius, or a malformed grid.
 * @example lineOfSight(gridFromRows(["...", ".#.", "..."]), [0, 0], [2, 0]) // → true
 * @example lineOfSight(gridFromRows(["...", ".#.", "..."]), [0, 0], [2, 0], 0.5) // → false: the corner of (1, 1) is exactly 0.5 away
 */
export function lineOfSight(grid: Grid, a: Readonly<GridPoint>, b: Readonly<GridPoint>, radius = 0): boolean {
  checkGrid(grid, "path.lineOfSight: grid");
  checkPoint(a, "path.lineOfSight: a", 2);
  checkPoint(b, "path.lineOfSight: b", 2);
  assertFinite(radius, "path.lineOfSight: radius");
  if (radius < 0) throw new RangeError(`path.lineOfSight: radius must be ≥ 0, got ${radius}`);
  // A thin leg is blocked by a cell it touches, and those are what the walk visits.
  if (walk(a, b, (i, j) => cellBlocked(grid, i, j))) return false;
  if (radius === 0) return true;
  // A thick one: every cell within `radius` of the segment lies in its bounding box grown by radius.
  const ax = a[0] + 0.5,
    ay = a[1] + 0.5,
    bx = b[0] + 0.5,
    by = b[1] + 0.5;
  const i0 = Math.ceil(Math.min(ax, bx) - radius) - 1,
    i1 = Math.floor(Math.max(ax, bx) + radius);
  const j0 = Math.ceil(Math.min(ay, by) - radius) - 1,
    j1 = Math.floor(Math.max(ay, by) + radius);
  for (let j = j0; j <= j1; j++)
    for (let i = i0; i <= i1; i++)
      if (cellBlocked(grid, i, j) && segmentSquareDistance(ax, ay, bx, by, i, j) <= radius) return false;
  return true;
}

/**
 * The clearance of a path: the smallest distance from any point of the polyline to a blocked cell
 * or to the outside of the grid. A thin path that grazes a corner has clearance 0; an agent of
 * radius `r` fits along the path where the clearance exceeds `r`.
 *
 * @param grid - The grid.
 * @param points - The path's points `[x, y]`, at least one.
 * @returns The clearance in cell units, ≥ 0 (0 when the path touches an obstacle).
 * @throws RangeError for an empty path, a non-finite coordinate or a malformed grid.
 * @example clearance(gridFromRows(["...", ".#.", "..."]), [[0, 0], [2, 0]]) // → 0.5
 */
export function clearance(grid: Grid, points: readonly Readonly<GridPoint>[]): number {
  checkGrid(grid, "path.clearance: grid");
  if (!Array.isArray(points) || points.length === 0)
    throw new RangeError("path.clearance: points is empty: at least one point is needed");
  points.forEach((p, k) => checkPoint(p, `path.clearance: points[${k}]`, 2));
  // The outside: from inside the (convex) grid, the distance to its border is least at a vertex.
  let best = Infinity;
  for (const [x, y] of points) {
    const u = x + 0.5,
      v = y + 0.5;
    best = Math.min(best, Math.max(0, Math.min(u, v, grid.width - u, grid.height - v)));
  }
  const legs = points.length === 1 ? [[points[0]!, points[0]!]] : points.slice(1).map((p, k) => [points[k]!, p]);
  for (let j = 0; j < grid.height; j++)
    for (let i = 0; i < grid.width; i++) {
      if (!grid.blocked(i, j)) continue;
      for (const [p, q] of legs)
        best = Math.min(best, segmentSquareDistance(p![0] + 0.5, p![1] + 0.5, q![0] + 0.5, q![1] + 0.5, i, j));
    }
  return best;
}

function checkWaypoints(waypoints: readonly (readonly number[])[], name: string): void {
  if (!Array.isArray(waypoints) || waypoints.length === 0)
    throw new RangeError(`${name} is empty: at least one waypoint is needed`);
  const dimension = checkPoint(waypoints[0], `${name}[0]`).length;
  waypoints.forEach((p, k) => checkPoint(p, `${name}[${k}]`, dimension));
}

/**
 * Greedy path smoothing with every leg checked: keeps the first waypoint as the anchor, walks
 * forward while the leg from the anchor to the next waypoint is `clear`, and where it is not, keeps
 * the waypoint before it as the new anchor; the last waypoint is tested like every other, so the
 * result never has a blocked leg (the blog's loop skips that test: {@link blogSmoothPath}).
 *
 * The result is a subsequence of `waypoints` with the first and the last kept, every leg clear, and —
 * by the triangle inequality, each kept leg replacing the raw legs it spans — never longer. It is the
 * greedy answer, not necessarily the one with the fewest waypoints or the shortest.
 *
 * Edge cases: one waypoint gives that waypoint; repeated waypoints are dropped wherever the leg is
 * clear. The raw path's own legs must be clear (an A* path's are); if one is not there is no
 * smoothing with every leg clear, and a `RangeError` says which.
 *
 * @param waypoints - The raw path: points of any one dimension (2D `[x, y]` on a grid), at least one.
 * @param clear - Whether the straight leg from one point to another can be walked, e.g.
 *   `(a, b) => lineOfSight(grid, a, b, radius)`.
 * @returns New arrays: the kept waypoints, in order.
 * @throws RangeError for no waypoints, mixed dimensions, a non-finite coordinate, or a raw leg that is not clear.
 * @example smoothPath([[0, 0], [1, 0], [2, 0], [2, 1]], () => true) // → [[0, 0], [2, 1]]
 */
export function smoothPath<P extends readonly number[]>(waypoints: readonly P[], clear: (a: P, b: P) => boolean): P[] {
  checkWaypoints(waypoints, "path.smoothPath: waypoints");
  const kept: P[] = [waypoints[0]!];
  let anchor = 0;
  // Up to and including the last waypoint: the last leg is tested like every other.
  for (let k = 1; k < waypoints.length; k++) {
    if (clear(waypoints[anchor]!, waypoints[k]!)) continue;
    if (anchor === k - 1)
      throw new RangeError(`path.smoothPath: the raw leg from waypoints[${k - 1}] to waypoints[${k}] is not clear`);
    anchor = k - 1;
    kept.push(waypoints[anchor]!);
    if (!clear(waypoints[anchor]!, waypoints[k]!))
      throw new RangeError(`path.smoothPath: the raw leg from waypoints[${k - 1}] to waypoints[${k}] is not clear`);
  }
  if (waypoints.length > 1) kept.push(waypoints[waypoints.length - 1]!);
  return kept.map((p) => [...p] as unknown as P);
}

/**
 * Kiyoung Moon's loop from the blog post "Path Smoothing" (2020), transcribed from C# with the
 * raycast replaced by `clear`: **flawed, kept to show the flaw** (chapter 15, fact 15.1). The loop
 * tests waypoints 1 … n − 2 only and then appends the goal, so the last leg — from the last kept
 * waypoint to the goal — is never tested and can cross an obstacle. (With one waypoint it also
 * returns the goal twice.) Use {@link smoothPath}.
 *
 * @param waypoints - The raw path (any dimension), at least one point.
 * @param clear - The leg test, as for {@link smoothPath}.
 * @returns The blog's smoothed path (new arrays).
 * @throws RangeError for no waypoints or a non-finite coordinate.
 * @example blogSmoothPath([[0, 0], [1, 0], [1, 1]], (a, b) => a[1] === b[1]) // → [[0, 0], [1, 1]]: the last leg was never tested
 */
export function blogSmoothPath<P extends readonly number[]>(
  waypoints: readonly P[],
  clear: (a: P, b: P) => boolean,
): P[] {
  checkWaypoints(waypoints, "path.blogSmoothPath: waypoints");
  const smoothed: P[] = [waypoints[0]!];
  let index = 1;
  while (index < waypoints.length - 1) {
    const fromPos = smoothed[smoothed.length - 1]!;
    const toPos = waypoints[index]!;
    if (!clear(fromPos, toPos)) smoothed.push(waypoints[index - 1]!);
    index++;
  }
  smoothed.push(waypoints[waypoints.length - 1]!);
  return smoothed.map((p) => [...p] as unknown as P);
}

/**
 * The length of a polyline: the sum of the Euclidean lengths of its legs, in any dimension. Each leg
 * is measured with its coordinates scaled by the largest difference first (as `Math.hypot` does), so
 * coordinates near 1e200 do not overflow and ones near 1e-200 do not underflow.
 *
 * Edge cases: no points or one point → 0; repeated points add 0.
 *
 * @param points - The polyline's points, all of one dimension (any length unit).
 * @returns The length, ≥ 0, in the points' unit.
 * @throws RangeError for mixed dimensions or a non-finite coordinate.
 * @example pathLength([[0, 0], [3, 4], [3, 0]]) // → 9
 */
export function pathLength(points: readonly (readonly number[])[]): number {
  if (!Array.isArray(points)) throw new RangeError("path.pathLength: points is not an array of points");
  if (points.length === 0) return 0;
  checkWaypoints(points, "path.pathLength: points");
  let total = 0;
  for (let k = 1; k < points.length; k++) {
    const p = points[k - 1]!,
      q = points[k]!;
    let big = 0;
    for (let c = 0; c < p.length; c++) big = Math.max(big, Math.abs(q[c]! - p[c]!));
    if (big === 0) continue;
    let sum = 0;
    for (let c = 0; c < p.length; c++) sum += ((q[c]! - p[c]!) / big) ** 2;
    total += big * Math.sqrt(sum);
  }
  return total;
}

/**
 * A shortest 8-connected path between two cells (A*, Hart, Nilsson & Raphael 1968): moves to the 8
 * neighbours cost 1 straight and √2 diagonally, and a diagonal move needs both cells beside it free
 * (no corner cutting — so every move has {@link lineOfSight}). The heuristic is the octile distance
 * `max(|dx|, |dy|) + (√2 − 1)·min(|dx|, |dy|)`, exact on an empty grid, so the path is shortest. Ties
 * are broken the same way every run (lowest f, then lowest h, then first found).
 *
 * Edge cases: `start = goal` gives `[start]`; a blocked or outside start or goal, or no way through,
 * gives `null`.
 *
 * @param grid - The grid.
 * @param start - The start cell `[i, j]` (integers).
 * @param goal - The goal cell `[i, j]`.
 * @returns The cells of the path from start to goal, both included (new arrays), or `null`.
 * @throws RangeError for non-integer cells or a malformed grid.
 * @example aStar(gridFromRows([".#.", "..."]), [0, 0], [2, 0]) // → [[0, 0], [0, 1], [1, 1], [2, 1], [2, 0]]
 */
export function aStar(grid: Grid, start: Readonly<GridPoint>, goal: Readonly<GridPoint>): GridPoint[] | null {
  checkGrid(grid, "path.aStar: grid");
  for (const [p, name] of [
    [start, "start"],
    [goal, "goal"],
  ] as const) {
    checkPoint(p, `path.aStar: ${name}`, 2);
    if (!Number.isInteger(p[0]) || !Number.isInteger(p[1]))
      throw new RangeError(`path.aStar: ${name} must be a cell with integer coordinates, got [${p.join(", ")}]`);
  }
  const [sx, sy] = start,
    [gx, gy] = goal;
  if (cellBlocked(grid, sx, sy) || cellBlocked(grid, gx, gy)) return null;
  const W = grid.width;
  const id = (x: number, y: number) => y * W + x;
  const h = (x: number, y: number) => {
    const ddx = Math.abs(x - gx),
      ddy = Math.abs(y - gy);
    return Math.max(ddx, ddy) + (Math.SQRT2 - 1) * Math.min(ddx, ddy);
  };
  const n = W * grid.height;
  const g = new Float64Array(n).fill(Infinity);
  const from = new Int32Array(n).fill(-1);
  const closed = new Uint8Array(n);
  const f = new Float64Array(n).fill(Infinity);
  const hs = new Float64Array(n);
  const order = new Float64Array(n); // when a cell was last improved: the final tie-break
  const open: number[] = [];
  let counter = 0;
  g[id(sx, sy)] = 0;
  hs[id(sx, sy)] = h(sx, sy);
  f[id(sx, sy)] = hs[id(sx, sy)]!;
  open.push(id(sx, sy));
  while (open.length > 0) {
    let best = 0;
    for (let k = 1; k < open.length; k++) {
      const c = open[k]!,
        b = open[best]!;
      if (f[c]! < f[b]! || (f[c]! === f[b]! && (hs[c]! < hs[b]! || (hs[c]! === hs[b]! && order[c]! < order[b]!))))
        best = k;
    }
    const current = open.splice(best, 1)[0]!;
    if (closed[current]) continue;
    closed[current] = 1;
    const x = current % W,
      y = Math.floor(current / W);
    if (x === gx && y === gy) {
      const cells: GridPoint[] = [];
      for (let c = current; c !== -1; c = from[c]!) cells.push([c % W, Math.floor(c / W)]);
      return cells.reverse();
    }
    for (let ddy = -1; ddy <= 1; ddy++)
      for (let ddx = -1; ddx <= 1; ddx++) {
        if (ddx === 0 && ddy === 0) continue;
        const nx = x + ddx,
          ny = y + ddy;
        if (cellBlocked(grid, nx, ny)) continue;
        if (ddx !== 0 && ddy !== 0 && (cellBlocked(grid, x + ddx, y) || cellBlocked(grid, x, y + ddy))) continue;
        const next = id(nx, ny);
        const cost = g[current]! + (ddx !== 0 && ddy !== 0 ? Math.SQRT2 : 1);
        if (closed[next] || cost >= g[next]!) continue;
        g[next] = cost;
        hs[next] = h(nx, ny);
        f[next] = cost + hs[next]!;
        from[next] = current;
        order[next] = counter++;
        open.push(next);
      }
  }
  return null;
}

/**
 * Why `smoothed` is not a valid smoothing of `raw`, or `undefined` when it is: the four properties
 * every smoothing must have, whichever method made it — a subsequence of `raw` (same points, same
 * order), the first and the last waypoint kept, every leg `clear`, and never longer than `raw`
 * (within `lengthTolerance`, for a path of the same points summed in another order).
 *
 * @param raw - The raw path (any dimension).
 * @param smoothed - The candidate.
 * @param clear - The leg test.
 * @param lengthTolerance - How much longer than `raw` rounding may make it, in the points' unit (default 1e-9).
 * @returns A sentence naming the first broken property, or `undefined`.
 * @example smoothingProblem([[0, 0], [1, 0], [2, 0]], [[0, 0], [2, 0]], () => true) // → undefined
 */
export function smoothingProblem<P extends readonly number[]>(
  raw: readonly P[],
  smoothed: readonly P[],
  clear: (a: P, b: P) => boolean,
  lengthTolerance = 1e-9,
): string | undefined {
  const same = (p: readonly number[], q: readonly number[]) => p.length === q.length && p.every((x, c) => x === q[c]);
  if (!Array.isArray(smoothed) || smoothed.length === 0) return "the smoothed path is empty";
  if (!same(smoothed[0]!, raw[0]!)) return `it does not start at the first waypoint [${raw[0]!.join(", ")}]`;
  if (!same(smoothed[smoothed.length - 1]!, raw[raw.length - 1]!))
    return `it does not end at the last waypoint [${raw[raw.length - 1]!.join(", ")}]`;
  let k = 0;
  for (const [m, p] of smoothed.entries()) {
    while (k < raw.length && !same(raw[k]!, p)) k++;
    if (k === raw.length) return `smoothed[${m}] = [${p.join(", ")}] is not a later waypoint of the raw path`;
    k++;
  }
  for (let m = 1; m < smoothed.length; m++)
    if (!clear(smoothed[m - 1]!, smoothed[m]!))
      return `the leg from [${smoothed[m - 1]!.join(", ")}] to [${smoothed[m]!.join(", ")}] is not clear`;
  const longer = pathLength(smoothed) - pathLength(raw);
  if (longer > lengthTolerance) return `it is ${longer} longer than the raw path`;
  return undefined;
}
