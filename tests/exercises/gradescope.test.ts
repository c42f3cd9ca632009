/**
 * The Gradescope autograder package: it holds setup.sh and run_autograder (executable) and the course,
 * and run_autograder — given a submission the way Gradescope lays it out — writes results.json with the
 * same grade as `npm run grade`.
 */

import { spawnSync } from "node:child_process";
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { unzipSync } from "fflate";
import { afterAll, describe, expect, it } from "vitest";
import { allExercises, loadCourse } from "../../tools/author/course.ts";
import { pointsOf } from "../../tools/isomorphic/exercise.ts";
import { exportGradescope } from "../../tools/instructor/export-gradescope.ts";
import type { GradescopeResults } from "../../tools/instructor/grade.ts";
import { fromRoot } from "../../tools/author/root.ts";

const root = mkdtempSync(join(tmpdir(), "gradescope-test-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const MAX = allExercises(await loadCourse()).reduce((s, e) => s + pointsOf(e.checks), 0);

describe("npm run export:gradescope", () => {
  const zip = join(root, "autograder.zip");
  const names = exportGradescope(zip);

  it("packages setup.sh, run_autograder and the course with its solutions", () => {
    expect(names).toEqual(
      expect.arrayContaining(["setup.sh", "run_autograder", "course/package-lock.json", "course/tools/grade.ts"]),
    );
    expect(names.some((n) => n.startsWith("course/solutions/"))).toBe(true);
    expect(names.some((n) => n.includes("node_modules"))).toBe(false);
  });

  it("run_autograder grades a submission into results.json, as npm run grade does", { timeout: 300_000 }, () => {
    const ag = join(root, "autograder");
    const files = unzipSync(readFileSync(zip));
    for (const [name, data] of Object.entries(files)) {
      const path = join(ag, "source", name);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, data);
    }
    chmodSync(join(ag, "source", "run_autograder"), 0o755);
    symlinkSync(fromRoot("node_modules"), join(ag, "source", "course", "node_modules"), "dir"); // what setup.sh installs
    const grade = (submission: string) => {
      rmSync(join(ag, "submission"), { recursive: true, force: true });
      rmSync(join(ag, "results"), { recursive: true, force: true });
      cpSync(submission, join(ag, "submission"), { recursive: true }); // Gradescope: the uploaded files, no exercises/ folder
      const r = spawnSync("bash", [join(ag, "source", "run_autograder")], {
        encoding: "utf8",
        env: { ...process.env, AUTOGRADER_ROOT: ag },
      });
      expect(r.status, r.stderr).toBe(0);
      return JSON.parse(readFileSync(join(ag, "results", "results.json"), "utf8")) as GradescopeResults;
    };
    const perfect = grade(fromRoot("solutions"));
    expect(perfect).toMatchObject({ score: MAX, max_score: MAX });
    expect(perfect.tests.every((t) => t.status === "passed")).toBe(true);
    expect(grade(fromRoot("exercises")).score).toBe(0);
  });
});
