/**
 * Exercise 15.1 — Line of sight on a grid (chapter 15, section 2).
 *
 * The map is a list of rows, `rows[y][x]`, `"#"` an obstacle and `"."` free; cell `(x, y)` is the closed
 * square `[x − ½, x + ½] × [y − ½, y + ½]`, so cell centres have integer coordinates, and everything
 * outside the map is blocked. Decide whether the closed segment from `a` to `b` touches a blocked cell:
 * walk it cell by cell (Amanatides & Woo) — from the current cell it leaves through the next vertical
 * grid line or the next horizontal one, whichever comes first. A touch counts: when the segment passes
 * exactly through a grid corner it touches the two cells beside the corner too, so it is blocked if
 * either is (no squeezing between diagonal obstacles). The answer must be the same from `b` to `a`.
 * `a` and `b` may be any points, not only cell centres. Do not use `path` from the library.
 */

/**
 * Whether the closed segment `ab` touches no blocked cell of the map.
 * @param rows - The map, one string per row `y`, all the same length; `"#"` blocked.
 * @param a - The start `[x, y]` in cell units (a cell's centre is integer).
 * @param b - The end `[x, y]`.
 * @returns `true` when the segment is clear (a corner touch of a blocked cell blocks it; so does the outside).
 * @example lineOfSight(["...", ".#.", "..."], [0, 0], [2, 0]) // true
 */
export function lineOfSight(rows: string[], a: [number, number], b: [number, number]): boolean {
  const blocked = (i: number, j: number) =>
    j < 0 || j >= rows.length || i < 0 || i >= rows[0]!.length || rows[j]![i] === "#";
  // Shift by ½ so that cell k covers [k, k + 1]: grid lines are then the integers.
  const ax = a[0] + 0.5,
    ay = a[1] + 0.5;
  const dx = b[0] + 0.5 - ax,
    dy = b[1] + 0.5 - ay;
  const sx = Math.sign(dx),
    sy = Math.sign(dy);
  /** The cells a coordinate lies in: two when it is on a grid line. */
  const cellsAt = (u: number) => (Math.floor(u) === u ? [u - 1, u] : [Math.floor(u)]);
  for (const i of cellsAt(ax)) for (const j of cellsAt(ay)) if (blocked(i, j)) return false;
  // The cell just after a; a segment running along a grid line lies in the cells on both sides.
  let i = sx < 0 ? Math.ceil(ax) - 1 : Math.floor(ax);
  let j = sy < 0 ? Math.ceil(ay) - 1 : Math.floor(ay);
  const here = () => {
    for (const ii of sx === 0 ? cellsAt(ax) : [i])
      for (const jj of sy === 0 ? cellsAt(ay) : [j]) if (blocked(ii, jj)) return true;
    return false;
  };
  if (here()) return false;
  // t of the next grid line, computed afresh from the line each time (not tMax += tDelta): equal
  // true values then round to equal doubles, and an exact corner is never missed.
  const next = (k: number, s: number, a0: number, d: number) => (s === 0 ? Infinity : ((s > 0 ? k + 1 : k) - a0) / d);
  let tx = next(i, sx, ax, dx),
    ty = next(j, sy, ay, dy);
  while (Math.min(tx, ty) <= 1) {
    const t = Math.min(tx, ty);
    if (tx === ty && (blocked(i + sx, j) || blocked(i, j + sy))) return false; // through a corner
    if (tx === t) tx = next((i += sx), sx, ax, dx);
    if (ty === t) ty = next((j += sy), sy, ay, dy);
    if (here()) return false;
  }
  return true;
}
