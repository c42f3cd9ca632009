/**
 * Errors a person can act on: a missing submissions folder is one line; a student folder without
 * exercises/ is reported in the run's output and in the student's feedback, not silently 0.
 * (Instructor-only, like the grader: tools/instructor/release.ts leaves tests/grader/ out of the edition.)
 */

import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type GradescopeResults } from "../../tools/instructor/grade.ts";
import { fromRoot } from "../../tools/author/root.ts";
import { exercises, MAX, scratchFolder } from "./shared.ts";

const scratch = scratchFolder("errors");

describe("errors a person can act on", () => {
  const grade = (...args: string[]) =>
    spawnSync("npm", ["run", "--silent", "grade", "--", ...args], { cwd: fromRoot("."), encoding: "utf8" });

  it("a submissions folder that does not exist: one line, no stack trace", { timeout: 60_000 }, () => {
    const r = grade("/does/not/exist", "--out", join(scratch, "x"));
    expect(r.status).toBe(1);
    const lines = r.stderr.trim().split("\n");
    expect(lines, r.stderr).toHaveLength(1);
    expect(lines[0]).toMatch(/^no submissions folder at \/does\/not\/exist/);
    expect(r.stderr).not.toMatch(/^\s+at /m);
  });

  it(
    "a student folder without exercises/ is reported in the run's output and the student's feedback",
    { timeout: 120_000 },
    () => {
      const submissions = join(scratch, "layouts");
      const out = join(scratch, "layouts-out");
      cpSync(fromRoot("solutions"), join(submissions, "top-level"), { recursive: true }); // chapter folders at the top
      mkdirSync(join(submissions, "nothing-here"), { recursive: true });
      writeFileSync(join(submissions, "nothing-here", "notes.ts"), "export const x = 1;\n"); // no exercise's name
      cpSync(fromRoot("solutions"), join(submissions, "usual", "exercises"), { recursive: true });
      const r = grade(submissions, "--out", out);
      expect(r.status, r.stderr).toBe(0);
      const said = `${r.stdout}\n${r.stderr}`;
      // Files found outside exercises/ are counted on the terminal (the feedback and grades.csv say where).
      expect(said).toMatch(/1 submission\(s\) had their files outside exercises\/.*found and matched/);
      expect(said).not.toMatch(/"top-level":/);
      expect(said).toMatch(
        /"nothing-here": no exercises\/ folder and no exercise file anywhere in the submission \(found: notes\.ts\)/,
      );
      expect(said).not.toMatch(/"usual":/);
      expect(r.stdout).toMatch(/1 submission\(s\) need a look/);

      const feedback = (s: string) => readFileSync(join(out, s, "feedback.md"), "utf8");
      const results = (s: string) =>
        JSON.parse(readFileSync(join(out, s, "results.json"), "utf8")) as GradescopeResults;
      expect(feedback("top-level")).toMatch(/> \*\*Note:\*\* no exercises\/ folder/);
      expect(results("top-level")).toMatchObject({ score: MAX });
      expect(results("top-level").output).toMatch(/^Note: no exercises\/ folder/);
      expect(feedback("nothing-here")).toMatch(/nothing was graded/);
      expect(results("nothing-here").output).toMatch(/nothing was graded/);
      expect(results("nothing-here").score).toBe(0);
      expect(feedback("usual")).not.toMatch(/Note:/);
      const grades = readFileSync(join(out, "grades.csv"), "utf8");
      expect(grades).toMatch(
        new RegExp(`\r\ntop-level,[^\r\n]*,${MAX},${MAX},graded,no exercises/ folder[^\r\n]*\r\n`),
      );
      expect(grades).toMatch(
        new RegExp(`\r\nnothing-here,[^\r\n]*,0,${MAX},nothing found,[^\r\n]*no exercises/ folder[^\r\n]*\r\n`),
      );
    },
  );
});
