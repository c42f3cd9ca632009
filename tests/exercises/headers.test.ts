/**
 * One source for an exercise's title: its definition (`title` in tests/exercises/<chapter>/<nn-name>.ts).
 * The stub's and the solution's header restate it — "Exercise 05.3 — <title> (chapter 05, …)." — so a
 * student reading the file sees what `npm run check` prints; this test holds the three equal.
 * (Instructor-only: the student edition has no solutions/.)
 */

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { allExercises, loadCourse } from "../../tools/author/course.ts";
import { fromRoot } from "../../tools/author/root.ts";

const exercises = allExercises(await loadCourse());

/** The header sentence of a stub or solution: the doc comment's first paragraph, on one line. */
function header(file: string): string {
  const lines = readFileSync(fromRoot(file), "utf8").split("\n");
  const end = lines.findIndex((l, i) => i > 0 && /^\s*\*\s*$/.test(l));
  return lines
    .slice(1, end)
    .map((l) => l.replace(/^\s*\*\s?/, ""))
    .join(" ");
}

describe("stub and solution headers", () => {
  it("cover every exercise", () => expect(exercises.length).toBeGreaterThanOrEqual(74));

  it.each(exercises.map((e) => [e.file, e] as const))("%s: the header names the definition's title", (_, e) => {
    const expected = new RegExp(
      `^Exercise ${e.number.replace(".", "\\.")} — ${e.title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} \\(chapter ${e.number.slice(0, 2)}[,)]`,
    );
    expect(header(`exercises/${e.file}`)).toMatch(expected);
    expect(header(`solutions/${e.file}`)).toMatch(expected);
  });
});
