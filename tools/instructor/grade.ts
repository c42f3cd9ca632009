/**
 * `npm run grade -- <submissions-dir> --out <dir> [--exercises 05.1,05.3 | --chapters 05,06]
 * [--roster roster.csv] [--force] [--only <student,…>] [--concurrency N]`: grades a class on an
 * assignment (assignment.ts: a selection of exercises; the whole course by default).
 *
 * Each sub-folder of `<submissions-dir>` is one student, named by the folder, holding an `exercises/`
 * tree; only the files that exist in the course's `exercises/` are read (never a symbolic link). A
 * folder without `exercises/` whose chapter folders sit at its top level is graded from there, and
 * said so (in the run's output, the student's feedback.md and results.json). Each student's whole
 * submission runs in ONE sandboxed child process (tools/author/sandbox.ts), each exercise in a `vm`
 * context of its own, against the full checks, hidden ones included, with expected values computed
 * here from `solutions/`; every comparison happens here. N students at a time (default: one per core).
 * Writes:
 *   <out>/assignment.json         the exercises graded here: one folder, one assignment
 *   <out>/grades.csv, summary.md, totals.svg, pass-rates.svg
 *                                 the gradebook (gradebook.ts), rebuilt from every grade.json on each run:
 *                                 per student the assignment's exercises, chapter subtotals, total, max,
 *                                 status and notices (and id, email from a --roster)
 *   <out>/<student>/results.json  Gradescope's results format
 *   <out>/<student>/feedback.md   what a student reads: each check, and for a failure the numbers
 *                                 (not for hidden checks, whose inputs stay secret; nor the student's
 *                                 console output, which could print them)
 *   <out>/<student>/grade.json    points per exercise, status and notices (gradebook.ts `SavedGrade`)
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
import {
  ASSIGNMENT_FILE,
  ASSIGNMENT_OPTIONS,
  ASSIGNMENT_USAGE,
  assignmentJson,
  describeSelection,
  readAssignment,
  selectExercises,
} from "./assignment.ts";
import {
  GRADEBOOK_FILES,
  type Gradebook,
  type SavedGrade,
  readGrade,
  readRoster,
  writeGradebook,
} from "./gradebook.ts";

export { csvCell } from "./csv.ts";

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

/**
 * How a submission was read: "graded" (its files were found where they belong), "partly matched" (some
 * were taken from near-miss names or places, each said in `notices`), "nothing found" (no exercise file
 * at all — a 0 that needs a look, not a 0 earned). grades.csv adds "missing" for a roster student with
 * no submission folder.
 */
export type SubmissionStatus = "graded" | "nothing found" | "partly matched";

/** A student's grade: per exercise, and in Gradescope's shape. */
export interface StudentGrade {
  student: string;
  results: ExerciseResult[];
  total: number;
  max: number;
  status: SubmissionStatus;
  /** What the instructor and the student should know about the submission as a whole (its layout), one sentence each. */
  notices: string[];
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
  let found = 0;
  const sources: Submitted[] = exercises.map((exercise) => {
    const file = readSubmissionFile(studentDir, `${base}${exercise.file}`);
    if (!(!file.ok && file.missing)) found++;
    return file.ok ? file.source : { problem: file.message };
  });
  const results = (await evaluateAll(exercises, sources)).map((e) => e.result);
  return {
    student,
    results,
    total: results.reduce((s, r) => s + r.earned, 0),
    max: results.reduce((s, r) => s + r.points, 0),
    status: found ? "graded" : "nothing found",
    notices: notice ? [notice] : [],
    seconds: (performance.now() - started) / 1000,
  };
}

/** The Gradescope results of a grade. Hidden checks are shown after the grades are published. */
export function gradescopeResults(course: Course, grade: StudentGrade): GradescopeResults {
  const names = new Map(allExercises(course).map((e) => [e.id, `${e.number} ${e.name} — ${e.title}`]));
  return {
    score: grade.total,
    execution_time: Math.round(grade.seconds * 100) / 100,
    output: `${grade.notices.map((n) => `Note: ${n}.\n\n`).join("")}${grade.total} of ${grade.max} points.`,
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
  for (const notice of grade.notices) lines.push(`> **Note:** ${notice}.`, "");
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
    } satisfies SavedGrade) + "\n",
  );
  rmSync(final, { recursive: true, force: true }); // a rename cannot replace a folder; a kill here loses only this student, regraded on the next run
  renameSync(temp, final);
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
  /** Grade only these exercise ids (default: all): the assignment (see assignment.ts `selectExercises`). */
  exercises?: string[];
  /** A class list (roster.csv: folder or name, id, email) to join grades.csv with (gradebook.ts `readRoster`). */
  roster?: string;
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

/** Grades every student folder of `submissions` into `out`; returns the students graded this run. */
export async function gradeClass(
  options: GradeOptions,
): Promise<{ graded: string[]; skipped: string[]; notices: Notice[]; course: Course; gradebook: Gradebook }> {
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
  const roster = options.roster === undefined ? undefined : readRoster(options.roster);
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
  const everyone = readdirSync(options.submissions)
    .filter((name) => !name.startsWith(".") && isDirectory(join(options.submissions, name)))
    .sort();
  for (const file of [...GRADEBOOK_FILES, ASSIGNMENT_FILE])
    if (everyone.includes(file))
      throw new CommandError(
        `a student folder is named "${file}", like a file this command writes: rename it in ${options.submissions}`,
      );
  const strangers = (options.only ?? []).filter((name) => !everyone.includes(name));
  if (strangers.length)
    throw new CommandError(
      `--only names no student folder of ${options.submissions}: ${strangers.map((s) => JSON.stringify(s)).join(", ")} (names are folder names, exactly)`,
    );
  const students = everyone.filter((name) => !options.only || options.only.includes(name));
  mkdirSync(options.out, { recursive: true });
  for (const f of readdirSync(options.out))
    if (TEMP.test(f)) rmSync(join(options.out, f), { recursive: true, force: true }); // left by a killed run
  const selection = allExercises(course).map((e) => e.id);
  const assignment = describeSelection(allExercises(full), options.exercises && selection);
  keepOneAssignment(options, selection, assignment);
  // Graded already, and for this very assignment (a grade.json of other exercises is regraded).
  const current = (student: string) => {
    const graded = Object.keys(readGrade(options.out, student)?.exercises ?? {});
    return graded.length === selection.length && selection.every((id) => graded.includes(id));
  };
  const todo = students.filter((s) => options.force || !current(s));
  const skipped = students.filter((s) => !todo.includes(s));
  const bar = options.quiet ? { tick() {}, say() {}, done() {} } : progress(todo.length);
  if (skipped.length && !options.quiet)
    console.error(`${skipped.length} student(s) already graded, skipped (use --force to regrade).`);
  const notices: Notice[] = [];
  await mapLimit(todo, Math.max(1, options.concurrency ?? availableParallelism()), async (student) => {
    const grade = await gradeStudent(course, join(options.submissions, student), student);
    writeStudent(options.out, course, grade);
    for (const message of grade.notices) {
      notices.push({ student, message });
      bar.say(`${JSON.stringify(student)}: ${message}`);
    }
    bar.tick(student, `${grade.total}/${grade.max}`);
  });
  bar.done();
  const gradebook = writeGradebook(options.out, course, everyone, { roster, assignment });
  return { graded: todo, skipped, notices, course, gradebook };
}

/**
 * One output folder, one assignment: `<out>/assignment.json` records the exercises graded there, so
 * that grades.csv never mixes the columns of two assignments. A run for other exercises stops with a
 * message (use another --out), unless --force without --only regrades every student for the new one.
 */
function keepOneAssignment(options: GradeOptions, selection: string[], assignment: string): void {
  const file = join(options.out, ASSIGNMENT_FILE);
  const before = existsSync(file) ? readAssignment(file).exercises : undefined;
  if (before && before.join("\n") !== selection.join("\n")) {
    if (!options.force || options.only)
      throw new CommandError(
        `${options.out} holds the grades of another assignment (${before.length} exercise(s), listed in ${file}); this run grades ${assignment}. Give each assignment its own --out, or add --force (without --only) to regrade every student there for this one.`,
      );
  }
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, assignmentJson(selection));
  renameSync(temp, file);
}

export const USAGE = `Usage: npm run grade -- <submissions-dir> --out <dir> [--exercises 05.1,05.3 | --chapters 05,06]
                      [--roster roster.csv] [--force] [--only alice,bob] [--concurrency N]

Grades a class: each folder of <submissions-dir> is one student holding an exercises/ tree. Writes
<dir>/grades.csv, <dir>/summary.md (read it first) with totals.svg and pass-rates.svg, and per
student results.json (Gradescope's format), feedback.md and grade.json.

The assignment (default: the whole course; one --out folder per assignment):
${ASSIGNMENT_USAGE}
  --roster roster.csv      a class list (columns: folder or name, id, email): adds id and email to
                           grades.csv, lists roster students without a submission ("missing") and
                           submissions not on the roster

A rerun grades only the students not graded yet (it resumes an interrupted run) and rebuilds the
gradebook from everyone's grade.json:
  --force                  regrade them all (with --only: just those)
  --only alice,bob         only these students (folder names); the others keep their grades
  --concurrency N          students graded at a time (default: one per core)`;

if (isMain(import.meta.url)) {
  const { positionals, values } = parseCommand(USAGE, {
    out: { type: "string" },
    force: { type: "boolean" },
    only: { type: "string" },
    concurrency: { type: "string" },
    roster: { type: "string" },
    ...ASSIGNMENT_OPTIONS,
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
    const exercises = await selectExercises(values);
    const { graded, skipped, notices, gradebook } = await gradeClass({
      submissions: positionals[0]!,
      out: values.out,
      force: values.force,
      only: values.only?.split(","),
      concurrency,
      ...(exercises ? { exercises } : {}),
      ...(values.roster === undefined ? {} : { roster: values.roster }),
    });
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `Graded ${graded.length} student(s) on ${gradebook.assignment} in ${seconds.toFixed(1)} s${skipped.length ? ` (${skipped.length} skipped)` : ""}: ${join(values.out, "grades.csv")}; read ${join(values.out, "summary.md")} first.`,
    );
    const names = (list: string[]) => list.map((s) => JSON.stringify(s)).join(", ");
    if (gradebook.missing.length)
      console.log(`On the roster, no submission (status "missing"): ${names(gradebook.missing)}`);
    if (gradebook.notOnRoster.length) console.log(`Not on the roster: ${names(gradebook.notOnRoster)}`);
    if (notices.length)
      console.log(
        `${notices.length} submission(s) need a look:\n${notices.map((n) => `  ${JSON.stringify(n.student)}: ${n.message}`).join("\n")}`,
      );
  });
}
