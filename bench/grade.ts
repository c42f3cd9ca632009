/**
 * `npm run bench:grade`: how fast the grader grades a class, against the obvious alternative — running
 * `vitest run` once per submission.
 *
 * A synthetic class of 60 students — perfect, half done, and broken (a syntax error, a throw at import,
 * an infinite loop) — is written to a temporary folder and graded with `npm run grade`'s own code. The
 * baseline runs, for a sample of the same students, one `vitest run` of a test file that imports that
 * student's modules and judges them with the same checks (in-process, no sandbox: cheaper than the real
 * thing would be); its per-student time is extrapolated to the class and said so.
 *
 *   npm run bench:grade [-- --students 60 --sample 6]
 */

import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { allExercises, loadCourse } from "../tools/author/course.ts";
import { gradeClass } from "../tools/instructor/grade.ts";
import { fromRoot } from "../tools/author/root.ts";

const exercises = allExercises(await loadCourse());
const { values } = parseArgs({ options: { students: { type: "string" }, sample: { type: "string" } } });
const STUDENTS = Number(values.students ?? 60);
const SAMPLE = Number(values.sample ?? 6);

const root = mkdtempSync(join(tmpdir(), "bench-grade-"));
const submissions = join(root, "submissions");

/** Student k: a third perfect, a third half done, a third with one broken file among solutions. */
function writeStudent(k: number): string {
  const name = `student-${String(k).padStart(3, "0")}`;
  const dir = join(submissions, name, "exercises");
  const kind = k % 3;
  cpSync(fromRoot(kind === 1 ? "exercises" : "solutions"), dir, { recursive: true });
  if (kind === 1) {
    exercises.forEach((e, i) => i % 2 === 0 && cpSync(fromRoot(`solutions/${e.file}`), join(dir, e.file)));
  } else if (kind === 2) {
    const e = exercises[k % exercises.length]!;
    const broken = ["export const = ;", 'throw new Error("at import");', "while (true) {}"][k % 3]!;
    writeFileSync(join(dir, e.file), broken);
  }
  return name;
}

const names = Array.from({ length: STUDENTS }, (_, k) => writeStudent(k));

/** The six exercises of issue 4's scope: chapter 01's four, quaternion multiply and slerp. */
const ISSUE4 = ["01.1", "01.2", "01.3", "01.4", "04.2", "05.3"].map((n) => exercises.find((e) => e.number === n)!.id);
const scopes = [
  { name: `the full course (${exercises.length} exercises)`, ids: undefined as string[] | undefined },
  { name: "issue 4's six exercises", ids: ISSUE4 },
];
console.log(
  `# Grading a class: ${STUDENTS} students × ${exercises.length} exercises (${STUDENTS * exercises.length} sandboxed runs)\n`,
);

const t0 = performance.now();
await gradeClass({ submissions, out: join(root, "out"), quiet: true });
const gradeSeconds = (performance.now() - t0) / 1000;

// Baseline: one `vitest run` per submission, judging in-process with the same checks.
const testFile = fromRoot(".cache/bench-grade.test.ts");
writeFileSync(
  testFile,
  `import { it, expect } from "vitest";
import { pathToFileURL } from "node:url";
import { join } from "node:path";
import { loadCourse, allExercises } from "../tools/author/course.ts";
import { callsOf, judge, runCalls } from "../tools/isomorphic/judge.ts";
const course = await loadCourse();
const only = process.env.EXERCISES?.split(",");
for (const e of allExercises(course).filter((e) => !only || only.includes(e.id))) {
  it(e.id, async () => {
    let result;
    try {
      const mod = await import(pathToFileURL(join(process.env.STUDENT_DIR!, "exercises", e.file)).href);
      result = judge(e, runCalls(mod, callsOf(e)));
    } catch (error) {
      result = judge(e, { problem: String(error) });
    }
    expect(result.earned).toBeGreaterThanOrEqual(0);
  });
}
`,
);
const sample = names.filter((_, k) => k % 3 !== 2).slice(0, SAMPLE); // no infinite loops: vitest would hang on them

console.log(
  `# Grading a synthetic class of ${STUDENTS} students (a third perfect, a third half done, a third with one broken file)\n`,
);
console.log("| scope | method | class of " + STUDENTS + " | per student | students per minute | class of 100 |");
console.log("|---|---|---:|---:|---:|---:|");
for (const scope of scopes) {
  const t0 = performance.now();
  await gradeClass({
    submissions,
    out: join(root, `out-${scope.ids ? "subset" : "all"}`),
    quiet: true,
    exercises: scope.ids,
  });
  const gradeSeconds = (performance.now() - t0) / 1000;
  const t1 = performance.now();
  for (const name of sample) {
    spawnSync(
      process.execPath,
      [fromRoot("node_modules/vitest/vitest.mjs"), "run", testFile, "--dir", fromRoot(".cache")],
      {
        cwd: fromRoot("."),
        env: { ...process.env, STUDENT_DIR: join(submissions, name), EXERCISES: scope.ids?.join(",") ?? "" },
        encoding: "utf8",
      },
    );
  }
  const vitestPerStudent = (performance.now() - t1) / 1000 / sample.length;
  const row = (method: string, perStudent: number, measured: string) =>
    console.log(
      `| ${scope.name} | ${method} | ${(perStudent * STUDENTS).toFixed(1)} s${measured} | ${perStudent.toFixed(2)} s | ${(60 / perStudent).toFixed(0)} | ${(perStudent * 100).toFixed(0)} s |`,
    );
  row("npm run grade (a sandboxed child per student × exercise, 2 at a time)", gradeSeconds / STUDENTS, "");
  row(
    `vitest run per submission (in-process, no sandbox)`,
    vitestPerStudent,
    ` (${sample.length} measured, extrapolated)`,
  );
  console.log(
    `| ${scope.name} | speed-up of npm run grade | ${(vitestPerStudent / (gradeSeconds / STUDENTS)).toFixed(2)}× | | | |`,
  );
}
rmSync(testFile);
rmSync(root, { recursive: true, force: true });
console.log(
  "\nThe floor: every run starts a Node process (~60 ms here, `node -e 0`), and the threat model asks for one per student × exercise.",
);
