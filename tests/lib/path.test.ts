import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Grid, type GridPoint, aStar, blogSmoothPath, cellsOnSegment, clearance, gridFromRows, lineOfSight, pathLength, smoothPath, smoothingProblem } from "../../lib/path.ts"; // prettier-ignore
import { RUNS } from "../helpers/arbitraries.ts";
import { TIGHT } from "../helpers/tolerance.ts";

/** A random grid of up to 12 × 9 cells, each blocked with the given chance. */
const gridRows = (density: number) =>
  fc
    .tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 9 }))
    .chain(([w, h]) =>
      fc.array(fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: w, maxLength: w }), {
        minLength: h,
        maxLength: h,
      }),
    )
    .map((rows) => rows.map((row) => row.map((u) => (u < density ? "#" : ".")).join("")));

/** A point anywhere over a 12 × 9 grid (and a little outside it). */
const anyPoint = fc.tuple(
  fc.double({ min: -1, max: 12, noNaN: true }),
  fc.double({ min: -1, max: 9, noNaN: true }),
) as fc.Arbitrary<GridPoint>;
/** A cell centre or a grid corner of a 12 × 9 grid: where the exact ties live. */
const latticePoint = fc
  .tuple(fc.integer({ min: -2, max: 25 }), fc.integer({ min: -2, max: 19 }))
  .map(([u, v]) => [u / 2, v / 2] as GridPoint);

/** The oracle: does the closed segment meet the closed square of cell (i, j)? (Clipping with rationals kept exact.) */
function touches(a: GridPoint, b: GridPoint, i: number, j: number): boolean {
  let t0 = 0,
    t1 = 1;
  for (const [a0, d, lo] of [
    [a[0], b[0] - a[0], i - 0.5],
    [a[1], b[1] - a[1], j - 0.5],
  ] as const) {
    if (d === 0) {
      if (a0 < lo || a0 > lo + 1) return false;
      continue;
    }
    const u = (lo - a0) / d,
      v = (lo + 1 - a0) / d;
    t0 = Math.max(t0, Math.min(u, v));
    t1 = Math.min(t1, Math.max(u, v));
  }
  return t0 <= t1;
}
const isBlocked = (g: Grid, i: number, j: number) => i < 0 || j < 0 || i >= g.width || j >= g.height || g.blocked(i, j);
/** Brute force: every cell in a ring around the grid. */
function bruteSight(g: Grid, a: GridPoint, b: GridPoint): boolean {
  for (let j = -3; j < 15; j++)
    for (let i = -3; i < 15; i++) if (isBlocked(g, i, j) && touches(a, b, i, j)) return false;
  return true;
}
/** The distance from cell (i, j)'s square to the segment, by 4001 samples along it (an upper bound). */
function sampledDistance(a: GridPoint, b: GridPoint, i: number, j: number): number {
  let best = Infinity;
  for (let k = 0; k <= 4000; k++) {
    const x = a[0] + ((b[0] - a[0]) * k) / 4000,
      y = a[1] + ((b[1] - a[1]) * k) / 4000;
    best = Math.min(best, Math.hypot(Math.max(i - 0.5 - x, 0, x - i - 0.5), Math.max(j - 0.5 - y, 0, y - j - 0.5)));
  }
  return best;
}

/** The exact distance from segment ab to the point (i, j), a cell's centre (the clamped projection). */
function centreDistance(a: GridPoint, b: GridPoint, i: number, j: number): number {
  const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.min(1, Math.max(0, ((i - a[0]) * dx + (j - a[1]) * dy) / len2));
  return Math.hypot(a[0] + t * dx - i, a[1] + t * dy - j);
}

const OPEN = gridFromRows(["....", "....", "...."]);

describe("path.gridFromRows", () => {
  it("reads # as blocked, row j as y", () => {
    const g = gridFromRows(["..#", "#.."]);
    expect([g.width, g.height]).toEqual([3, 2]);
    expect([g.blocked(2, 0), g.blocked(0, 1), g.blocked(1, 0)]).toEqual([true, true, false]);
  });
  it("copies the rows and refuses empty or ragged maps", () => {
    const rows = ["..", ".."];
    const g = gridFromRows(rows);
    rows[0] = "##";
    expect(g.blocked(0, 0)).toBe(false);
    expect(() => gridFromRows([])).toThrow(/path.gridFromRows: rows is empty/);
    expect(() => gridFromRows([""])).toThrow(/rows is empty/);
    expect(() => gridFromRows(["...", ".."])).toThrow(/rows\[1\] has 2 cells/);
  });
});

describe("path.cellsOnSegment", () => {
  it("walks a shallow line cell by cell, a crossing on a cell's edge listing both cells", () => {
    expect(cellsOnSegment([0, 0], [2, 1])).toEqual([[0, 0], [1, 0], [1, 1], [2, 1]]); // prettier-ignore
    expect(cellsOnSegment([0, 0], [3, 0])).toEqual([[0, 0], [1, 0], [2, 0], [3, 0]]); // prettier-ignore
  });
  it("lists the two cells beside a corner before the diagonal one", () => {
    expect(cellsOnSegment([0, 0], [1, 1])).toEqual([[0, 0], [1, 0], [0, 1], [1, 1]]); // prettier-ignore
    expect(cellsOnSegment([1, 1], [0, 0])).toEqual([[1, 1], [0, 1], [1, 0], [0, 0]]); // prettier-ignore
  });
  it("finds the corner of (0, 0) → (1, 7) that accumulating tMax += tDelta misses", () => {
    // The line x = y/7 passes exactly through the corner (0.5, 3.5).
    const cells = cellsOnSegment([0, 0], [1, 7]);
    expect(cells).toContainEqual([1, 3]);
    expect(cells).toContainEqual([0, 4]);
  });
  it("lists every cell a point on a corner lies in, and both columns of a line along a grid line", () => {
    expect(cellsOnSegment([0.5, 0.5], [0.5, 0.5])).toEqual([[0, 0], [0, 1], [1, 0], [1, 1]]); // prettier-ignore
    expect(cellsOnSegment([0.5, 0], [0.5, 1])).toEqual([[0, 0], [1, 0], [0, 1], [1, 1]]); // prettier-ignore
  });
  it("lists exactly the cells whose closed squares the segment meets (random and lattice segments)", () => {
    fc.assert(
      fc.property(fc.oneof(anyPoint, latticePoint), fc.oneof(anyPoint, latticePoint), (a, b) => {
        const listed = new Set(cellsOnSegment(a, b).map(([i, j]) => `${i},${j}`));
        const truth = new Set<string>();
        for (let j = -3; j < 12; j++) for (let i = -3; i < 15; i++) if (touches(a, b, i, j)) truth.add(`${i},${j}`);
        expect([...listed].sort()).toEqual([...truth].sort());
      }),
      RUNS,
    );
  });
});

describe("path.lineOfSight", () => {
  const CENTRE = gridFromRows(["...", ".#.", "..."]);
  it("sees along an open row and is blocked by a cell on the way", () => {
    expect(lineOfSight(CENTRE, [0, 0], [2, 0])).toBe(true);
    expect(lineOfSight(CENTRE, [0, 1], [2, 1])).toBe(false);
    expect(lineOfSight(CENTRE, [1, 1], [1, 1])).toBe(false);
  });
  it("is blocked through a corner: a diagonal gap of width zero, and a graze of one blocked cell", () => {
    const diagonal = gridFromRows([".#", "#."]);
    expect(lineOfSight(diagonal, [0, 0], [1, 1])).toBe(false);
    expect(lineOfSight(diagonal, [1, 1], [0, 0])).toBe(false);
    expect(lineOfSight(gridFromRows([".#", ".."]), [0, 0], [1, 1])).toBe(false);
    expect(lineOfSight(gridFromRows(["..", "#."]), [1, 1], [0, 0])).toBe(false);
    expect(lineOfSight(gridFromRows(["..", ".."]), [0, 0], [1, 1])).toBe(true);
  });
  it("treats the outside as blocked", () => {
    expect(lineOfSight(OPEN, [0, 0], [-1, 0])).toBe(false);
    expect(lineOfSight(OPEN, [0, 0], [3, 2])).toBe(true);
    expect(lineOfSight(OPEN, [0, 0], [3, 0], 0.5)).toBe(false);
    expect(lineOfSight(OPEN, [0, 1], [3, 1], 0.49)).toBe(true);
  });
  it("agrees with the brute-force oracle, and is the same both ways", () => {
    fc.assert(
      fc.property(gridRows(0.25), fc.oneof(latticePoint, anyPoint), fc.oneof(latticePoint, anyPoint), (rows, a, b) => {
        const g = gridFromRows(rows);
        const sight = lineOfSight(g, a, b);
        expect(sight).toBe(bruteSight(g, a, b));
        expect(lineOfSight(g, b, a)).toBe(sight);
      }),
      RUNS,
    );
  });
  it("with a radius: clear exactly when every blocked cell is farther than the radius (against sampling)", () => {
    fc.assert(
      fc.property(
        gridRows(0.15),
        anyPoint,
        anyPoint,
        fc.double({ min: 0.01, max: 1.5, noNaN: true }),
        (rows, a, b, r) => {
          const g = gridFromRows(rows);
          const clear = lineOfSight(g, a, b, r);
          // Sampling overestimates the distance by at most half a step.
          const slack = Math.hypot(b[0] - a[0], b[1] - a[1]) / 8000 + 1e-12;
          let nearest = Infinity;
          for (let j = -3; j < g.height + 3; j++)
            for (let i = -3; i < g.width + 3; i++) {
              // A cell is at least (distance to its centre) − √2/2 away: one farther than r + slack cannot
              // decide either expectation below, so only the cells near the segment are sampled.
              if (!isBlocked(g, i, j) || centreDistance(a, b, i, j) - Math.SQRT1_2 > r + slack) continue;
              nearest = Math.min(nearest, sampledDistance(a, b, i, j));
            }
          if (nearest <= r) expect(clear).toBe(false);
          if (nearest > r + slack) expect(clear).toBe(true);
        },
      ),
      { numRuns: 80 },
    );
  });
  it("with a radius is monotone: clear at r means clear at every smaller r, and for the thin ray", () => {
    fc.assert(
      fc.property(gridRows(0.2), anyPoint, anyPoint, fc.double({ min: 0, max: 1, noNaN: true }), (rows, a, b, u) => {
        const g = gridFromRows(rows);
        if (lineOfSight(g, a, b, u)) {
          expect(lineOfSight(g, a, b, u / 2)).toBe(true);
          expect(lineOfSight(g, a, b)).toBe(true);
        }
      }),
      RUNS,
    );
  });
  it("names the argument for NaN, infinity, a negative radius or a bad grid", () => {
    expect(() => lineOfSight(OPEN, [NaN, 0], [1, 1])).toThrow(/path.lineOfSight: a\[0\] must be finite/);
    expect(() => lineOfSight(OPEN, [0, 0], [1, Infinity])).toThrow(/path.lineOfSight: b\[1\] must be finite/);
    expect(() => lineOfSight(OPEN, [0, 0], [1] as unknown as GridPoint)).toThrow(/b is not a point/);
    expect(() => lineOfSight(OPEN, [0, 0], [1, 1], -1)).toThrow(/radius must be ≥ 0/);
    expect(() => lineOfSight(OPEN, [0, 0], [1, 1], NaN)).toThrow(/radius must be finite/);
    expect(() => lineOfSight({ width: 0, height: 2, blocked: () => false }, [0, 0], [1, 1])).toThrow(
      /grid is not a grid/,
    );
  });
});

describe("path.clearance", () => {
  it("is the distance to the nearest blocked cell or the border", () => {
    const g = gridFromRows([".....", ".....", "..#..", ".....", "....."]);
    expect(
      clearance(g, [
        [0, 0],
        [4, 0],
      ]),
    ).toBe(0.5); // the border is half a cell from a row of centres
    expect(
      clearance(g, [
        [1, 1],
        [3, 1],
      ]),
    ).toBe(0.5);
    expect(
      clearance(g, [
        [1, 1],
        [3, 3],
      ]),
    ).toBe(0);
    expect(
      clearance(g, [
        [1, 0.5],
        [3, 0.5],
      ]),
    ).toBe(1); // a cell from (2, 2) and from the top border
    expect(
      clearance(g, [
        [1, 3],
        [3, 1],
      ]),
    ).toBe(0);
    expect(clearance(g, [[1.25, 1.25]])).toBeCloseTo(0.25 * Math.SQRT2, 15); // to the corner (1.5, 1.5) of (2, 2)
  });
  it("exceeds r along every leg the thick test passes", () => {
    fc.assert(
      fc.property(
        gridRows(0.15),
        anyPoint,
        anyPoint,
        fc.double({ min: 0.01, max: 1, noNaN: true }),
        (rows, a, b, r) => {
          const g = gridFromRows(rows);
          if (lineOfSight(g, a, b, r)) expect(clearance(g, [a, b])).toBeGreaterThan(r);
        },
      ),
      RUNS,
    );
  });
  it("refuses an empty path", () => {
    expect(() => clearance(OPEN, [])).toThrow(/path.clearance: points is empty/);
  });
});

describe("path.smoothPath", () => {
  const walls = ["..........", "....#.....", "....#..#..", "....#..#..", ".......#.."];
  it("keeps the waypoint before the first one out of sight, and tests the last leg", () => {
    // The goal (2, 1) sits just past the corner of (1, 1): from (0, 2) it is out of sight, (2, 2) is not.
    const g = gridFromRows(["...", ".#.", "..."]);
    const raw: GridPoint[] = [
      [0, 2],
      [1, 2],
      [2, 2],
      [2, 1],
    ];
    const clear = (a: GridPoint, b: GridPoint) => lineOfSight(g, a, b);
    expect(smoothPath(raw, clear)).toEqual([
      [0, 2],
      [2, 2],
      [2, 1],
    ]);
    expect(blogSmoothPath(raw, clear)).toEqual([
      [0, 2],
      [2, 1],
    ]);
    expect(clear([0, 2], [2, 1])).toBe(false);
  });
  it("has the four properties on A* paths through random grids: subsequence, ends kept, legs clear, never longer", () => {
    fc.assert(
      fc.property(gridRows(0.25), fc.double({ min: 0, max: 0.45, noNaN: true }), (rows, r) => {
        const g = gridFromRows(rows);
        const raw = aStar(g, [0, 0], [g.width - 1, g.height - 1]);
        if (!raw || !raw.every((p, k) => k === 0 || lineOfSight(g, raw[k - 1]!, p, r))) return;
        const clear = (a: GridPoint, b: GridPoint) => lineOfSight(g, a, b, r);
        const smooth = smoothPath(raw, clear);
        expect(smoothingProblem(raw, smooth, clear)).toBeUndefined();
        expect(pathLength(smooth)).toBeLessThanOrEqual(pathLength(raw) + 1e-12);
      }),
      RUNS,
    );
  });
  it("works in any dimension and collapses a clear path to its ends", () => {
    const raw = [
      [0, 0, 0],
      [1, 1, 1],
      [2, 2, 2],
      [3, 3, 5],
    ];
    expect(smoothPath(raw, () => true)).toEqual([
      [0, 0, 0],
      [3, 3, 5],
    ]);
    expect(smoothPath([[7]], () => true)).toEqual([[7]]);
    expect(
      smoothPath(
        [
          [1, 2],
          [1, 2],
        ],
        () => true,
      ),
    ).toEqual([
      [1, 2],
      [1, 2],
    ]);
  });
  it("never changes its input and returns new arrays", () => {
    const raw: GridPoint[] = [
      [0, 0],
      [1, 0],
      [2, 0],
    ];
    const copy = structuredClone(raw);
    const out = smoothPath(raw, () => true);
    expect(raw).toEqual(copy);
    expect(out[0]).not.toBe(raw[0]);
  });
  it("throws when a raw leg itself is not clear, naming it", () => {
    const g = gridFromRows(walls);
    expect(() =>
      smoothPath(
        [
          [3, 1],
          [5, 1],
        ],
        (a, b) => lineOfSight(g, a as GridPoint, b as GridPoint),
      ),
    ).toThrow(/waypoints\[0\] to waypoints\[1\] is not clear/);
  });
  it("refuses no waypoints, mixed dimensions and NaN", () => {
    expect(() => smoothPath([], () => true)).toThrow(/path.smoothPath: waypoints is empty/);
    expect(() =>
      smoothPath(
        [
          [0, 0],
          [1, 0, 0],
        ],
        () => true,
      ),
    ).toThrow(/waypoints\[1\] is not a point/);
    expect(() =>
      smoothPath(
        [
          [0, 0],
          [NaN, 0],
        ],
        () => true,
      ),
    ).toThrow(/waypoints\[1\]\[0\] must be finite/);
  });
});

describe("path.blogSmoothPath", () => {
  it("returns the one waypoint twice, and leaves the last leg untested", () => {
    expect(blogSmoothPath([[3, 4]], () => true)).toEqual([
      [3, 4],
      [3, 4],
    ]);
    let tested = 0;
    blogSmoothPath([[0], [1], [2]], () => (tested++, true));
    expect(tested).toBe(1); // only waypoint 1 was tested; the leg to the goal never was
  });
});

describe("path.pathLength", () => {
  it("adds the legs in any dimension", () => {
    expect(
      pathLength([
        [0, 0],
        [3, 4],
        [3, 0],
      ]),
    ).toBe(9);
    expect(pathLength([[0], [2], [-1]])).toBe(5);
    expect(
      pathLength([
        [0, 0, 0, 0],
        [1, 1, 1, 1],
      ]),
    ).toBe(2);
  });
  it("is 0 for no points, one point and repeated points", () => {
    expect(pathLength([])).toBe(0);
    expect(pathLength([[1, 2]])).toBe(0);
    expect(
      pathLength([
        [1, 2],
        [1, 2],
      ]),
    ).toBe(0);
  });
  it("neither overflows nor underflows", () => {
    expect(
      pathLength([
        [0, 0],
        [3e200, 4e200],
      ]),
    ).toBeCloseTo(5e200, -188);
    expect(
      pathLength([
        [0, 0],
        [3e-200, 4e-200],
      ]) / 5e-200,
    ).toBeCloseTo(1, 14);
  });
  it("is the triangle inequality's friend: dropping a point never makes a path longer", () => {
    const point = fc.tuple(
      fc.double({ min: -10, max: 10, noNaN: true }),
      fc.double({ min: -10, max: 10, noNaN: true }),
    );
    fc.assert(
      fc.property(fc.array(point, { minLength: 3, maxLength: 8 }), fc.nat(), (ps, k) => {
        const drop = 1 + (k % (ps.length - 2));
        const shorter = ps.filter((_, m) => m !== drop);
        expect(pathLength(shorter)).toBeLessThanOrEqual(pathLength(ps) * (1 + TIGHT.rtol) + TIGHT.atol);
      }),
      RUNS,
    );
  });
  it("refuses mixed dimensions and NaN", () => {
    expect(() => pathLength([[0, 0], [1]])).toThrow(/path.pathLength: points\[1\] is not a point/);
    expect(() => pathLength([[0, Infinity]])).toThrow(/points\[0\]\[1\] must be finite/);
  });
});

describe("path.aStar", () => {
  it("finds a shortest 8-connected path without cutting corners", () => {
    expect(aStar(gridFromRows([".#.", "..."]), [0, 0], [2, 0])).toEqual([[0, 0], [0, 1], [1, 1], [2, 1], [2, 0]]); // prettier-ignore
    const p = aStar(OPEN, [0, 0], [3, 2])!;
    expect(pathLength(p)).toBeCloseTo(1 + 2 * Math.SQRT2, 12);
  });
  it("returns [start] at the goal and null with no way through", () => {
    expect(aStar(OPEN, [1, 1], [1, 1])).toEqual([[1, 1]]);
    expect(aStar(gridFromRows([".#."]), [0, 0], [2, 0])).toBeNull();
    expect(aStar(gridFromRows(["#.."]), [0, 0], [2, 0])).toBeNull();
    expect(aStar(OPEN, [0, 0], [9, 9])).toBeNull();
  });
  it("makes every move with line of sight", () => {
    fc.assert(
      fc.property(gridRows(0.3), (rows) => {
        const g = gridFromRows(rows);
        const p = aStar(g, [0, 0], [g.width - 1, g.height - 1]);
        if (p) p.slice(1).forEach((q, k) => expect(lineOfSight(g, p[k]!, q)).toBe(true));
      }),
      RUNS,
    );
  });
  it("refuses cells that are not integers", () => {
    expect(() => aStar(OPEN, [0.5, 0], [1, 1])).toThrow(/path.aStar: start must be a cell/);
  });
});

describe("path.smoothingProblem", () => {
  const raw: GridPoint[] = [
    [0, 0],
    [1, 0],
    [2, 0],
    [2, 1],
  ];
  it("accepts any valid smoothing and names the first broken property", () => {
    expect(
      smoothingProblem(
        raw,
        [
          [0, 0],
          [2, 1],
        ],
        () => true,
      ),
    ).toBeUndefined();
    expect(
      smoothingProblem(
        raw,
        [
          [0, 0],
          [1, 0],
          [2, 1],
        ],
        () => true,
      ),
    ).toBeUndefined();
    expect(
      smoothingProblem(
        raw,
        [
          [0, 0],
          [2, 0],
        ],
        () => true,
      ),
    ).toMatch(/does not end/);
    expect(
      smoothingProblem(
        raw,
        [
          [1, 0],
          [2, 1],
        ],
        () => true,
      ),
    ).toMatch(/does not start/);
    expect(
      smoothingProblem(
        raw,
        [
          [0, 0],
          [2, 0],
          [1, 0],
          [2, 1],
        ],
        () => true,
      ),
    ).toMatch(/not a later waypoint/);
    expect(
      smoothingProblem(
        raw,
        [
          [0, 0],
          [2, 1],
        ],
        () => false,
      ),
    ).toMatch(/is not clear/);
  });
});
