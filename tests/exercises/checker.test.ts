/**
 * The student's checker, in either edition: on the untouched course every exercise is "not started";
 * a solution in place of a stub turns its row "passed"; a wrong answer reads as input, expected, got and
 * an error in degrees.
 */

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checkExercises } from "../../tools/check.ts";
import { allExercises, findIn, loadCourse } from "../../tools/course/course.ts";
import { evaluate } from "../../tools/course/evaluate.ts";
import { courseTable, exerciseDetail } from "../../tools/course/report.ts";
import { fromRoot } from "../../tools/notebook-kit/kit.ts";

const course = await loadCourse();

describe("npm run check", () => {
  it("shows every exercise of the untouched course as not started", { timeout: 120_000 }, async () => {
    const { results } = await checkExercises(
      course,
      allExercises(course).map((e) => e.id),
      { saveProgress: false },
    );
    expect([...results.values()].filter((r) => r.status !== "not started").map((r) => r.id)).toEqual([]);
    const table = courseTable(course, results);
    for (const e of allExercises(course)) expect(table).toMatch(new RegExp(`${e.id}\\s+not started\\s+0/\\d+`));
    expect(table).toMatch(/total\s+0\/\d+/);
  });
  it("turns a row 'passed' when the solution is put in place of the stub", { timeout: 60_000 }, async () => {
    const exercise = findIn(course, "canonical-matrices");
    const solution =
      course.edition === "full" ? readFileSync(fromRoot(`solutions/${exercise.file}`), "utf8") : undefined;
    if (!solution) return; // the student edition has no solution to copy
    const { result } = await evaluate(exercise, solution);
    expect(result).toMatchObject({ status: "passed", earned: result.points });
    expect(courseTable(course, new Map([[exercise.id, result]]))).toMatch(/canonical-matrices\s+passed\s+9\/9/);
  });
  it("explains a wrong answer with input, expected, got and the error in degrees", { timeout: 60_000 }, async () => {
    const exercise = findIn(course, "rotate-about-axis");
    // Forgets to undo the alignment: right for axes already on +Z only.
    const wrong = `import { mat3 } from "../../lib/index.ts";
export function alignmentAngles(axis: number[]): [number, number] { return [Math.atan2(-axis[0]!, axis[2]!), 0]; }
export function rotateAboutAxis(axis: number[], angle: number) { return mat3.rotationZ(angle); }`;
    const { result } = await evaluate(exercise, wrong);
    expect(result.status).toBe("failing");
    const detail = exerciseDetail(exercise.title, exercise.file, result);
    expect(detail).toMatch(/✗ random axes and angles/);
    expect(detail).toMatch(
      /input {5}rotateAboutAxis\(\[.*\)\n {6}expected {2}\[.*\]\n {6}got {7}\[.*\]\n {6}off by \d+\.\d{3}°/,
    );
  });
});
