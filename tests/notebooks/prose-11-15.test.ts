/**
 * Chapters 11–15 state numbers and conventions in prose; each is computed here with `lib/` and the notebook's
 * text is checked to say what the numbers say (issue 19). Kept apart from `prose.test.ts` (chapters 01–06).
 */

import { readFileSync, readdirSync, existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type Vec3, axisAngle, constraints, mat3, path, random, sdf, segments, vec3 } from "../../lib/index.ts";
import { PATH_EXAMPLE } from "../../notebooks/figures/path-example.ts";

const notebooksDir = join(import.meta.dirname, "../../notebooks");
const source = (prefix: string): string =>
  readFileSync(
    join(
      notebooksDir,
      readdirSync(notebooksDir).find((f) => f.startsWith(`${prefix}-`))!,
    ),
    "utf8",
  );
/** The trees of `trees` this copy has: the student edition has no solutions/. */
const present = (...trees: string[]) => trees.filter((t) => existsSync(join(import.meta.dirname, "../..", t)));
const exercise = (tree: string, chapter: string, name: string): string => {
  const dir = join(import.meta.dirname, "../..", tree);
  const folder = readdirSync(dir).find((f) => f.startsWith(`${chapter}-`))!;
  return readFileSync(
    join(
      dir,
      folder,
      readdirSync(join(dir, folder)).find((f) => f.startsWith(name))!,
    ),
    "utf8",
  );
};

describe("chapter 11, one fallback direction for a point at a centre", () => {
  it("is +x in constrainDistance and collideSphere alike", () => {
    expect(constraints.collideSphere([1, 2, 3], [1, 2, 3], 2)).toEqual([3, 2, 3]);
    expect(constraints.constrainDistance([1, 2, 3], [1, 2, 3], 2)).toEqual([3, 2, 3]);
  });
  it("is +x in the chapter and in exercises 11.1 and 11.5, and +y nowhere", () => {
    expect(source("11")).toContain("The course chooses one, **+x**");
    for (const tree of present("exercises", "solutions")) {
      expect(exercise(tree, "11", "05")).toContain("pushed along +x");
      expect(exercise(tree, "11", "05")).not.toMatch(/\+y/);
      expect(exercise(tree, "11", "01")).toMatch(/\+x/);
    }
  });
});

describe("chapter 12, n·n against the textbook denominator |d₁|²|d₂|² − (d₁·d₂)²", () => {
  /** The Gram determinant computed exactly: every double here is an integer multiple of 2⁻⁸⁰. */
  const exactGram = (a: Vec3, b: Vec3): number => {
    const [A, B] = [a, b].map((u) => u.map((x) => BigInt(x * 2 ** 80)));
    const dot = (u: bigint[], v: bigint[]) => u[0]! * v[0]! + u[1]! * v[1]! + u[2]! * v[2]!;
    return Number(dot(A!, A!) * dot(B!, B!) - dot(A!, B!) ** 2n) / 2 ** 320;
  };
  const worst = (theta: number) => {
    const rng = random.seeded(12);
    let [textbook, nn] = [0, 0];
    for (let k = 0; k < 200; k++) {
      const a = random.unitVector(rng);
      const axis = vec3.normalize(vec3.cross(a, random.unitVector(rng)));
      const b = vec3.scale(mat3.transformVec3(axisAngle.toMat3(axis, theta), a), random.uniform(rng, 0.5, 2));
      const exact = exactGram(a, b);
      const n = vec3.cross(a, b);
      textbook = Math.max(textbook, Math.abs(vec3.dot(a, a) * vec3.dot(b, b) - vec3.dot(a, b) ** 2 - exact) / exact);
      nn = Math.max(nn, Math.abs(vec3.dot(n, n) - exact) / exact);
    }
    return { textbook, nn };
  };
  it("both lose digits: about ε/sin²θ for the textbook form, ε/sinθ for n·n (half as many)", () => {
    for (const theta of [1e-2, 1e-4, 1e-6]) {
      const { textbook, nn } = worst(theta);
      expect(textbook * theta ** 2).toBeGreaterThan(Number.EPSILON / 4);
      expect(textbook * theta ** 2).toBeLessThan(8 * Number.EPSILON);
      expect(nn * theta).toBeGreaterThan(Number.EPSILON / 8);
      expect(nn * theta).toBeLessThan(4 * Number.EPSILON);
    }
    // The chapter's numbers: ~1e-8 against ~1e-12 at 1e-4 rad, ~1e-4 against ~1e-10 at 1e-6 rad.
    expect(Math.round(Math.log10(worst(1e-4).textbook))).toBe(-7);
    expect(Math.round(Math.log10(worst(1e-4).nn))).toBe(-12);
    expect(Math.round(Math.log10(worst(1e-6).textbook))).toBe(-3);
    expect(Math.round(Math.log10(worst(1e-6).nn))).toBe(-10);
  });
  it("the chapter says half as many digits, not none", () => {
    const text = source("12");
    expect(text).not.toMatch(/loses its digits; \$\\mathbf n\\cdot\\mathbf n\$ does not/);
    expect(text).toContain("loses **half as many digits**, not none");
  });
});

describe("chapter 12, ex. 12.5's promise for nearly parallel cores", () => {
  it("is the library's PARALLEL_SINE bound: cores crossing at sin θ = PARALLEL_SINE come out ≤ ~1e-12 of their length apart", () => {
    const phi = segments.PARALLEL_SINE;
    const c: Vec3 = [0.5 - 1.5 * Math.cos(phi), -1.5 * Math.sin(phi), 0];
    const d: Vec3 = [0.5 + 0.5 * Math.cos(phi), 0.5 * Math.sin(phi), 0];
    const r = segments.closestPointsOnSegments([-1, 0, 0], [1, 0, 0], c, d);
    expect(r.distance).toBeLessThanOrEqual(2 * phi); // the cores cross: the truth is 0; lengths are 2
    expect(r.distance).toBeLessThan(1e-9); // the exercise's tolerance
  });
  it("the stub promises that bound, not 'no more than rounding'", () => {
    for (const tree of present("exercises", "solutions")) {
      const text = exercise(tree, "12", "05");
      expect(text).not.toContain("by more than rounding");
      expect(text).toContain("`segments.PARALLEL_SINE` (1e-12)");
    }
  });
});

describe("chapter 13, the blog's ray–sphere arithmetic", () => {
  /** The miss² of a unit-direction ray from `o` past the origin, two ways. */
  const missBy = (o: Vec3, d: Vec3) => {
    const along = -vec3.dot(o, d);
    const nearest = vec3.add(o, vec3.scale(d, along));
    return { projected: vec3.dot(nearest, nearest), cancelling: vec3.dot(o, o) - along * along };
  };
  it("projecting the centre onto the ray (the blog's) keeps the miss where |m|² − along² cancels", () => {
    const d = vec3.normalize([1, 1e-3, 0]);
    for (const far of [1e4, 1e6]) {
      // A ray passing exactly 0.6 from the centre: o = −far·d + 0.6·(a unit vector ⟂ d).
      const side = vec3.normalize([-d[1], d[0], 0]);
      const o = vec3.add(vec3.scale(d, -far), vec3.scale(side, 0.6));
      const { projected, cancelling } = missBy(o, d);
      expect(Math.abs(projected - 0.36)).toBeLessThan(1e-9);
      expect(Math.abs(cancelling - 0.36)).toBeGreaterThan(100 * Math.abs(projected - 0.36));
    }
  });
  it("the chapter's transcription projects, as the blog does, and says so", () => {
    const text = source("13");
    expect(text).toContain("the centre projected onto the ray");
    expect(text).not.toContain("vec3.dot(so, so) - along * along");
    expect(text).toContain("Its arithmetic is sound");
  });
});

describe("chapter 14, corrections", () => {
  const text = () => source("14");
  it("the 'unit cube' of section 1 is the box of half-size 1: √2 at (2, 2, 0)", () => {
    expect(sdf.box([0, 0, 0], [1, 1, 1])([2, 2, 0])).toBeCloseTo(Math.SQRT2, 15);
    expect(sdf.box([0, 0, 0], [0.5, 0.5, 0.5])([2, 2, 0])).not.toBeCloseTo(Math.SQRT2, 3); // the true unit cube
    expect(text()).not.toMatch(/unit cube/);
    for (const tree of present("exercises", "solutions", "tests/exercises"))
      for (const name of ["01", "03", "05"]) expect(exercise(tree, "14", name)).not.toMatch(/unit cube/);
  });
  it("step scale 0.5 costs about twice the steps only for grazing rays: head-on, 2 → 17", () => {
    const ball = sdf.sphere([0, 0, 5], 1);
    const steps = (x: number, stepScale: number) =>
      sdf.march(ball, [x, 0, 0], [0, 0, 1], { epsilon: 1e-4, stepScale }).steps;
    expect([steps(0, 1), steps(0, 0.5)]).toEqual([2, 17]);
    expect([steps(0.999, 1), steps(0.999, 0.5)]).toEqual([80, 165]);
    expect(text()).not.toContain("about twice at 0.5");
    expect(text()).toContain(
      "(80 → 165 for fact 14.2's ray at 0.999), but a head-on one, which hit in 2, now takes 17",
    );
  });
  it("exercises 14.2 and 14.4 point to the sections that teach them (1: combining shapes; 6: normals)", () => {
    expect(text()).toMatch(/## 1\. Signed distances[\s\S]*\*\*Combining shapes\.\*\*[\s\S]*## 2\./);
    expect(text()).toContain("## 6. Normals from the gradient");
    for (const tree of present("exercises", "solutions")) {
      expect(exercise(tree, "14", "02")).toContain("(chapter 14, section 1)");
      expect(exercise(tree, "14", "04")).toContain("(chapter 14, section 6)");
    }
  });
  it("ex. 14.5's bound is exact on the sphere's shortest axis, but short everywhere for its plane", () => {
    const s: Vec3 = [1, 0.5, 1];
    const bound = (p: Vec3) => sdf.plane([1, 1, 0], 0)([p[0] / s[0], p[1] / s[1], p[2] / s[2]]) * Math.min(...s);
    const truth = (p: Vec3) => (p[0] + 2 * p[1]) / Math.sqrt(5); // the squashed plane is x + 2y = 0
    expect(bound([1, 1, 0])).toBeCloseTo(3 / (2 * Math.SQRT2), 15);
    expect(truth([1, 1, 0])).toBeCloseTo(3 / Math.sqrt(5), 15);
    const rng = random.seeded(145);
    for (let k = 0; k < 20; k++) {
      const p: Vec3 = [random.uniform(rng, 0.1, 5), random.uniform(rng, 0.1, 5), random.uniform(rng, -5, 5)];
      expect(bound(p) / truth(p)).toBeCloseTo(Math.sqrt(5) / (2 * Math.SQRT2), 12); // 0.79: exact nowhere
    }
    expect(sdf.scaled(sdf.sphere([0, 0, 0], 1), [2, 0.5, 1])([0, 3, 0])).toBe(2.5); // the sphere: exact on its axis
    for (const tree of present("exercises", "solutions")) {
      expect(exercise(tree, "14", "05")).not.toContain("and is exact along the axis of the smallest factor");
      expect(exercise(tree, "14", "05")).toContain("for a plane it can be short everywhere");
    }
  });
});

describe("chapter 15, corrections", () => {
  /** The chapter's example map (notebooks/figures/path-example.ts). */
  const grid = path.gridFromRows(PATH_EXAMPLE.rows);
  const raw = path.aStar(grid, PATH_EXAMPLE.start, PATH_EXAMPLE.goal)!;
  const text = () => source("15");
  it("the blog's last leg (10, 9)–(15, 8) is at height 8.2 at x = 14", () => {
    const y = 9 + ((14 - 10) / (15 - 10)) * (8 - 9);
    expect(y).toBeCloseTo(8.2, 15);
    expect(text()).toContain("$y = 9 - \\tfrac45 = 8.2$ as it passes $x = 14$");
    expect(text()).not.toContain("y \\approx 8.1");
  });
  it("the thin path's clearance 1/√212 is at the corner (5.5, 7.5), not (6.5, 7.5)", () => {
    const thin = path.smoothPath(raw, (a, b) => path.lineOfSight(grid, a, b));
    expect(thin.slice(0, 2)).toEqual([[0, 9], [7, 7]]); // prettier-ignore
    const toLeg = (c: [number, number]) => segments.closestPointOnSegment([c[0], c[1], 0], [0, 9, 0], [7, 7, 0]).point;
    expect(vec3.distance(toLeg([5.5, 7.5]), [5.5, 7.5, 0])).toBeCloseTo(1 / Math.sqrt(212), 14);
    expect(vec3.distance(toLeg([6.5, 7.5]), [6.5, 7.5, 0])).toBeGreaterThan(0.3);
    expect(path.clearance(grid, thin)).toBeCloseTo(1 / Math.sqrt(212), 12);
    expect(text()).toContain("(5.5, 7.5) of the obstacle (6, 8)");
    expect(text()).not.toContain("(6.5, 7.5)");
  });
  it("clearance ≥ r by construction needs r < ½: raw legs keep exactly ½, and at r = ½ smoothing refuses", () => {
    expect(path.clearance(grid, raw)).toBe(0.5);
    const thick = (r: number) => path.smoothPath(raw, (a, b) => path.lineOfSight(grid, a, b, r));
    expect(path.clearance(grid, thick(0.49))).toBeGreaterThanOrEqual(0.49);
    expect(() => thick(0.5)).toThrow(/raw leg/);
    expect(text()).toContain("**as long as $r < \\tfrac12$**");
    expect(text()).toContain("why the radius\n    slider stops at 0.49");
    expect(text()).toContain("plan on obstacles grown by $r$");
    expect(text()).toMatch(/Inputs\.range\(\[0\.05, 0\.49\]/);
  });
});
