/**
 * `npm run bench:grade`: how fast the grader grades a class of the whole course, against what a student
 * runs on their own submission — `npm run check` (Vitest's "checks" project, tools/student/check.ts).
 *
 * A synthetic class — a third perfect, a third half done, a third with one broken file among solutions
 * (a syntax error, a throw at import, an infinite loop) — is written to a temporary folder and graded
 * with `npm run grade`'s own code, every student measured. In the same run, `npm run check` runs on a
 * sample of the same submissions (COURSE_CHECKS_TREE=<the student's exercises/>), each in its own
 * process as a student would start it; its per-student time is multiplied out to a class of 100 and
 * said so. Printed: seconds per student, a class of 100, and the ratio.
 *
 *   npm run bench:grade [-- --students 100 --sample 2]
 */

import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { allExercises, loadCourse } from "../tools/author/course.ts";
import { PROGRESS_FILE } from "../tools/author/state.ts";
import { gradeClass } from "../tools/instructor/grade.ts";
import { fromRoot } from "../tools/author/root.ts";

const exercises = allExercises(await loadCourse());
const { values } = parseArgs({ options: { students: { type: "string" }, sample: { type: "string" } } });
const STUDENTS = Number(values.students ?? 100);
const SAMPLE = Number(values.sample ?? 2);

const root = mkdtempSync(join(tmpdir(), "bench-grade-"));
const submissions = join(root, "submissions");

/**
 * Student k: a third perfect, a third half done, a third with one broken file among solutions (in turn a
 * syntax error, a throw at import, an infinite loop at import). Every file ends with a comment naming the
 * student, so that no two students' files are the same text (as in a real class: no cache helps).
 */
function writeStudent(k: number): string {
  const name = `student-${String(k).padStart(3, "0")}`;
  const dir = join(submissions, name, "exercises");
  const kind = k % 3;
  const from = (e: (typeof exercises)[number], tree: string) => readFileSync(fromRoot(`${tree}/${e.file}`), "utf8");
  cpSync(fromRoot("exercises"), dir, { recursive: true });
  exercises.forEach((e, i) => {
    const source = kind === 1 && i % 2 === 1 ? from(e, "exercises") : from(e, "solutions");
    writeFileSync(join(dir, e.file), `${source}\n// ${name}\n`);
  });
  if (kind === 2) {
    const e = exercises[k % exercises.length]!;
    const broken = ["export const = ;", 'throw new Error("at import");', "while (true) {}"][Math.floor(k / 3) % 3]!;
    writeFileSync(join(dir, e.file), broken);
  }
  return name;
}

const names = Array.from({ length: STUDENTS }, (_, k) => writeStudent(k));
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");
console.log(
  `# Grading a class: ${STUDENTS} students × ${exercises.length} exercises (the whole course), ` +
    `${availableParallelism()} cores, Node ${process.versions.node}, load average ${load()}\n`,
);

// 1. The grader, every student.
const t0 = performance.now();
const { graded } = await gradeClass({ submissions, out: join(root, "out"), quiet: true });
const gradeSeconds = (performance.now() - t0) / 1000;
if (graded.length !== STUDENTS) throw new Error(`graded ${graded.length} of ${STUDENTS} students`);
const gradePerStudent = gradeSeconds / STUDENTS;

// 2. The student's own check, on a sample of the same submissions (perfect and half-done ones), same run.
const sample = names.filter((_, k) => k % 3 !== 2).slice(0, SAMPLE);
const savedProgress = existsSync(PROGRESS_FILE) ? readFileSync(PROGRESS_FILE) : undefined; // check.ts records progress
let checkSeconds = 0;
try {
  for (const name of sample) {
    const t1 = performance.now();
    const r = spawnSync(process.execPath, ["--import", "./tools/author/register-ts.mjs", "tools/student/check.ts"], {
      cwd: fromRoot("."),
      env: { ...process.env, COURSE_CHECKS_TREE: join(submissions, name, "exercises"), FORCE_COLOR: "0" },
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    });
    checkSeconds += (performance.now() - t1) / 1000;
    if (r.status !== 0 || !/exercise\(s\) checked/.test(r.stdout))
      throw new Error(`npm run check failed on ${name}:\n${r.stdout.slice(-2000)}\n${r.stderr.slice(-2000)}`);
  }
} finally {
  if (savedProgress) writeFileSync(PROGRESS_FILE, savedProgress);
  else rmSync(PROGRESS_FILE, { force: true });
}
const checkPerStudent = checkSeconds / sample.length;

console.log("| method | measured | per student | class of 100 |");
console.log("|---|---|---:|---:|");
console.log(
  `| npm run grade (one sandboxed process per student, each exercise in its own vm context; ${availableParallelism()} students at a time) | all ${STUDENTS} students, ${gradeSeconds.toFixed(1)} s | ${gradePerStudent.toFixed(3)} s | ${(gradePerStudent * 100).toFixed(1)} s |`,
);
console.log(
  `| npm run check per submission (Vitest, the student's own check) | ${sample.length} students, ${checkSeconds.toFixed(1)} s | ${checkPerStudent.toFixed(2)} s | ${(checkPerStudent * 100).toFixed(0)} s (multiplied out) |`,
);
console.log(
  `\nnpm run grade is ${(checkPerStudent / gradePerStudent).toFixed(1)}× faster per student than npm run check ` +
    `(goal ≥ 20×); a class of 100 in ${(gradePerStudent * 100).toFixed(1)} s (goal ≤ 30 s). Load average at the end: ${load()}.`,
);
rmSync(root, { recursive: true, force: true });
