import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Quat, type Vec3, quat, trackball, vec3 } from "../../lib/index.ts";
import { RUNS, unitQuat } from "../helpers/arbitraries.ts";
import { CHAIN, TIGHT } from "../helpers/tolerance.ts";

type Point = trackball.ScreenPoint;
const RIM = Math.SQRT1_2;

/** A screen point in the square [−size, size]². */
const screen = (size = 1.5): fc.Arbitrary<Point> =>
  fc.tuple(
    fc.double({ min: -size, max: size, noNaN: true }),
    fc.double({ min: -size, max: size, noNaN: true }),
  ) as fc.Arbitrary<Point>;
/** A drag: 2 … 40 pointer positions. */
const path = (size = 1.5) => fc.array(screen(size), { minLength: 2, maxLength: 40 });
/** The angle between the ball points of two screen points. */
const arc = (a: Point, b: Point, options?: trackball.BallOptions) =>
  vec3.angleBetween(trackball.ballPoint(a, options), trackball.ballPoint(b, options));
const ownAngle = (q: Quat) => 2 * Math.atan2(Math.hypot(q[0], q[1], q[2]), q[3]);

describe("trackball.screenPoint", () => {
  it("puts the centre at (0, 0), y up, and half the shorter side at 1", () => {
    expect(trackball.screenPoint(400, 300, 800, 600)).toEqual([0, 0]);
    expect(trackball.screenPoint(400, 0, 800, 600)).toEqual([0, 1]); // top edge
    expect(trackball.screenPoint(0, 600, 800, 600)).toEqual([-4 / 3, -1]); // bottom-left of a wide canvas
    expect(trackball.screenPoint(300, 0, 300, 900)).toEqual([1, 3]); // top-right of a tall canvas
  });
  it("refuses NaN coordinates and empty canvases", () => {
    expect(() => trackball.screenPoint(Number.NaN, 0, 10, 10)).toThrow(/trackball\.screenPoint: px/);
    expect(() => trackball.screenPoint(0, 0, 0, 10)).toThrow(RangeError);
  });
});

describe("trackball.ballPoint", () => {
  it("returns a unit vector facing the viewer (z ≥ 0) in the vertical plane through the point", () => {
    fc.assert(
      fc.property(screen(50), fc.constantFrom<trackball.BallMapping>("bell", "shoemake"), (p, mapping) => {
        const b = trackball.ballPoint(p, { mapping });
        expect(vec3.length(b)).toBeCloseTo(1, 14);
        expect(b[2]).toBeGreaterThanOrEqual(0);
        expect(b[0] * p[1] - b[1] * p[0]).toBeCloseTo(0, 14); // (b_x, b_y) ∥ (x, y)
        expect(b[0] * p[0] + b[1] * p[1]).toBeGreaterThanOrEqual(0); // … and on the same side
      }),
      RUNS,
    );
  });
  it("maps the centre straight at the viewer", () => {
    expect(trackball.ballPoint([0, 0])).toEqual([0, 0, 1]);
    expect(trackball.ballPoint([0, 0], { mapping: "shoemake", radius: 0.3 })).toEqual([0, 0, 1]);
  });
  it("lies on the sphere inside the rim: the point under the cursor, (x, y, √(r² − d²))/r", () => {
    fc.assert(
      fc.property(screen(0.7), fc.double({ min: 0.2, max: 3, noNaN: true }), (p, r) => {
        fc.pre(Math.hypot(...p) <= 0.7 * r); // inside the rim r/√2 ≈ 0.707r
        const expected: Vec3 = [p[0] / r, p[1] / r, Math.sqrt(r * r - p[0] ** 2 - p[1] ** 2) / r];
        expect(trackball.ballPoint(p, { radius: r })).toBeCloseToVec(expected, CHAIN);
      }),
      RUNS,
    );
  });
  it("lies on Bell's hyperbola z = r²/(2d) outside the rim, normalized", () => {
    expect(trackball.ballPoint([1, 0])).toBeCloseToVec(vec3.normalize([1, 0, 0.5]), TIGHT);
    expect(trackball.ballPoint([-1, 1])).toBeCloseToVec(vec3.normalize([-1, 1, 1 / (2 * Math.SQRT2)]), TIGHT);
    expect(trackball.ballPoint([0, -2], { radius: 2 })).toBeCloseToVec(vec3.normalize([0, -2, 1]), TIGHT);
  });
  it("meets the hyperbola at the rim d = r/√2 with the same point and the same slope (continuity at the rim)", () => {
    for (const angle of [0, 0.3, 1, 2, 3, -2.5]) {
      const at = (d: number): Point => [d * Math.cos(angle), d * Math.sin(angle)];
      const inside = trackball.ballPoint(at(RIM * (1 - 1e-12)));
      const outside = trackball.ballPoint(at(RIM * (1 + 1e-12)));
      expect(vec3.distance(inside, outside)).toBeLessThan(1e-11);
      expect(trackball.ballPoint(at(RIM))).toBeCloseToVec(
        [0.5 * Math.cos(angle) * Math.SQRT2, 0.5 * Math.sin(angle) * Math.SQRT2, RIM],
        TIGHT,
      );
      // The lifted height z(d) has slope −1 on both sides: its one-sided difference quotients agree.
      const h = 1e-5;
      const lift = (d: number) => (d <= RIM ? Math.sqrt(1 - d * d) : 1 / (2 * d));
      expect((lift(RIM) - lift(RIM - h)) / h).toBeCloseTo(-1, 4);
      expect((lift(RIM + h) - lift(RIM)) / h).toBeCloseTo(-1, 4);
    }
  });
  it("is continuous everywhere: nearby screen points map to nearby ball points", () => {
    fc.assert(
      fc.property(screen(3), fc.double({ min: -1e-7, max: 1e-7, noNaN: true }), (p, e) => {
        const q: Point = [p[0] + e, p[1] - e];
        expect(vec3.distance(trackball.ballPoint(p), trackball.ballPoint(q))).toBeLessThanOrEqual(
          3 * Math.abs(e) + 1e-15,
        );
      }),
      RUNS,
    );
  });
  it("tends to the silhouette (x, y, 0)/d far outside, without overflow at 1e200", () => {
    expect(trackball.ballPoint([1e6, 0])).toBeCloseToVec([1, 0, 5e-13], TIGHT);
    expect(trackball.ballPoint([3e200, -4e200])).toBeCloseToVec([0.6, -0.8, 0], TIGHT);
    expect(trackball.ballPoint([1e-200, 0])).toEqual([1e-200, 0, 1]);
  });
  it("with Shoemake's plain projection, lies on the sphere up to d = r and on the silhouette beyond", () => {
    expect(trackball.ballPoint([0.8, 0], { mapping: "shoemake" })).toBeCloseToVec([0.8, 0, 0.6], TIGHT);
    expect(trackball.ballPoint([0, 1], { mapping: "shoemake" })).toEqual([0, 1, 0]);
    expect(trackball.ballPoint([3, 4], { mapping: "shoemake" })).toEqual([0.6, 0.8, 0]);
    expect(trackball.rimRadius({ mapping: "shoemake", radius: 2 })).toBe(2);
  });
  it("scales with the radius: ballPoint(p, {radius: r}) = ballPoint(p/r)", () => {
    fc.assert(
      fc.property(screen(3), fc.double({ min: 0.1, max: 10, noNaN: true }), (p, r) => {
        expect(trackball.ballPoint(p, { radius: r })).toBeCloseToVec(trackball.ballPoint([p[0] / r, p[1] / r]), CHAIN);
      }),
      RUNS,
    );
  });
  it("refuses non-finite points, a bad radius and an unknown mapping, naming them", () => {
    expect(() => trackball.ballPoint([Number.NaN, 0])).toThrow(/trackball\.ballPoint: point\[0\]/);
    expect(() => trackball.ballPoint([0, Infinity])).toThrow(/point\[1\]/);
    expect(() => trackball.ballPoint([0, 0], { radius: 0 })).toThrow(/radius/);
    expect(() => trackball.ballPoint([0, 0], { radius: -1 })).toThrow(RangeError);
    expect(() => trackball.ballPoint([0, 0], { mapping: "gltb" as trackball.BallMapping })).toThrow(/mapping/);
  });
});

describe("trackball.arcball", () => {
  it("is exactly the identity for a drag of zero length", () => {
    fc.assert(
      fc.property(screen(5), (p) => {
        expect(trackball.arcball(p, p)).toEqual([0, 0, 0, 1]);
      }),
      RUNS,
    );
  });
  it("is p₁·p₀* of the ball points as pure quaternions", () => {
    fc.assert(
      fc.property(screen(), screen(), (a, b) => {
        const p0 = trackball.ballPoint(a);
        const p1 = trackball.ballPoint(b);
        const product = quat.multiply([...p1, 0], quat.conjugate([...p0, 0]));
        expect(trackball.arcball(a, b)).toBeCloseToVec(product, TIGHT);
      }),
      RUNS,
    );
  });
  it("turns about p₀ × p₁ by twice the angle between the ball points: p₀ lands on its mirror image through p₁", () => {
    fc.assert(
      fc.property(screen(), screen(), (a, b) => {
        const q = trackball.arcball(a, b);
        expect(quat.length(q)).toBeCloseTo(1, 15);
        expect(ownAngle(q)).toBeCloseTo(2 * arc(a, b), 12);
        const p0 = trackball.ballPoint(a);
        const p1 = trackball.ballPoint(b);
        const mirror = vec3.sub(vec3.scale(p1, 2 * vec3.dot(p0, p1)), p0);
        expect(quat.rotateVec3(q, p0)).toBeCloseToVec(mirror, CHAIN);
      }),
      RUNS,
    );
  });
  it("composes along a path: arcball(b, c)·arcball(a, b) = arcball(a, c)", () => {
    fc.assert(
      fc.property(screen(), screen(), screen(), (a, b, c) => {
        const chained = quat.multiply(trackball.arcball(b, c), trackball.arcball(a, b));
        expect(chained).toBeSameRotation(trackball.arcball(a, c), 1e-14);
      }),
      RUNS,
    );
  });
  it("turns the front toward the drag: right is about +Y, up is about −X, 60° for centre → (0.5, 0)", () => {
    expect(trackball.arcball([0, 0], [0.5, 0])).toBeSameRotation(quat.fromAxisAngle([0, 1, 0], Math.PI / 3), 1e-15);
    expect(trackball.arcball([0, 0], [0, 0.5])).toBeSameRotation(quat.fromAxisAngle([-1, 0, 0], Math.PI / 3), 1e-15);
  });
  it("for a drag through the centre, turns about an axis in the screen plane", () => {
    fc.assert(
      fc.property(screen(), fc.double({ min: 0.05, max: 3, noNaN: true }), (p, k) => {
        fc.pre(Math.hypot(...p) > 1e-3);
        const q = trackball.arcball(p, [-k * p[0], -k * p[1]]);
        expect(Math.abs(q[2])).toBeLessThan(1e-15); // 0 but for the rounding of −k·p
      }),
      RUNS,
    );
  });
  it("turns by nearly 360° — nearly not at all — for a drag from one side of the ball to the other", () => {
    const q = trackball.arcball([-1e6, 0], [1e6, 0]);
    expect(q[3]).toBeCloseTo(-1, 12);
    expect(quat.angleBetween(q, quat.identity())).toBeLessThan(1e-11);
  });
});

describe("trackball.trackballStep", () => {
  it("is exactly the identity for a step of zero length", () => {
    expect(trackball.trackballStep([0.3, -0.2], [0.3, -0.2])).toEqual([0, 0, 0, 1]);
  });
  it("takes the previous ball point onto the current one by the angle between them (the grabbed point follows)", () => {
    fc.assert(
      fc.property(screen(), screen(), (a, b) => {
        const q = trackball.trackballStep(a, b);
        expect(quat.rotateVec3(q, trackball.ballPoint(a))).toBeCloseToVec(trackball.ballPoint(b), CHAIN);
        expect(quat.toAxisAngle(q).angle).toBeCloseTo(arc(a, b), 12);
      }),
      RUNS,
    );
  });
  it("turns half as far as the arcball for the same two points", () => {
    expect(trackball.trackballStep([0, 0], [0.5, 0])).toBeSameRotation(
      quat.fromAxisAngle([0, 1, 0], Math.PI / 6),
      1e-15,
    );
    const step = trackball.trackballStep([0.1, 0.4], [-0.3, 0.2]);
    expect(quat.multiply(step, step)).toBeSameRotation(trackball.arcball([0.1, 0.4], [-0.3, 0.2]), 1e-14);
  });
  it("turns opposite points of Shoemake's silhouette by a half turn onto each other", () => {
    const q = trackball.trackballStep([2, 0], [-2, 0], { mapping: "shoemake" });
    expect(quat.rotateVec3(q, [1, 0, 0])).toBeCloseToVec([-1, 0, 0], TIGHT);
    expect(quat.toAxisAngle(q).angle).toBeCloseTo(Math.PI, 14);
  });
});

describe("trackball.drag", () => {
  it("with the arcball, depends on the two ends only (path independence)", () => {
    fc.assert(
      fc.property(path(), path(), unitQuat, (p, detour, start) => {
        const other = [p[0]!, ...detour, p.at(-1)!];
        const a = trackball.drag(p, "arcball", { start }).at(-1)!;
        const b = trackball.drag(other, "arcball", { start }).at(-1)!;
        expect(a).toBeSameRotation(b, 1e-14);
        expect(a).toBeSameRotation(quat.multiply(trackball.arcball(p[0]!, p.at(-1)!), start), 1e-14);
      }),
      RUNS,
    );
  });
  it("with the arcball, a closed drag returns exactly to the start", () => {
    fc.assert(
      fc.property(path(), unitQuat, (p, start) => {
        const closed = [...p, p[0]!];
        expect(trackball.drag(closed, "arcball", { start }).at(-1)).toBeSameRotation(start, 1e-15);
      }),
      RUNS,
    );
  });
  it("with the incremental trackball, a closed drag ends turned by its holonomy about the press point", () => {
    fc.assert(
      fc.property(path(1), unitQuat, (p, start) => {
        const closed = [...p, p[0]!];
        const end = trackball.drag(closed, "incremental", { start }).at(-1)!;
        expect(end).toBeSameRotation(quat.multiply(trackball.holonomyRotation(closed), start), 1e-12);
      }),
      RUNS,
    );
  });
  it("composes each step after the orientation so far (view coordinates)", () => {
    const start = quat.fromAxisAngle([1, 2, 3], 0.7);
    const [, one] = trackball.drag(
      [
        [0, 0],
        [0.4, 0.1],
      ],
      "incremental",
      { start },
    );
    expect(one).toBeSameRotation(quat.multiply(trackball.trackballStep([0, 0], [0.4, 0.1]), start), 1e-15);
  });
  it("returns one orientation per pointer position, [start] for a press without a move", () => {
    const start = quat.fromAxisAngle([0, 0, 1], 1);
    expect(trackball.drag([[0.2, 0.2]], "incremental", { start })).toEqual([start]);
    expect(trackball.drag(trackball.circlePath([0, 0], 0.5, 12), "arcball")).toHaveLength(13);
  });
  it("stays unit length over a long drag (renormalized at every step)", () => {
    const long = trackball.circlePath([0.1, 0], 0.6, 20_000);
    const end = trackball.drag(long, "incremental").at(-1)!;
    expect(quat.length(end)).toBeCloseTo(1, 15);
  });
  it("refuses an empty path and an unknown method", () => {
    expect(() => trackball.drag([], "arcball")).toThrow(/trackball\.drag: path is empty/);
    expect(() => trackball.drag([[0, 0]], "orbit" as trackball.DragMethod)).toThrow(/method/);
  });
});

describe("trackball.circlePath", () => {
  it("is closed exactly and runs counter-clockwise on the screen from center + (radius, 0)", () => {
    const c = trackball.circlePath([0.1, -0.2], 0.5, 8);
    expect(c).toHaveLength(9);
    expect(c[0]).toEqual([0.6, -0.2]);
    expect(c[8]).toEqual(c[0]);
    expect(c[2]).toBeCloseToVec([0.1, 0.3], TIGHT); // a quarter of the way: straight up
  });
  it("refuses a negative radius and a non-integer number of steps", () => {
    expect(() => trackball.circlePath([0, 0], -1, 8)).toThrow(/radius/);
    expect(() => trackball.circlePath([0, 0], 1, 2.5)).toThrow(/steps/);
  });
});

describe("trackball.loopSolidAngle", () => {
  it("is π/2 for the octant, −π/2 the other way round, 0 below three points", () => {
    const octant: Vec3[] = [
      [1, 0, 0],
      [0, 1, 0],
      [0, 0, 1],
    ];
    expect(trackball.loopSolidAngle(octant)).toBeCloseTo(Math.PI / 2, 15);
    expect(trackball.loopSolidAngle([...octant].reverse())).toBeCloseTo(-Math.PI / 2, 15);
    expect(trackball.loopSolidAngle(octant.slice(0, 2))).toBe(0);
    expect(trackball.loopSolidAngle([])).toBe(0);
  });
  it("approaches the cap's 2π(1 − cos α) for a fine circle of latitude", () => {
    const alpha = 0.6;
    const ring = Array.from({ length: 2001 }, (_, k): Vec3 => {
      const t = (2 * Math.PI * k) / 2000;
      return [Math.sin(alpha) * Math.cos(t), Math.sin(alpha) * Math.sin(t), Math.cos(alpha)];
    });
    expect(trackball.loopSolidAngle(ring)).toBeCloseTo(2 * Math.PI * (1 - Math.cos(alpha)), 5);
  });
});

describe("trackball.holonomy", () => {
  it("is about the press point's ball direction, by about the cap 2π(1 − cos α) for a centred circle", () => {
    const h = trackball.holonomy(trackball.circlePath([0, 0], 0.5, 720));
    expect(h.axis).toBeCloseToVec([0.5, 0, Math.sqrt(0.75)], TIGHT);
    expect(h.angle).toBeCloseTo(2 * Math.PI * (1 - Math.sqrt(0.75)), 4);
  });
  it("is zero for a drag that never moves, and for a drag back and forth along one line", () => {
    expect(trackball.holonomyRotation(trackball.circlePath([0.3, 0.3], 0, 8))).toEqual([0, 0, 0, 1]);
    expect(
      trackball.holonomy([
        [0, 0],
        [0.5, 0.2],
        [0, 0],
      ]).angle,
    ).toBe(0);
  });
  it("refuses an empty path", () => {
    expect(() => trackball.holonomy([])).toThrow(RangeError);
  });
});
