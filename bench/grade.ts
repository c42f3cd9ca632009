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
import { exercises } from "../tools/course/manifest.ts";
import { gradeClass } from "../tools/grade.ts";
import { fromRoot } from "../tools/notebook-kit/kit.ts";

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
import { loadCourse, allExercises } from "../tools/course/course.ts";
import { callsOf, judge, runCalls } from "../tools/course/checks.ts";
const course = await loadCourse();
for (const e of allExercises(course)) {
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
const t1 = performance.now();
for (const name of sample) {
  spawnSync(
    process.execPath,
    [fromRoot("node_modules/vitest/vitest.mjs"), "run", testFile, "--dir", fromRoot(".cache")],
    {
      cwd: fromRoot("."),
      env: { ...process.env, STUDENT_DIR: join(submissions, name) },
      encoding: "utf8",
    },
  );
}
const vitestPerStudent = (performance.now() - t1) / 1000 / sample.length;
rmSync(testFile);
rmSync(root, { recursive: true, force: true });

const perMinute = (STUDENTS / gradeSeconds) * 60;
const vitestClass = vitestPerStudent * STUDENTS;
console.log("| method | class of " + STUDENTS + " | per student | students per minute |");
console.log("|---|---:|---:|---:|");
console.log(
  `| npm run grade (sandboxed, 2 in parallel) | ${gradeSeconds.toFixed(1)} s | ${(gradeSeconds / STUDENTS).toFixed(2)} s | ${perMinute.toFixed(0)} |`,
);
console.log(
  `| vitest run per submission (in-process, no sandbox; ${sample.length} measured, extrapolated) | ${vitestClass.toFixed(1)} s | ${vitestPerStudent.toFixed(2)} s | ${((60 / vitestPerStudent) | 0).toString()} |`,
);
console.log(`\nSpeed-up over vitest per submission: ${(vitestClass / gradeSeconds).toFixed(1)}×.`);
console.log(`A class of 100 at this rate: ${((100 / perMinute) * 60).toFixed(0)} s.`);
console.log(
  "(Each exercise of each student runs in its own child process — node start-up is most of the cost, ~50 ms of CPU per child.)",
);
