/**
 * The chapters' prose states numbers and signs; each one is computed here with `lib/`, and the text of
 * the notebook is checked to say what the numbers say (issue 8 §5, issue 9 §4).
 */

import { readFileSync, readdirSync, existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  type EulerFrame,
  type EulerOrder,
  type Mat3,
  type Vec3,
  axisAngle,
  euler,
  mat3,
  scalar,
  vec3,
} from "../../lib/index.ts";
import { formatDifference } from "../../notebooks/figures/matrix.ts";
import { CHAIN, TIGHT } from "../helpers/tolerance.ts";

const notebooksDir = join(import.meta.dirname, "../../notebooks");
const chapters = readdirSync(notebooksDir)
  .filter((f) => /^0[1-6]-.*\.html$/.test(f))
  .sort();
const source = (prefix: string): string =>
  readFileSync(
    join(
      notebooksDir,
      chapters.find((f) => f.startsWith(prefix))!,
    ),
    "utf8",
  );
const maxDiff = (a: ArrayLike<number>, b: ArrayLike<number>) =>
  Math.max(...Array.from(a, (x, i) => Math.abs(x - b[i]!)));
const deg = scalar.degToRad;

describe("chapter 01, drift by adding derivatives (R += [ω]× R dt)", () => {
  /** The lecture's "gradually rotate a matrix by adding derivatives": Euler's method on Ṙ = [ω]× R. */
  function addDerivatives(axis: Vec3, angleRad: number, steps: number): Mat3 {
    const omega = mat3.crossMatrix(vec3.scale(vec3.normalize(axis), angleRad));
    let r = mat3.identity();
    for (let k = 0; k < steps; k++) {
      const dr = mat3.multiply(omega, r);
      r = r.map((x, i) => x + dr[i]!) as Mat3;
    }
    return r;
  }
  const r = addDerivatives([0.3, 1, 0.5], deg(1), 1000);

  it("at 1° a step, 1000 steps give ‖RᵀR − I‖_F ≈ 0.5035 and det ≈ 1.3560", () => {
    expect(mat3.orthonormalityError(r)).toBeCloseTo(0.5035, 4);
    expect(mat3.determinant(r)).toBeCloseTo(1.356, 4);
  });

  it("matches the closed forms det = (1 + φ²)^k and ‖RᵀR − I‖_F = √2((1 + φ²)^k − 1), for any axis", () => {
    const grow = (1 + deg(1) ** 2) ** 1000;
    for (const axis of [
      [0.3, 1, 0.5],
      [0, 0, 1],
      [1, -2, 0.1],
    ] as Vec3[]) {
      const m = addDerivatives(axis, deg(1), 1000);
      expect(scalar.approxEqual(mat3.determinant(m), grow, CHAIN)).toBe(true);
      expect(scalar.approxEqual(mat3.orthonormalityError(m), Math.SQRT2 * (grow - 1), CHAIN)).toBe(true);
    }
  });

  it("measures with the Frobenius norm, as the chapter says", () => {
    const p = mat3.multiply(mat3.transpose(r), r);
    const frobenius = Math.sqrt(p.reduce((s, x, i) => s + (x - (i % 4 === 0 ? 1 : 0)) ** 2, 0));
    expect(mat3.orthonormalityError(r)).toBe(frobenius);
  });

  it("is stated from live cells next to the float32 product drift", () => {
    const text = source("01");
    expect(text).toContain("adding derivatives");
    expect(text).toMatch(/derivativeError1000\.toFixed\(4\)/);
    expect(text).toMatch(/derivativeDet1000\.toFixed\(4\)/);
    expect(text).toContain("Frobenius");
  });
});

describe("chapter 01, an axis along ±Y", () => {
  it("bites only formulas that divide: atan2(−a_x, a_z) gives β = 0 by itself", () => {
    for (const ay of [1, -1]) {
      const [ax, , az]: Vec3 = [0, ay, 0];
      const d = Math.hypot(ax, az);
      expect(Math.atan2(-ax, az) + 0).toBe(0); // −0 at −a_x = −0: still zero
      expect(Math.acos(az / d)).toBeNaN();
      expect(Math.asin(-ax / d)).toBeNaN();
      expect(Math.atan(-ax / az)).toBeNaN();
      const five = axisAngle.viaCanonicalRotations([0, ay, 0], 1);
      expect(five.angleY).toBe(0);
      expect(five.angleX).toBe((ay * Math.PI) / 2);
      expect(maxDiff(five.product, axisAngle.toMat3([0, ay, 0], 1))).toBeLessThan(CHAIN.atol);
    }
  });
  it("is explained in section 3", () => {
    const text = source("01");
    expect(text).toMatch(/This case bites\s+only if β is computed from a \*ratio\*/);
    expect(text).toContain("returns 0 by");
  });
  it("lists the five steps as five items", () => {
    expect(source("01")).toMatch(/\n\s+4\. undo step 2;\n\s+5\. undo step 1\./);
  });
});

describe("chapter 02, fact 2.1: the sign of δ", () => {
  const E = (x: number, y: number, z: number) => euler.toMat3([deg(x), deg(y), deg(z)], "XYZ", "extrinsic"); // Rz·Ry·Rx
  const cases = [
    [20, 50, 35],
    [10, -30, 70],
    [-120, 160, -45],
  ];

  it.each(cases)(
    "at θy = +90°, (θx + δ, 90°, θz + δ) is the same matrix, (θx − δ, 90°, θz + δ) is not (%d, %d, %d)",
    (x, z, d) => {
      expect(maxDiff(E(x + d, 90, z + d), E(x, 90, z))).toBeLessThan(TIGHT.atol);
      expect(maxDiff(E(x - d, 90, z + d), E(x, 90, z))).toBeGreaterThan(0.1);
    },
  );
  it.each(cases)("at θy = −90°, the sign flips: (θx − δ, −90°, θz + δ) is the same matrix (%d, %d, %d)", (x, z, d) => {
    expect(maxDiff(E(x - d, -90, z + d), E(x, -90, z))).toBeLessThan(TIGHT.atol);
    expect(maxDiff(E(x + d, -90, z + d), E(x, -90, z))).toBeGreaterThan(0.1);
  });
  it("says +δ to θx at +90° (not ∓δ)", () => {
    const text = source("02");
    expect(text).not.toContain("\\mp\\delta$ to $\\theta_x$");
    expect(text).toContain("$+\\delta$ to $\\theta_x$ at $\\theta_y = +90°$");
  });
});

describe("chapter 02, gimbal lock: the first and third sliders turn about the same line", () => {
  /** Which of a₀ + a₂ ("same" sense) or a₀ − a₂ ("opposite") survives at a lock. */
  const sense = (order: EulerOrder, frame: EulerFrame, middleDeg: number) => {
    const at = (a: number, c: number) => euler.toMat3([deg(30 + a), deg(middleDeg), deg(20 + c)], order, frame);
    if (maxDiff(at(20, -20), at(0, 0)) < TIGHT.atol) return "same";
    if (maxDiff(at(20, 20), at(0, 0)) < TIGHT.atol) return "opposite";
    return "neither";
  };
  it("for the default gimbal (intrinsic ZYX) at +90°, in opposite senses; at −90°, in the same sense", () => {
    expect(sense("ZYX", "intrinsic", 90)).toBe("opposite");
    expect(sense("ZYX", "intrinsic", -90)).toBe("same");
  });
  it.each(euler.ORDERS.flatMap((o) => (["intrinsic", "extrinsic"] as const).map((f) => [o, f] as const)))(
    "%s %s: at each lock one of the two combinations survives, and the two locks differ",
    (order, frame) => {
      const [a, b] = euler.isProperEuler(order) ? [0, 180] : [90, -90];
      expect(sense(order, frame, a)).not.toBe("neither");
      expect(sense(order, frame, b)).not.toBe("neither");
      expect(sense(order, frame, a)).not.toBe(sense(order, frame, b));
    },
  );
  it("no longer says the sliders 'do the same thing'", () => {
    const text = source("02");
    expect(text).not.toMatch(/sliders do the same\s+thing/);
    expect(text).toContain("about the **same line**");
  });
});

describe("chapter 03, the axis of a tiny composed rotation", () => {
  const n: Vec3 = [2 / 3, -1 / 3, 2 / 3];
  const theta = 1e-10;
  it("is exact when the matrix is built from the pair", () => {
    expect(vec3.angleBetween(axisAngle.fromMat3(axisAngle.toMat3(n, theta)).axis, n)).toBeLessThan(TIGHT.atol);
  });
  it("is off by ~1e-16/θ when the matrix is a product; the angle and the matrix are fine", () => {
    const m = mat3.multiply(axisAngle.toMat3(n, 1 + theta), mat3.transpose(axisAngle.toMat3(n, 1)));
    const back = axisAngle.fromMat3(m);
    const axisError = vec3.angleBetween(back.axis, n);
    expect(axisError).toBeGreaterThan(1e-8);
    expect(axisError).toBeLessThan(1e-5);
    expect(Math.abs(back.angle - theta)).toBeLessThan(1e-15);
    expect(maxDiff(m, axisAngle.toMat3(n, theta))).toBeLessThan(TIGHT.atol);
  });
  it("is stated from a live cell, without the old claim that the axis is fine", () => {
    const text = source("03");
    expect(text).not.toMatch(/The axis is fine:/);
    expect(text).toContain("tinyComposed.axisError.toExponential(1)");
  });
});

describe("chapter 06, one letter per quantity", () => {
  it("calls 1/tan(φ/2) g, keeping f for the far distance", () => {
    const text = source("06");
    expect(text).not.toMatch(/f = 1\/\\tan/);
    expect(text).toContain("$g = 1/\\tan(\\phi/2)$");
  });
});

// ── Chapters 07–10, corrections after review (issue 19) ───────────────────────────────────────────────────────
/** The text of the chapter whose file name starts with `prefix` (any chapter, not only 01–06). */
const chapterSource = (prefix: string): string =>
  readFileSync(
    join(
      notebooksDir,
      readdirSync(notebooksDir).find((f) => f.startsWith(prefix) && f.endsWith(".html"))!,
    ),
    "utf8",
  );

describe("chapter 07, after review (issue 19)", () => {
  const text = chapterSource("07");
  it("calls the half-turn stall the global minimum of tr(RᵀM), not a saddle (fact 7.4)", () => {
    expect(text).not.toMatch(/the identity is a saddle/);
    expect(text).not.toMatch(/saddle's push/);
    expect(text).toContain("**global minimum**");
  });
  it("says the sign costs 2σ₃ of the trace and 4σ₃ of the squared distance, computed live (fact 7.6)", () => {
    expect(text).not.toContain("farther than the reflection by the 2σ₃");
    expect(text).toContain("(4 * s[2]).toFixed(4)");
    expect(text).toMatch(/squaredRise76\.toFixed\(4\)/);
  });
  it("qualifies 'det(UVᵀ) is fixed by M' to invertible M", () => {
    expect(text).not.toMatch(/is fixed by \$M\$, not by our choice/);
    expect(text).toContain("For an invertible $M$ it is fixed by $M$");
  });
  it("calls Müller's step about ⅔ of a Newton step, and the 1e-9 guard a mend", () => {
    expect(text).not.toMatch(/almost a\s+Newton step/);
    expect(text).toContain("about ⅔ of a Newton");
    expect(text).toContain("this course's mend");
  });
  it("says ‖MᵀM − I‖ measures distance from orthonormal, 0 for a reflection", () => {
    expect(text).not.toContain("measure how far a matrix is from a rotation ($");
    expect(text).toContain("which is 0 for a reflection too");
  });
  it("answers the blog's 'The Future?' question live (fact 7.5), and covers torque averaging and mesh deformation", () => {
    expect(text).toContain('"The Future?"');
    expect(text).toMatch(/fact75\.blogWorstDeg\.toFixed\(2\)/);
    expect(text).toContain("**The same step averages rotations.**");
    expect(text).toContain("**And it drives mesh deformation.**");
  });
});

describe("chapter 08, after review (issue 19)", () => {
  const text = chapterSource("08");
  it("teaches the sign fix for all flat data, not only mirror images, with a live count (fact 8.5)", () => {
    expect(text).toContain("**Not only for mirror images.**");
    expect(text).toMatch(/\$\{fact85\.reflections\}/);
  });
  it("states the line threshold in length units, with fact 8.6 live", () => {
    expect(text).not.toContain("a point $10^{-12}$ off the line makes a bowl");
    expect(text).toContain("$\\sqrt{s_1/s_0} \\le 10^{-7}$");
    expect(text).toMatch(/\$\{fact86\.rotationErr\.toExponential\(1\)\}/);
  });
  it("says the blog's Kabsch demo warm-starts and only its shape matching is cold", () => {
    expect(text).not.toContain("9\n    steps from the identity every time");
    expect(text).toContain("a warm start");
    expect(text).toContain("Only its\n    shape-matching demo (ShapeMatching.js) restarts from the identity");
  });
  it.each([
    ["03-rmsd.ts", "sections 2, 4 and 7"],
    ["04-kabsch.ts", "sections 1–6"],
    ["05-umeyama-scale.ts", "section 6"],
  ])("exercise %s points to the chapter's %s", (file, sections) => {
    for (const tree of ["exercises", "solutions"].filter((t) => existsSync(join(notebooksDir, "..", t)))) {
      const header = readFileSync(join(notebooksDir, "..", tree, "08-kabsch", file), "utf8").slice(0, 200);
      expect(header).toContain(`(chapter 08, ${sections})`);
    }
    expect(text).toContain("## 6. Weights, and Umeyama's scale");
    expect(text).toContain("## 7. How good is a fit? RMSD against noise");
  });
});

describe("chapter 10, after review (issue 19)", () => {
  const text = chapterSource("10");
  it("qualifies 'FABRIK cannot do a hinge' with constrained FABRIK (Aristidou and Lasenby)", () => {
    expect(text).not.toContain("What it cannot do is a hinge");
    expect(text).toContain("FABRIK\n    with joint constraints (Aristidou and Lasenby, 2011)");
    expect(text).toContain("const hingedFabrik = "); // and shows it, live
  });
  it("says FABRIK stalls on a collinear chain too, with fact 10.5 live", () => {
    expect(text).toContain("FABRIK stalls the same way");
    expect(text).toMatch(/\$\{fact105\.fabrik\[0\]\.toFixed\(3\)\}/);
  });
  it("has the blog's 'Bonus: Direction' and simulated annealing, with fact 10.6 live", () => {
    expect(text).toContain("## 7. Bonus: a direction as well as a point");
    expect(text).toContain("**Simulated annealing.**");
    expect(text).toMatch(/\$\{dirFact\.positionOnlyOffDeg\.toFixed\(1\)\}/);
  });
});

describe("sources and forward pointers", () => {
  it.each(chapters)("%s ends with its sources, naming the lecture in full", (name) => {
    const text = readFileSync(join(notebooksDir, name), "utf8");
    expect(text).toContain("## Sources and further reading");
    expect(text).toContain("Introduction to Computer Graphics (CS 445/645), Lecture 10: Transformations");
    expect(text.lastIndexOf("## Sources and further reading")).toBeGreaterThan(text.lastIndexOf("## Summary"));
  });
  it.each(chapters)("%s names the blogs it draws on", (name) => {
    const text = readFileSync(join(notebooksDir, name), "utf8");
    if (/\bblog's\b/.test(text)) expect(text).toMatch(/Kiyoung Moon's graphics blog|Johnathon Selstad/);
  });
  it.each([...chapters, "index.html"])(
    "%s points forward only to chapters that exist, or says they are in preparation",
    (name) => {
      const text = readFileSync(join(notebooksDir, name), "utf8");
      const existing = new Set(readdirSync(notebooksDir).map((f) => f.slice(0, 2)));
      for (const match of text.matchAll(/[Cc]hapters? (0[7-9]|1[0-5])\b/g)) {
        const around = text.slice(match.index!, match.index! + 120);
        if (!existing.has(match[1]!)) expect(around, `"${around}"`).toContain("in preparation");
      }
      for (const match of text.matchAll(/\b(0[7-9]|1[0-5])[–-](0[7-9]|1[0-5])\b/g)) {
        const [from, to] = [Number(match[1]), Number(match[2])];
        const missing = Array.from({ length: to - from + 1 }, (_, k) => String(from + k).padStart(2, "0")).filter(
          (n) => !existing.has(n),
        );
        const around = text.slice(Math.max(0, match.index! - 120), match.index! + 120);
        if (missing.length) expect(around, `"${around}"`).toContain("in preparation");
      }
    },
  );
});

describe("formatDifference", () => {
  it("says 'exactly equal' for 0 and prints other differences in exponent notation", () => {
    expect(formatDifference(0)).toBe("exactly equal");
    expect(formatDifference(1.1102230246251565e-16)).toBe("1.1e-16");
  });
});
