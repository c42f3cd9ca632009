/**
 * `npm run grade -- <submissions-dir> --out <dir> [--force] [--only <student,…>]`: grades a class.
 *
 * Each sub-folder of `<submissions-dir>` is one student, named by the folder, holding an `exercises/`
 * tree; only the files that exist in the course's `exercises/` are read (never a symbolic link). Every
 * exercise of every student runs in its own sandboxed child process (tools/author/sandbox.ts) against
 * the full checks, hidden ones included, with expected values computed here from `solutions/`; every
 * comparison happens here. Writes:
 *   <out>/grades.csv              student,<exercise ids…>,total,max
 *   <out>/<student>/results.json  Gradescope's results format
 *   <out>/<student>/feedback.md   what a student reads: each check, and for a failure the numbers
 *                                 (not for hidden checks, whose inputs stay secret; nor the student's
 *                                 console output, which could print them)
 *   <out>/<student>/grade.json    points per exercise, from which grades.csv is rebuilt on every run
 * Each student's results appear at once (written to a temporary folder, then renamed), so an
 * interrupted run never leaves half a student; a rerun skips the students already graded unless
 * --force. A progress bar on a terminal, one line per student otherwise.
 */

import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ExerciseResult } from "../isomorphic/judge.ts";
import { type Course, allExercises, loadCourse } from "../author/course.ts";
import { evaluate } from "../author/evaluate.ts";
import { CommandError, parseCommand, runCommand } from "../author/cli.ts";
import { isMain } from "../author/root.ts";
import { killAllChildren, mapLimit, readSubmissionFile } from "../author/sandbox.ts";

/** Gradescope's results.json. */
export interface GradescopeResults {
  score: number;
  max_score: number;
  output: string;
  tests: {
    name: string;
    score: number;
    max_score: number;
    status: "passed" | "failed";
    output: string;
    visibility: "visible" | "after_published";
  }[];
}

/** A student's grade: per exercise, and in Gradescope's shape. */
export interface StudentGrade {
  student: string;
  results: ExerciseResult[];
  total: number;
  max: number;
}

/** Grades one student folder on every exercise of the course. Never throws for anything the student did. */
export async function gradeStudent(
  course: Course,
  studentDir: string,
  student: string,
  concurrency = 2,
): Promise<StudentGrade> {
  const results = await mapLimit(allExercises(course), concurrency, async (exercise) => {
    const file = readSubmissionFile(studentDir, `exercises/${exercise.file}`);
    const source = file.ok ? file.source : { problem: file.message };
    return (await evaluate(exercise, source)).result;
  });
  return {
    student,
    results,
    total: results.reduce((s, r) => s + r.earned, 0),
    max: results.reduce((s, r) => s + r.points, 0),
  };
}

/** The Gradescope results of a grade. Hidden checks are shown after the grades are published. */
export function gradescopeResults(course: Course, grade: StudentGrade): GradescopeResults {
  const names = new Map(allExercises(course).map((e) => [e.id, `${e.number} ${e.name} — ${e.title}`]));
  return {
    score: grade.total,
    max_score: grade.max,
    output: `${grade.total} of ${grade.max} points.`,
    tests: grade.results.flatMap((r) =>
      r.checks.map((c) => ({
        name: `${names.get(r.id)}: ${c.name}`,
        score: c.earned,
        max_score: c.points,
        status: c.passed ? ("passed" as const) : ("failed" as const),
        output: c.passed
          ? `${c.total} cases pass.`
          : r.status === "not started"
            ? "Not started: the exercise still throws NotImplemented."
            : r.problem
              ? r.problem
              : c.hidden
                ? `${c.failed} of ${c.total} cases fail. (A hidden check: its inputs are not shown.)`
                : [
                    `${c.failed} of ${c.total} cases fail.`,
                    ...c.failures.map((f) => `input: ${f.input}\nexpected: ${f.expected}\ngot: ${f.got}\n${f.error}`),
                  ].join("\n\n"),
        visibility: c.hidden ? ("after_published" as const) : ("visible" as const),
      })),
    ),
  };
}

/** The feedback a student reads, in Markdown. */
export function feedbackMarkdown(course: Course, grade: StudentGrade): string {
  const byId = new Map(grade.results.map((r) => [r.id, r]));
  const lines = [`# Feedback for ${grade.student}`, "", `**${grade.total} of ${grade.max} points.**`, ""];
  for (const chapter of course.chapters) {
    if (!chapter.exercises.length) continue;
    lines.push(`## ${chapter.title}`, "");
    for (const e of chapter.exercises) {
      const r = byId.get(e.id)!;
      lines.push(`### ${e.number} ${e.title} (\`${e.name}\`) — ${r.status}, ${r.earned}/${r.points}`, "");
      if (r.problem) lines.push("```", r.problem, "```", "");
      for (const c of r.checks) {
        lines.push(
          `- ${c.passed ? "✅" : "❌"} ${c.name} — ${c.earned}/${c.points}${c.hidden ? " (hidden check)" : ""}`,
        );
        if (!c.passed && !r.problem && r.status !== "not started" && c.hidden) {
          lines.push(`  - ${c.failed} of ${c.total} cases fail (a hidden check: its inputs are not shown)`);
        } else if (!c.passed && !r.problem && r.status !== "not started") {
          for (const f of c.failures)
            lines.push(`  - input \`${f.input}\`: expected \`${f.expected}\`, got \`${f.got}\` — ${f.error}`);
          if (c.failed > c.failures.length) lines.push(`  - … ${c.failed - c.failures.length} more failing cases`);
        }
      }
      lines.push("");
    }
  }
  return lines.join("\n");
}

/** Writes a student's three files at once: into a temporary folder, then renamed into place. */
function writeStudent(outDir: string, course: Course, grade: StudentGrade): void {
  const final = join(outDir, grade.student);
  const temp = join(outDir, `.${grade.student}.${process.pid}.tmp`);
  rmSync(temp, { recursive: true, force: true });
  mkdirSync(temp, { recursive: true });
  writeFileSync(join(temp, "results.json"), JSON.stringify(gradescopeResults(course, grade), null, 2) + "\n");
  writeFileSync(join(temp, "feedback.md"), feedbackMarkdown(course, grade));
  writeFileSync(
    join(temp, "grade.json"),
    JSON.stringify({
      student: grade.student,
      total: grade.total,
      max: grade.max,
      exercises: Object.fromEntries(grade.results.map((r) => [r.id, r.earned])),
    }) + "\n",
  );
  rmSync(final, { recursive: true, force: true });
  renameSync(temp, final);
}

/** Rebuilds grades.csv from every graded student in `outDir` (so a resumed run still lists everyone). */
function writeCsv(outDir: string, course: Course, students: readonly string[]): void {
  const exercises = allExercises(course);
  const ids = exercises.map((e) => e.id);
  const quote = (s: string) => (/[",\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s);
  const rows = [["student", ...exercises.map((e) => `${e.number} ${e.name}`), "total", "max"].join(",")];
  for (const student of students) {
    const file = join(outDir, student, "grade.json");
    if (!existsSync(file)) continue;
    const g = JSON.parse(readFileSync(file, "utf8")) as {
      total: number;
      max: number;
      exercises: Record<string, number>;
    };
    rows.push(
      [quote(student), ...ids.map((id) => String(g.exercises[id] ?? 0)), String(g.total), String(g.max)].join(","),
    );
  }
  const temp = join(outDir, `.grades.csv.${process.pid}.tmp`);
  writeFileSync(temp, rows.join("\n") + "\n");
  renameSync(temp, join(outDir, "grades.csv"));
}

/** A progress bar on a terminal, plain lines elsewhere. */
function progress(total: number): { tick(student: string, note: string): void; done(): void } {
  const start = performance.now();
  let n = 0;
  const tty = process.stderr.isTTY;
  return {
    tick(student, note) {
      n++;
      const elapsed = (performance.now() - start) / 1000;
      if (!tty) {
        console.error(`[${n}/${total}] ${student}: ${note}`);
        return;
      }
      const width = 30;
      const filled = Math.round((width * n) / total);
      const eta = n < total ? `, ~${Math.ceil((elapsed / n) * (total - n))} s left` : "";
      process.stderr.write(
        `\r[${"█".repeat(filled)}${"░".repeat(width - filled)}] ${n}/${total} students${eta}   `.padEnd(80),
      );
    },
    done() {
      if (tty) process.stderr.write("\n");
    },
  };
}

export interface GradeOptions {
  submissions: string;
  out: string;
  force?: boolean;
  only?: string[];
  /** Grade only these exercise ids (default: all). */
  exercises?: string[];
  concurrency?: number;
  quiet?: boolean;
}

/** Grades every student folder of `submissions` into `out`; returns the students graded this run. */
export async function gradeClass(
  options: GradeOptions,
): Promise<{ graded: string[]; skipped: string[]; course: Course }> {
  const full = await loadCourse();
  const keep = (id: string) => !options.exercises || options.exercises.includes(id);
  const course: Course = {
    ...full,
    chapters: full.chapters.map((c) => ({ ...c, exercises: c.exercises.filter((e) => keep(e.id)) })),
  };
  if (course.edition !== "full")
    throw new Error("grading needs the full course (solutions/ and the hidden checks); this is the student edition");
  const everyone = readdirSync(options.submissions)
    .filter((name) => !name.startsWith(".") && statSync(join(options.submissions, name)).isDirectory())
    .sort();
  const students = everyone.filter((name) => !options.only || options.only.includes(name));
  mkdirSync(options.out, { recursive: true });
  const todo = students.filter((s) => options.force || !existsSync(join(options.out, s, "grade.json")));
  const skipped = students.filter((s) => !todo.includes(s));
  const bar = options.quiet ? { tick() {}, done() {} } : progress(todo.length);
  if (skipped.length && !options.quiet)
    console.error(`${skipped.length} student(s) already graded, skipped (use --force to regrade).`);
  for (const student of todo) {
    const grade = await gradeStudent(course, join(options.submissions, student), student, options.concurrency ?? 2);
    writeStudent(options.out, course, grade);
    bar.tick(student, `${grade.total}/${grade.max}`);
  }
  bar.done();
  writeCsv(options.out, course, everyone);
  return { graded: todo, skipped, course };
}

export const USAGE = `Usage: npm run grade -- <submissions-dir> --out <dir> [--force] [--only alice,bob] [--concurrency 2]

Grades a class: each folder of <submissions-dir> is one student holding an exercises/ tree. Writes
<dir>/grades.csv and, per student, results.json (Gradescope's format), feedback.md and grade.json.
A rerun resumes where an interrupted run stopped; --force regrades everyone.`;

if (isMain(import.meta.url)) {
  const { positionals, values } = parseCommand(USAGE, {
    out: { type: "string" },
    force: { type: "boolean" },
    only: { type: "string" },
    concurrency: { type: "string" },
  });
  process.on("SIGINT", () => {
    killAllChildren();
    console.error("\nInterrupted: students graded so far are saved; run again to continue.");
    process.exit(130);
  });
  await runCommand(async () => {
    if (positionals.length !== 1 || !values.out) throw new CommandError(USAGE, 2);
    const started = performance.now();
    const { graded, skipped } = await gradeClass({
      submissions: positionals[0]!,
      out: values.out,
      force: values.force,
      only: values.only?.split(","),
      concurrency: values.concurrency ? Number(values.concurrency) : undefined,
    });
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `Graded ${graded.length} student(s) in ${seconds.toFixed(1)} s${skipped.length ? ` (${skipped.length} skipped)` : ""}: ${join(values.out, "grades.csv")}`,
    );
  });
}
