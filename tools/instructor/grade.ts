/**
 * `npm run grade -- <submissions-dir> --out <dir> [--force] [--only <student,…>] [--concurrency N]`:
 * grades a class.
 *
 * Each sub-folder of `<submissions-dir>` is one student, named by the folder, holding an `exercises/`
 * tree — or their files as they arrive: a wrapper folder, chapter folders or loose files, zips, a
 * per-student zip, Canvas's and Moodle's downloads (tools/instructor/submissions.ts finds them, matches
 * near-miss names and says so, never follows a symbolic link, caps what a zip may unpack). What was
 * taken as what, and what could not be matched ("did you mean …"), is said in the run's output, the
 * student's feedback.md and results.json, and their grade.json (`status`, `notices`). Each student's whole
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
 *   <out>/<student>/grade.json    points per exercise, from which grades.csv is rebuilt on every run;
 *                                 the status, the notices and a hash of the files graded
 * Each student's results appear at once (written to a temporary folder, then renamed), so an
 * interrupted run — even a SIGKILLed one, whose sandbox processes exit on their own — never leaves half
 * a student; a rerun skips the students already graded unless --force, and ends with the grades an
 * uninterrupted run gives — except a student whose files changed since they were graded (their hash
 * differs), who is regraded and named. The output folder is never a student, wherever it is. A progress
 * bar on a terminal, one line per student otherwise.
 */

import { createHash } from "node:crypto";
import { availableParallelism } from "node:os";
import {
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  realpathSync,
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
import { killAllChildren, mapLimit } from "../author/sandbox.ts";
import {
  type Discovered,
  type StudentSubmission,
  type SubmissionStatus,
  discoverSubmission,
  listStudents,
} from "./submissions.ts";

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
  /**
   * "graded"; "partly matched" when some files could not be matched, were ambiguous or were refused (a
   * link, a zip over its caps); "nothing found" when no file is for an exercise graded here.
   */
  status: SubmissionStatus;
  /**
   * What the instructor and the student should know about the submission: where the files were found,
   * what was taken as what ("taken `03-slerp (1).ts` as exercise 05.3"), what was not matched ("did you
   * mean …"), what was refused. Sentences without a final period; empty for a tidy submission.
   */
  notices: string[];
  /** A hash of the files found (tools/instructor/submissions.ts): a rerun regrades when it changes. */
  hash: string;
  /** Seconds spent grading this student. */
  seconds: number;
}

/**
 * Grades one student on every exercise of `course`: their files found in `submission` (a folder, a
 * student of {@link listStudents}, or what {@link discoverSubmission} already found). Never throws for
 * anything the student did.
 */
export async function gradeStudent(
  course: Course,
  submission: string | StudentSubmission | Discovered,
  student: string,
): Promise<StudentGrade> {
  const started = performance.now();
  const exercises = allExercises(course);
  const found =
    typeof submission === "object" && "files" in submission
      ? submission
      : discoverSubmission(typeof submission === "string" ? submission : submission.sources, {
          graded: new Set(exercises.map((e) => e.id)),
        });
  const sources: Submitted[] = exercises.map(
    (exercise) => found.files.get(exercise.file) ?? { problem: `exercises/${exercise.file} was not submitted` },
  );
  const results = (await evaluateAll(exercises, sources)).map((e) => e.result);
  return {
    student,
    results,
    total: results.reduce((s, r) => s + r.earned, 0),
    max: results.reduce((s, r) => s + r.points, 0),
    status: found.status,
    notices: found.notices,
    hash: found.hash,
    seconds: (performance.now() - started) / 1000,
  };
}

/** The Gradescope results of a grade. Hidden checks are shown after the grades are published. */
export function gradescopeResults(course: Course, grade: StudentGrade): GradescopeResults {
  const names = new Map(allExercises(course).map((e) => [e.id, `${e.number} ${e.name} — ${e.title}`]));
  return {
    score: grade.total,
    execution_time: Math.round(grade.seconds * 100) / 100,
    output: `${grade.notices.map((n) => `Note: ${n}.\n`).join("")}${grade.notices.length ? "\n" : ""}${grade.total} of ${grade.max} points.`,
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
  for (const notice of grade.notices) lines.push(`> **Note:** ${notice}.`, ">");
  if (grade.notices.length) (lines.pop(), lines.push(""));
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
      status: grade.status,
      notices: grade.notices,
      hash: grade.hash,
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
 * The salt the grader mixes into every generated case (tests/exercises/cases.ts `caseRng`): a hash of
 * the solutions, which students never see — so the graded cases differ from the ones the student edition
 * ships with their expected values, and stay the same from one run of the same course to the next.
 */
export function gradingSalt(): number {
  const hash = createHash("sha256");
  for (const file of exerciseFiles("solutions")) hash.update(file).update(readFileSync(fromRoot(`solutions/${file}`)));
  return hash.digest().readInt32LE(0) | 1; // never 0, the student edition's salt
}

/**
 * Grades every student of `submissions` (tools/instructor/submissions.ts `listStudents`: folders, zips,
 * Canvas's and Moodle's downloads) into `out`. A student already graded is skipped — unless `force`, or
 * their files changed since (the hash in their grade.json differs): then they are regraded, and named
 * in `regraded`. Returns the students graded this run (the regraded ones among them).
 */
export async function gradeClass(options: GradeOptions): Promise<{
  graded: string[];
  skipped: string[];
  regraded: string[];
  notices: Notice[];
  /** About the submissions folder itself: what in it is no student's. */
  classNotices: string[];
  course: Course;
}> {
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
  const full = await withCaseSalt(gradingSalt(), loadCourse);
  const keep = (id: string) => !options.exercises || options.exercises.includes(id);
  const course: Course = {
    ...full,
    chapters: full.chapters.map((c) => ({ ...c, exercises: c.exercises.filter((e) => keep(e.id)) })),
  };
  if (course.edition !== "full")
    throw new CommandError(
      "grading needs the full course (solutions/ and the hidden checks); this is the student edition",
    );
  mkdirSync(options.out, { recursive: true });
  // Listed after the output folder exists, so that it is recognised (by its real path) wherever it is.
  const { students: everyone, notices: classNotices } = listStudents(options.submissions, options.out);
  if (everyone.some((s) => s.student === "grades.csv"))
    throw new CommandError(
      `a student folder is named "grades.csv", like the table this command writes: rename it in ${options.submissions}`,
    );
  const students = everyone.filter((s) => !options.only || options.only.includes(s.student));
  for (const f of readdirSync(options.out))
    if (TEMP.test(f)) rmSync(join(options.out, f), { recursive: true, force: true }); // left by a killed run
  const skip = realpathSync(options.out);
  const graded = new Set(allExercises(course).map((e) => e.id));
  const todo: { student: string; found: Discovered }[] = [];
  const skipped: string[] = [];
  const regraded: string[] = [];
  const said: string[] = [];
  for (const { student, sources } of students) {
    const found = discoverSubmission(sources, { skip, graded });
    const before = readGradeJson(options.out, student);
    const sameExercises =
      before &&
      Object.keys(before.exercises ?? {})
        .sort()
        .join() === [...graded].sort().join();
    if (before && !options.force && before.hash === found.hash && sameExercises) {
      skipped.push(student);
      continue;
    }
    if (before && !options.force) {
      regraded.push(student);
      said.push(
        `regraded ${JSON.stringify(student)}: ${
          !before.hash
            ? "graded before files were hashed, so whether they changed is unknown"
            : before.hash !== found.hash
              ? "their files changed since the last run"
              : "graded on other exercises last time"
        }`,
      );
    }
    todo.push({ student, found });
  }
  const bar = options.quiet ? { tick() {}, say() {}, done() {} } : progress(todo.length);
  if (!options.quiet) {
    for (const line of classNotices) console.error(`${line}.`);
    if (skipped.length)
      console.error(
        `${skipped.length} student(s) already graded, skipped: their files are unchanged (use --force to regrade).`,
      );
    for (const line of said) console.error(`${line}.`);
  }
  const notices: Notice[] = [];
  await mapLimit(todo, Math.max(1, options.concurrency ?? availableParallelism()), async ({ student, found }) => {
    const grade = await gradeStudent(course, found, student);
    writeStudent(options.out, course, grade);
    for (const message of grade.notices) {
      notices.push({ student, message });
      bar.say(`${JSON.stringify(student)}: ${message}`);
    }
    bar.tick(student, `${grade.total}/${grade.max}`);
  });
  bar.done();
  writeCsv(
    options.out,
    course,
    everyone.map((s) => s.student),
  );
  return { graded: todo.map((t) => t.student), skipped, regraded, notices, classNotices, course };
}

/** What a previous run wrote for `student`, or undefined (never graded, or unreadable: graded again). */
function readGradeJson(
  outDir: string,
  student: string,
): { hash?: string; exercises?: Record<string, number> } | undefined {
  try {
    return JSON.parse(readFileSync(join(outDir, student, "grade.json"), "utf8")) as {
      hash?: string;
      exercises?: Record<string, number>;
    };
  } catch {
    return undefined;
  }
}

export const USAGE = `Usage: npm run grade -- <submissions-dir> --out <dir> [--force] [--only alice,bob] [--concurrency N]

Grades a class: each folder of <submissions-dir> is one student holding an exercises/ tree, or their
files as an LMS delivers them (a wrapper folder, chapter folders, loose files, zips, a per-student zip,
Canvas's or Moodle's download: see the README). Writes <dir>/grades.csv and, per student, results.json
(Gradescope's format), feedback.md and grade.json. A rerun resumes where an interrupted run stopped and
regrades a student whose files changed since; --force regrades everyone. N students at a time
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
    const { graded, skipped, regraded, notices, classNotices } = await gradeClass({
      submissions: positionals[0]!,
      out: values.out,
      force: values.force,
      only: values.only?.split(","),
      concurrency,
    });
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `Graded ${graded.length} student(s) in ${seconds.toFixed(1)} s${regraded.length ? ` (${regraded.length} regraded: their files changed)` : ""}${skipped.length ? ` (${skipped.length} skipped)` : ""}: ${join(values.out, "grades.csv")}`,
    );
    const who = [...new Set(notices.map((n) => n.student))];
    if (who.length)
      console.log(
        `${who.length} submission(s) need a look:\n${notices.map((n) => `  ${JSON.stringify(n.student)}: ${n.message}`).join("\n")}`,
      );
    if (classNotices.length) console.log(`In the submissions folder:\n${classNotices.map((n) => `  ${n}`).join("\n")}`);
  });
}
