/**
 * `npm run grade -- <submissions-dir> --out <dir> [--force] [--only <student,…>] [--concurrency N]`:
 * grades a class.
 *
 * Each sub-folder of `<submissions-dir>` is one student, named by the folder, holding an `exercises/`
 * tree; only the files that exist in the course's `exercises/` are read (never a symbolic link). A
 * folder without `exercises/` whose chapter folders sit at its top level is graded from there, and
 * said so (in the run's output, the student's feedback.md and results.json). Each student's whole
 * submission runs in ONE sandboxed child process (tools/author/sandbox.ts), each exercise in a `vm`
 * context of its own, against the full checks, hidden ones included, with expected values computed
 * here from `solutions/`; every comparison happens here. N students at a time (default: one per core).
 * Writes:
 *   <out>/grades.csv              student,<exercise ids…>,total,max — RFC 4180, UTF-8 with a BOM; a
 *                                 cell that starts with = + - @ tab, CR or ' gets a leading ' (OWASP's
 *                                 defence against CSV injection; strip one leading ' to read it back)
 *   <out>/<student>/results.json  Gradescope's results format
 *   <out>/<student>/feedback.md   what a student reads: each check, and for a failure the numbers
 *                                 (not for hidden checks, whose inputs stay secret; nor the student's
 *                                 console output, which could print them)
 *   <out>/<student>/grade.json    points per exercise, from which grades.csv is rebuilt on every run
 * Each student's results appear at once (written to a temporary folder, then renamed), so an
 * interrupted run — even a SIGKILLed one, whose sandbox processes exit on their own — never leaves half
 * a student; a rerun skips the students already graded unless --force, and ends with the grades an
 * uninterrupted run gives. A progress bar on a terminal, one line per student otherwise.
 */

import { createHash } from "node:crypto";
import { availableParallelism } from "node:os";
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import type { ExerciseResult } from "../isomorphic/judge.ts";
import { type Course, allExercises, exerciseFiles, loadCourse, withCaseSalt } from "../author/course.ts";
import { type Submitted, evaluateAll } from "../author/evaluate.ts";
import { CommandError, parseCommand, runCommand } from "../author/cli.ts";
import { fromRoot, isMain } from "../author/root.ts";
import { killAllChildren, mapLimit, readSubmissionFile } from "../author/sandbox.ts";

/** Who may see a test or the autograder's stdout (Gradescope's four settings). */
export type GradescopeVisibility = "hidden" | "after_due_date" | "after_published" | "visible";

/**
 * Gradescope's results.json (https://gradescope-autograders.readthedocs.io/en/latest/specs/): a score,
 * the time the grading took, and one test per check. The autograder's stdout stays hidden from
 * students (it could print a hidden check's inputs); hidden checks are shown once grades are published.
 */
export interface GradescopeResults {
  score: number;
  /** Seconds. */
  execution_time: number;
  output: string;
  stdout_visibility: GradescopeVisibility;
  tests: {
    name: string;
    score: number;
    max_score: number;
    status: "passed" | "failed";
    output: string;
    visibility: GradescopeVisibility;
  }[];
}

/** A student's grade: per exercise, and in Gradescope's shape. */
export interface StudentGrade {
  student: string;
  results: ExerciseResult[];
  total: number;
  max: number;
  /** Something the instructor and the student should know about the submission as a whole (its layout). */
  notice?: string;
  /** Seconds spent grading this student. */
  seconds: number;
}

/** Where a student's exercise files are: `exercises/`, or (said so) the top level of their folder. */
function submissionLayout(course: Course, studentDir: string): { base: string; notice?: string } {
  const isDir = (p: string) => {
    try {
      return lstatSync(p).isDirectory();
    } catch {
      return false;
    }
  };
  if (isDir(join(studentDir, "exercises"))) return { base: "exercises/" };
  const atTop = allExercises(course).filter((e) => existsSync(join(studentDir, e.file))).length;
  if (atTop > 0)
    return {
      base: "",
      notice: `no exercises/ folder: graded the ${atTop} exercise file(s) found at the top level of the submission instead (chapter folders such as ${allExercises(course)[0]!.chapter}/ belong in exercises/)`,
    };
  let entries: string[] = [];
  try {
    entries = readdirSync(studentDir).slice(0, 5);
  } catch {
    /* unreadable: said below */
  }
  return {
    base: "exercises/",
    notice: `no exercises/ folder and no exercise file at the top level${entries.length ? ` (found: ${entries.join(", ")})` : " (the folder is empty)"}: nothing was graded`,
  };
}

/** Grades one student folder on every exercise of the course. Never throws for anything the student did. */
export async function gradeStudent(course: Course, studentDir: string, student: string): Promise<StudentGrade> {
  const started = performance.now();
  const exercises = allExercises(course);
  const { base, notice } = submissionLayout(course, studentDir);
  const sources: Submitted[] = exercises.map((exercise) => {
    const file = readSubmissionFile(studentDir, `${base}${exercise.file}`);
    return file.ok ? file.source : { problem: file.message };
  });
  const results = (await evaluateAll(exercises, sources)).map((e) => e.result);
  return {
    student,
    results,
    total: results.reduce((s, r) => s + r.earned, 0),
    max: results.reduce((s, r) => s + r.points, 0),
    ...(notice ? { notice } : {}),
    seconds: (performance.now() - started) / 1000,
  };
}

/** The Gradescope results of a grade. Hidden checks are shown after the grades are published. */
export function gradescopeResults(course: Course, grade: StudentGrade): GradescopeResults {
  const names = new Map(allExercises(course).map((e) => [e.id, `${e.number} ${e.name} — ${e.title}`]));
  return {
    score: grade.total,
    execution_time: Math.round(grade.seconds * 100) / 100,
    output: `${grade.notice ? `Note: ${grade.notice}.\n\n` : ""}${grade.total} of ${grade.max} points.`,
    stdout_visibility: "hidden",
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
  const lines = [`# Feedback for ${grade.student}`, ""];
  if (grade.notice) lines.push(`> **Note:** ${grade.notice}.`, "");
  lines.push(`**${grade.total} of ${grade.max} points.**`, "");
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

/** A student's temporary folder while their files are written (a dot name: never taken for a student). */
const tempName = (student: string) => `.${student}.${process.pid}.tmp`;
const TEMP = /^\..*\.\d+\.tmp$/s;

/** Writes a student's three files at once: into a temporary folder, then renamed into place. */
function writeStudent(outDir: string, course: Course, grade: StudentGrade): void {
  const final = join(outDir, grade.student);
  const temp = join(outDir, tempName(grade.student));
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
      ...(grade.notice ? { notice: grade.notice } : {}),
    }) + "\n",
  );
  rmSync(final, { recursive: true, force: true }); // a rename cannot replace a folder; a kill here loses only this student, regraded on the next run
  renameSync(temp, final);
}

/**
 * One CSV cell, RFC 4180: quoted when it holds a comma, a quote, CR or LF (quotes doubled). A cell a
 * spreadsheet would run as a formula — starting with =, +, -, @, tab or CR (OWASP, "CSV injection") —
 * gets a leading ', and so does one that starts with ' (so that stripping one leading ' always gives
 * the name back exactly).
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r']/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Rebuilds grades.csv from every graded student in `outDir` (so a resumed run still lists everyone). */
function writeCsv(outDir: string, course: Course, students: readonly string[]): void {
  const exercises = allExercises(course);
  const ids = exercises.map((e) => e.id);
  const row = (cells: string[]) => cells.map(csvCell).join(",");
  const rows = [row(["student", ...exercises.map((e) => `${e.number} ${e.name}`), "total", "max"])];
  for (const student of students) {
    const file = join(outDir, student, "grade.json");
    if (!existsSync(file)) continue;
    const g = JSON.parse(readFileSync(file, "utf8")) as {
      total: number;
      max: number;
      exercises: Record<string, number>;
    };
    rows.push(row([student, ...ids.map((id) => String(g.exercises[id] ?? 0)), String(g.total), String(g.max)]));
  }
  const temp = join(outDir, `.grades.csv.${process.pid}.tmp`);
  // A BOM so that spreadsheets read the names as UTF-8; CRLF line ends, as RFC 4180 has them.
  writeFileSync(temp, "\uFEFF" + rows.map((r) => r + "\r\n").join(""));
  renameSync(temp, join(outDir, "grades.csv"));
}

/** A progress bar on a terminal, plain lines elsewhere; `say` prints a line above the bar. */
function progress(total: number): { tick(student: string, note: string): void; say(line: string): void; done(): void } {
  const start = performance.now();
  let n = 0;
  const tty = process.stderr.isTTY;
  const bar = () => {
    const elapsed = (performance.now() - start) / 1000;
    const width = 30;
    const filled = Math.round((width * n) / Math.max(1, total));
    const eta = n && n < total ? `, ~${Math.ceil((elapsed / n) * (total - n))} s left` : "";
    process.stderr.write(
      `\r[${"█".repeat(filled)}${"░".repeat(width - filled)}] ${n}/${total} students${eta}   `.padEnd(80),
    );
  };
  return {
    tick(student, note) {
      n++;
      if (!tty) console.error(`[${n}/${total}] ${JSON.stringify(student).slice(1, -1)}: ${note}`);
      else bar();
    },
    say(line) {
      if (tty) process.stderr.write(`\r${" ".repeat(80)}\r`);
      console.error(line);
      if (tty) bar();
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
  /** Students graded at a time (default: one per core). */
  concurrency?: number;
  quiet?: boolean;
}

/** Something about one student the instructor should know (it is also in that student's feedback). */
export interface Notice {
  student: string;
  message: string;
}

/**
 * The course as the grader grades it: the full course (solutions and hidden checks), its cases drawn
 * with the grader's salt, and only the exercises `exercises` (ids such as
 * "05-interpolating-rotations/03-slerp"; all of them when absent). Shared by `npm run grade` and the
 * Gradescope autograder, so that both grade an assignment alike.
 */
export async function gradingCourse(exercises?: readonly string[]): Promise<Course> {
  const full = await withCaseSalt(gradingSalt(), loadCourse);
  if (full.edition !== "full")
    throw new CommandError(
      "grading needs the full course (solutions/ and the hidden checks); this is the student edition",
    );
  const unknown = exercises?.filter((id) => !allExercises(full).some((e) => e.id === id)) ?? [];
  if (unknown.length) throw new CommandError(`no exercise ${unknown.map((id) => `"${id}"`).join(", ")} in this course`);
  const keep = (id: string) => !exercises || exercises.includes(id);
  return { ...full, chapters: full.chapters.map((c) => ({ ...c, exercises: c.exercises.filter((e) => keep(e.id)) })) };
}

/**
 * The salt the grader mixes into every generated case (tests/exercises/cases.ts `caseRng`): a hash of
 * the solutions, which students never see — so the graded cases differ from the ones the student edition
 * ships with their expected values, and stay the same from one run of the same course to the next.
 */
export function gradingSalt(): number {
  const hash = createHash("sha256");
  for (const file of exerciseFiles("solutions")) hash.update(file).update(readFileSync(fromRoot(`solutions/${file}`)));
  return hash.digest().readInt32LE(0) | 1; // never 0, the student edition's salt
}

/** Grades every student folder of `submissions` into `out`; returns the students graded this run. */
export async function gradeClass(
  options: GradeOptions,
): Promise<{ graded: string[]; skipped: string[]; notices: Notice[]; course: Course }> {
  const isDirectory = (p: string) => {
    try {
      return statSync(p).isDirectory();
    } catch {
      return false;
    }
  };
  if (!existsSync(options.submissions))
    throw new CommandError(
      `no submissions folder at ${options.submissions}: give the folder that holds one folder per student`,
    );
  if (!isDirectory(options.submissions))
    throw new CommandError(`${options.submissions} is not a folder: give the folder that holds one folder per student`);
  if (existsSync(options.out) && !isDirectory(options.out))
    throw new CommandError(`--out ${options.out} is a file, not a folder`);
  const course = await gradingCourse(options.exercises);
  const everyone = readdirSync(options.submissions)
    .filter((name) => !name.startsWith(".") && isDirectory(join(options.submissions, name)))
    .sort();
  if (everyone.includes("grades.csv"))
    throw new CommandError(
      `a student folder is named "grades.csv", like the table this command writes: rename it in ${options.submissions}`,
    );
  const students = everyone.filter((name) => !options.only || options.only.includes(name));
  mkdirSync(options.out, { recursive: true });
  for (const f of readdirSync(options.out))
    if (TEMP.test(f)) rmSync(join(options.out, f), { recursive: true, force: true }); // left by a killed run
  const todo = students.filter((s) => options.force || !existsSync(join(options.out, s, "grade.json")));
  const skipped = students.filter((s) => !todo.includes(s));
  const bar = options.quiet ? { tick() {}, say() {}, done() {} } : progress(todo.length);
  if (skipped.length && !options.quiet)
    console.error(`${skipped.length} student(s) already graded, skipped (use --force to regrade).`);
  const notices: Notice[] = [];
  await mapLimit(todo, Math.max(1, options.concurrency ?? availableParallelism()), async (student) => {
    const grade = await gradeStudent(course, join(options.submissions, student), student);
    writeStudent(options.out, course, grade);
    if (grade.notice) {
      notices.push({ student, message: grade.notice });
      bar.say(`${JSON.stringify(student)}: ${grade.notice}`);
    }
    bar.tick(student, `${grade.total}/${grade.max}`);
  });
  bar.done();
  writeCsv(options.out, course, everyone);
  return { graded: todo, skipped, notices, course };
}

export const USAGE = `Usage: npm run grade -- <submissions-dir> --out <dir> [--force] [--only alice,bob] [--concurrency N]

Grades a class: each folder of <submissions-dir> is one student holding an exercises/ tree. Writes
<dir>/grades.csv and, per student, results.json (Gradescope's format), feedback.md and grade.json.
A rerun resumes where an interrupted run stopped; --force regrades everyone. N students at a time
(default: one per core).`;

if (isMain(import.meta.url)) {
  const { positionals, values } = parseCommand(USAGE, {
    out: { type: "string" },
    force: { type: "boolean" },
    only: { type: "string" },
    concurrency: { type: "string" },
  });
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const)
    process.on(signal, () => {
      killAllChildren();
      console.error("\nInterrupted: students graded so far are saved; run again to continue.");
      process.exit(130);
    });
  await runCommand(async () => {
    if (positionals.length !== 1 || !values.out) throw new CommandError(USAGE, 2);
    const concurrency = values.concurrency === undefined ? undefined : Number(values.concurrency);
    if (concurrency !== undefined && !(Number.isInteger(concurrency) && concurrency > 0))
      throw new CommandError(
        `--concurrency wants a whole number of students at a time, not "${values.concurrency}"`,
        2,
      );
    const started = performance.now();
    const { graded, skipped, notices } = await gradeClass({
      submissions: positionals[0]!,
      out: values.out,
      force: values.force,
      only: values.only?.split(","),
      concurrency,
    });
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `Graded ${graded.length} student(s) in ${seconds.toFixed(1)} s${skipped.length ? ` (${skipped.length} skipped)` : ""}: ${join(values.out, "grades.csv")}`,
    );
    if (notices.length)
      console.log(
        `${notices.length} submission(s) need a look:\n${notices.map((n) => `  ${JSON.stringify(n.student)}: ${n.message}`).join("\n")}`,
      );
  });
}
