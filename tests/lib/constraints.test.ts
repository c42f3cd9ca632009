import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Vec3, constraints, vec3 } from "../../lib/index.ts";
import { RUNS, vector } from "../helpers/arbitraries.ts";

describe("constraints.constrainDistance", () => {
  it("lands `distance` from the anchor, on the ray from the anchor through the point", () => {
    fc.assert(
      fc.property(vector, vector, fc.double({ min: 0, max: 100, noNaN: true }), (p, a, d) => {
        fc.pre(vec3.distance(p, a) > 1e-9);
        const q = constraints.constrainDistance(p, a, d);
        expect(vec3.distance(q, a)).toBeCloseTo(d, 12);
        if (d > 1e-6) expect(vec3.angleBetween(vec3.sub(q, a), vec3.sub(p, a))).toBeLessThan(1e-7);
      }),
      RUNS,
    );
  });
  it("pushes a point on its anchor along +x (or the given fallback), never NaN", () => {
    expect(constraints.constrainDistance([1, 2, 3], [1, 2, 3], 2)).toEqual([3, 2, 3]);
    expect(constraints.constrainDistance([0, 0, 0], [0, 0, 0], 1, [0, 0, -5])).toEqual([0, 0, -1]);
  });
  it("keeps a direction for a point 1e-200 from its anchor", () => {
    expect(constraints.constrainDistance([1e-200, 0, 0], [0, 0, 0], 1)).toEqual([1, 0, 0]);
  });
  it("refuses NaN, a negative distance and a zero fallback", () => {
    expect(() => constraints.constrainDistance([NaN, 0, 0], [0, 0, 0], 1)).toThrow(RangeError);
    expect(() => constraints.constrainDistance([1, 0, 0], [0, 0, 0], -1)).toThrow(/distance/);
    expect(() => constraints.constrainDistance([0, 0, 0], [0, 0, 0], 1, [0, 0, 0])).toThrow(/fallback/);
  });
});

/** Rounding of a few products and sums of coordinates ≤ ~100: a few ulps, with room. */
const ROUNDING = 1e-12;

const parabola = (x0: Vec3, v0: Vec3, a: Vec3, t: number): Vec3 =>
  [0, 1, 2].map((i) => x0[i]! + v0[i]! * t + 0.5 * a[i]! * t * t) as Vec3;

describe("constraints.verletStep", () => {
  it("follows a parabola exactly from two exact positions (fact 11.2's invariant)", () => {
    fc.assert(
      fc.property(vector, vector, vector, fc.double({ min: 1e-3, max: 0.1, noNaN: true }), (x0, v0, a, dt) => {
        let state = { positions: [parabola(x0, v0, a, dt)], previous: [x0] };
        for (let k = 2; k <= 40; k++) {
          state = constraints.verletStep(state.positions, state.previous, a, dt);
          const exact = parabola(x0, v0, a, k * dt);
          expect(vec3.distance(state.positions[0]!, exact)).toBeLessThan(ROUNDING * 100 * (1 + vec3.length(exact)));
        }
      }),
      { numRuns: 100 },
    );
  });
  it("keeps a particle at rest exactly where it is, far from the origin", () => {
    const p: Vec3 = [1e8 + 0.1, -3.3, 7];
    expect(constraints.verletStep([p], [p], [0, 0, 0], 0.01).positions).toEqual([p]);
  });
  it("returns the current positions as the next previous ones, and changes no input", () => {
    const x: Vec3[] = [[0, 1, 0], [2, 0, 0]]; // prettier-ignore
    const xp: Vec3[] = [[0, 1, 0], [1, 0, 0]]; // prettier-ignore
    const copy = structuredClone([x, xp]);
    const s = constraints.verletStep(
      x,
      xp,
      [
        [0, -10, 0],
        [0, 0, 0],
      ],
      0.1,
    );
    expect(s.positions[0]![1]).toBeCloseTo(0.9, 15);
    expect(s.positions[1]).toEqual([3, 0, 0]);
    expect(s.previous).toEqual(x);
    expect(s.previous[0]).not.toBe(x[0]);
    expect([x, xp]).toEqual(copy);
  });
  it("with dt = 0 keeps the velocity and adds no acceleration", () => {
    expect(constraints.verletStep([[1, 0, 0]], [[0, 0, 0]], [0, -10, 0], 0).positions).toEqual([[2, 0, 0]]);
  });
  it("refuses NaN, mismatched lists and a negative dt, naming the argument", () => {
    expect(() => constraints.verletStep([[NaN, 0, 0]], [[0, 0, 0]], [0, 0, 0], 1)).toThrow(
      /verletStep: positions\[0\]/,
    );
    expect(() => constraints.verletStep([[0, 0, 0]], [], [0, 0, 0], 1)).toThrow(/previous/);
    expect(() => constraints.verletStep([[0, 0, 0]], [[0, 0, 0]], [[0, 0, 0], [0, 0, 0]], 1)).toThrow(/acceleration/); // prettier-ignore
    expect(() => constraints.verletStep([[0, 0, 0]], [[0, 0, 0]], [0, Infinity, 0], 1)).toThrow(RangeError);
    expect(() => constraints.verletStep([[0, 0, 0]], [[0, 0, 0]], [0, 0, 0], -1)).toThrow(/dt/);
  });
});

const chain = (n: number, stretch: number): Vec3[] => Array.from({ length: n }, (_, i) => [stretch * i, 0, 0]);

describe("constraints.solveDistances", () => {
  /** The solver as its doc comment states it, one vec3 tuple per step: the oracle of the in-place one, bit for bit. */
  function textbook(positions: Vec3[], links: constraints.Link[], o: constraints.SolveOptions): Vec3[] {
    const w = positions.map((_, i) => (o.pinned?.includes(i) ? 0 : (o.inverseMasses?.[i] ?? 1)));
    const x = positions.map((p) => [...p] as Vec3);
    const k = o.stiffness ?? 1;
    const correction = (l: constraints.Link) => {
      const d = vec3.sub(x[l.b]!, x[l.a]!);
      const len = vec3.length(d);
      return vec3.scale(
        len === 0 ? constraints.COINCIDENT_DIRECTION : vec3.normalize(d),
        (k * (len - l.length)) / (w[l.a]! + w[l.b]!),
      );
    };
    for (let it = 0; it < o.iterations; it++) {
      const sum = x.map((): Vec3 => [0, 0, 0]);
      const count = x.map(() => 0);
      for (const l of links) {
        if (w[l.a]! + w[l.b]! === 0) continue;
        const c = correction(l);
        if (o.method === "gauss-seidel") {
          x[l.a] = vec3.add(x[l.a]!, vec3.scale(c, w[l.a]!));
          x[l.b] = vec3.sub(x[l.b]!, vec3.scale(c, w[l.b]!));
        } else {
          if (w[l.a]) ((sum[l.a] = vec3.add(sum[l.a]!, vec3.scale(c, w[l.a]!))), count[l.a]!++);
          if (w[l.b]) ((sum[l.b] = vec3.sub(sum[l.b]!, vec3.scale(c, w[l.b]!))), count[l.b]!++);
        }
      }
      if (o.method === "jacobi")
        for (let i = 0; i < x.length; i++) if (count[i]) x[i] = vec3.add(x[i]!, vec3.scale(sum[i]!, 1 / count[i]!));
    }
    return x;
  }
  it("gives the textbook solver's numbers bit for bit (either method, masses, pins, stiffness, coincident ends)", () => {
    const link = (n: number) =>
      fc.record({ a: fc.nat(n - 1), b: fc.nat(n - 1), length: fc.double({ min: 0, max: 3, noNaN: true }) });
    const problem = fc.integer({ min: 2, max: 9 }).chain((n) =>
      fc.record({
        positions: fc.array(vector, { minLength: n, maxLength: n }),
        links: fc.array(link(n), { minLength: 1, maxLength: 12 }),
        opts: fc.record({
          iterations: fc.integer({ min: 0, max: 6 }),
          method: fc.constantFrom("gauss-seidel" as const, "jacobi" as const),
          pinned: fc.array(fc.nat(n - 1), { maxLength: 2 }),
          stiffness: fc.constantFrom(1, 0.5, 0.37),
          inverseMasses: fc.option(fc.array(fc.constantFrom(0, 0.5, 1, 3), { minLength: n, maxLength: n }), {
            nil: undefined,
          }),
        }),
        coincide: fc.boolean(),
      }),
    );
    fc.assert(
      fc.property(problem, ({ positions, links, opts, coincide }) => {
        if (coincide) positions[1] = [...positions[0]!];
        expect(constraints.solveDistances(positions, links, opts)).toStrictEqual(textbook(positions, links, opts));
      }),
      RUNS,
    );
  });
  const methods = ["gauss-seidel", "jacobi"] as const;
  it.each(methods)("%s: one link with a pinned end puts the free end exactly on the rest length", (method) => {
    const x = constraints.solveDistances([[0, 0, 0], [3, 4, 0]], [{ a: 0, b: 1, length: 1 }], { iterations: 1, method, pinned: [0] }); // prettier-ignore
    expect(x[0]).toEqual([0, 0, 0]);
    expect(vec3.distance(x[1]!, [0.6, 0.8, 0])).toBeLessThan(ROUNDING);
  });
  it.each(methods)("%s: two free ends move half each — the midpoint stays, the length is exact", (method) => {
    fc.assert(
      fc.property(vector, vector, fc.double({ min: 0.01, max: 20, noNaN: true }), (a, b, len) => {
        const [p, q] = constraints.solveDistances([a, b], [{ a: 0, b: 1, length: len }], { iterations: 1, method });
        expect(vec3.distance(p!, q!)).toBeCloseTo(len, 10);
        expect(vec3.distance(vec3.lerp(p!, q!, 0.5), vec3.lerp(a, b, 0.5))).toBeLessThan(1e-10);
      }),
      RUNS,
    );
  });
  it.each(methods)("%s: pushes coincident particles apart along +x, never NaN", (method) => {
    const x = constraints.solveDistances([[1, 1, 1], [1, 1, 1]], [{ a: 0, b: 1, length: 2 }], { iterations: 1, method }); // prettier-ignore
    expect(x).toEqual([[0, 1, 1], [2, 1, 1]]); // prettier-ignore
  });
  it.each(methods)("%s: pinned particles never move, and a fully pinned link is skipped", (method) => {
    const start = chain(6, 1.5);
    const x = constraints.solveDistances(start, constraints.chainLinks(6, 1), {
      iterations: 7,
      method,
      pinned: [0, 5],
    });
    expect(x[0]).toEqual(start[0]);
    expect(x[5]).toEqual(start[5]);
    const both = constraints.solveDistances(start.slice(0, 2), [{ a: 0, b: 1, length: 1 }], { iterations: 3, method, pinned: [0, 1] }); // prettier-ignore
    expect(both).toEqual(start.slice(0, 2));
  });
  it.each(methods)("%s: converges on a stretched rope with one end pinned", (method) => {
    const links = constraints.chainLinks(10, 1);
    const x = constraints.solveDistances(chain(10, 1.5), links, { iterations: 3000, method, pinned: [0] });
    expect(constraints.maxLengthError(x, links)).toBeLessThan(1e-9);
  });
  it("Jacobi does not depend on the order of the links; Gauss–Seidel does", () => {
    const links = constraints.chainLinks(10, 1);
    const reversed = [...links].reverse();
    const opts = { iterations: 10, pinned: [0] } as const;
    const j1 = constraints.solveDistances(chain(10, 1.5), links, { ...opts, method: "jacobi" });
    const j2 = constraints.solveDistances(chain(10, 1.5), reversed, { ...opts, method: "jacobi" });
    j1.forEach((p, i) => expect(vec3.distance(p, j2[i]!)).toBeLessThan(ROUNDING * 10));
    const g1 = constraints.solveDistances(chain(10, 1.5), links, { ...opts, method: "gauss-seidel" });
    const g2 = constraints.solveDistances(chain(10, 1.5), reversed, { ...opts, method: "gauss-seidel" });
    expect(vec3.distance(g1[9]!, g2[9]!)).toBeGreaterThan(0.1);
  });
  it("with stiffness k a lone link keeps (1 − k)ⁿ of its error after n iterations", () => {
    const x = constraints.solveDistances(
      [
        [0, 0, 0],
        [2, 0, 0],
      ],
      [{ a: 0, b: 1, length: 1 }],
      {
        iterations: 3,
        method: "gauss-seidel",
        pinned: [0],
        stiffness: 0.5,
      },
    );
    expect(x[1]![0]).toBeCloseTo(1 + 0.5 ** 3, 14);
  });
  it("does nothing in 0 iterations, and changes no input", () => {
    const start = chain(4, 2);
    const copy = structuredClone(start);
    const x = constraints.solveDistances(start, constraints.chainLinks(4, 1), { iterations: 0, method: "jacobi" });
    expect(x).toEqual(start);
    expect(x[0]).not.toBe(start[0]);
    constraints.solveDistances(start, constraints.chainLinks(4, 1), { iterations: 5, method: "gauss-seidel" });
    expect(start).toEqual(copy);
  });
  it("refuses bad indices, lengths, counts, methods and stiffness, naming them", () => {
    const p = chain(2, 1);
    const one = [{ a: 0, b: 1, length: 1 }];
    const gs = { iterations: 1, method: "gauss-seidel" } as const;
    expect(() => constraints.solveDistances(p, [{ a: 0, b: 2, length: 1 }], gs)).toThrow(/links\[0\]\.b/);
    expect(() => constraints.solveDistances(p, [{ a: 0, b: 1, length: -1 }], gs)).toThrow(/length/);
    expect(() => constraints.solveDistances(p, one, { ...gs, iterations: 1.5 })).toThrow(/iterations/);
    expect(() => constraints.solveDistances(p, one, { iterations: 1, method: "sor" as "jacobi" })).toThrow(/method/);
    expect(() => constraints.solveDistances(p, one, { ...gs, stiffness: 0 })).toThrow(/stiffness/);
    expect(() => constraints.solveDistances(p, one, { ...gs, pinned: [3] })).toThrow(/pinned/);
    expect(() => constraints.solveDistances([[0, NaN, 0]], [], gs)).toThrow(/positions\[0\]/);
  });
});

describe("constraints.chainLinks, maxLengthError, stiffnessPerIteration", () => {
  it("builds n − 1 links in order", () => {
    expect(constraints.chainLinks(3, 0.5)).toEqual([{ a: 0, b: 1, length: 0.5 }, { a: 1, b: 2, length: 0.5 }]); // prettier-ignore
    expect(constraints.chainLinks(1, 1)).toEqual([]);
    expect(() => constraints.chainLinks(0, 1)).toThrow(/count/);
  });
  it("measures the largest relative error", () => {
    expect(constraints.maxLengthError(chain(4, 1.5), constraints.chainLinks(4, 1))).toBe(0.5);
    expect(constraints.maxLengthError(chain(2, 1), [{ a: 0, b: 1, length: 0 }])).toBe(1);
    expect(constraints.maxLengthError(chain(2, 1), [])).toBe(0);
    expect(() => constraints.maxLengthError(chain(2, 1), [{ a: 0, b: 5, length: 1 }])).toThrow(RangeError);
  });
  it("gives the per-iteration stiffness whose n-fold application is the overall one", () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: 1, max: 100 }), (overall, n) => {
        const k = constraints.stiffnessPerIteration(overall, n);
        expect(k).toBeGreaterThanOrEqual(0);
        expect(k).toBeLessThanOrEqual(1);
        expect(1 - (1 - k) ** n).toBeCloseTo(overall, 12);
      }),
      RUNS,
    );
    expect(constraints.stiffnessPerIteration(0.75, 2)).toBe(0.5);
    expect(() => constraints.stiffnessPerIteration(1.5, 2)).toThrow(/overall/);
    expect(() => constraints.stiffnessPerIteration(0.5, 0)).toThrow(/iterations/);
  });
});

describe("constraints.collideSphere and collidePlane", () => {
  it("leaves a point on or outside the sphere exactly where it is", () => {
    fc.assert(
      fc.property(vector, vector, fc.double({ min: 0, max: 5, noNaN: true }), (p, c, r) => {
        fc.pre(vec3.distance(p, c) >= r);
        expect(constraints.collideSphere(p, c, r)).toEqual(p);
      }),
      RUNS,
    );
  });
  it("moves a point inside to the nearest surface point, along the ray from the centre", () => {
    fc.assert(
      fc.property(vector, vector, (c, offset) => {
        const r = vec3.length(offset) * 1.5;
        const q = constraints.collideSphere(vec3.add(c, offset), c, r);
        expect(vec3.distance(q, c)).toBeCloseTo(r, 10);
        expect(vec3.angleBetween(vec3.sub(q, c), offset)).toBeLessThan(1e-7);
      }),
      RUNS,
    );
  });
  it("pushes a point at the centre along +x, as constrainDistance does, and keeps a direction 1e-200 from it", () => {
    expect(constraints.collideSphere([1, 2, 3], [1, 2, 3], 2)).toEqual([3, 2, 3]);
    expect(constraints.collideSphere([1, 2, 3], [1, 2, 3], 2)).toEqual(
      constraints.constrainDistance([1, 2, 3], [1, 2, 3], 2),
    );
    expect(constraints.collideSphere([1, 2, 3], [1, 2, 3], 2, [0, 1, 0])).toEqual([1, 4, 3]);
    expect(constraints.collideSphere([1e-200, 0, 0], [0, 0, 0], 1)).toEqual([1, 0, 0]);
    expect(() => constraints.collideSphere([0, 0, 0], [0, 0, 0], -1)).toThrow(/radius/);
    expect(() => constraints.collideSphere([0, 0, NaN], [0, 0, 0], 1)).toThrow(/collideSphere: point/);
  });
  it("puts a point below a floor on it, and leaves one above unchanged", () => {
    expect(constraints.collidePlane([1, -0.5, 2], [0, 1, 0], 0)).toEqual([1, 0, 2]);
    expect(constraints.collidePlane([1, -1.3, 2], [0, 5, 0], -1.2)).toEqual([1, -1.2, 2]);
    expect(constraints.collidePlane([1, 0.5, 2], [0, 1, 0], 0)).toEqual([1, 0.5, 2]);
    fc.assert(
      fc.property(vector, vector, fc.double({ min: -5, max: 5, noNaN: true }), (p, n, offset) => {
        const q = constraints.collidePlane(p, n, offset);
        expect(vec3.dot(vec3.normalize(n), q)).toBeGreaterThanOrEqual(offset - 1e-12);
        expect(vec3.length(vec3.cross(vec3.sub(q, p), n))).toBeLessThan(1e-9);
      }),
      RUNS,
    );
    expect(() => constraints.collidePlane([0, 0, 0], [0, 0, 0], 0)).toThrow(/normal/);
  });
});

describe("constraints.separatePair", () => {
  it("moves overlapping balls apart symmetrically to exactly the distance", () => {
    fc.assert(
      fc.property(vector, vector, (a, b) => {
        const d = vec3.distance(a, b) * 1.7 + 0.1;
        const [p, q] = constraints.separatePair(a, b, d);
        expect(vec3.distance(p, q)).toBeCloseTo(d, 10);
        expect(vec3.distance(vec3.lerp(p, q, 0.5), vec3.lerp(a, b, 0.5))).toBeLessThan(1e-10);
      }),
      RUNS,
    );
    expect(constraints.separatePair([0, 0, 0], [1, 0, 0], 2)).toEqual([[-0.5, 0, 0], [1.5, 0, 0]]); // prettier-ignore
  });
  it("leaves balls that do not overlap alone, and parts coincident ones along +x", () => {
    expect(constraints.separatePair([0, 0, 0], [3, 0, 0], 2)).toEqual([[0, 0, 0], [3, 0, 0]]); // prettier-ignore
    expect(constraints.separatePair([0, 0, 0], [0, 0, 0], 2)).toEqual([[-1, 0, 0], [1, 0, 0]]); // prettier-ignore
    expect(() => constraints.separatePair([0, 0, 0], [0, 0, 0], NaN)).toThrow(/distance/);
  });
});
