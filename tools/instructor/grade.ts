/**
 * `npm run grade -- <submissions-dir> --out <dir> [--exercises 05.1,05.3 | --chapters 05,06]
 * [--roster roster.csv] [--force] [--only <student,…>] [--concurrency N]`: grades a class on an
 * assignment (assignment.ts: a selection of exercises; the whole course by default).
 *
 * Each sub-folder of `<submissions-dir>` is one student, named by the folder, holding an `exercises/`
 * tree — or their files as they arrive: a wrapper folder, chapter folders or loose files, zips, a
 * per-student zip, Canvas's and Moodle's downloads (tools/instructor/submissions.ts finds them, matches
 * near-miss names and says so, never follows a symbolic link, caps what a zip may unpack). What was
 * taken as what, and what could not be matched ("did you mean …"), is said in the run's output, the
 * student's feedback.md and results.json, and their grade.json (`status`, `notices`). Each student's whole
 * submission runs in ONE sandboxed child process (tools/sandbox/), each exercise in a `vm`
 * context of its own, against the full checks, hidden ones included, with expected values computed
 * here from `solutions/`; every comparison happens here. Hidden checks run after every visible one, in
 * a fresh instance of the student's module (evaluate.ts), so nothing a student is shown can depend on
 * their inputs. N students at a time (default: one per core).
 * Writes:
 *   <out>/assignment.json         the exercises graded here: one folder, one assignment
 *   <out>/grades.csv, summary.md, totals.svg, pass-rates.svg
 *                                 the gradebook (gradebook.ts), rebuilt from every grade.json on each run:
 *                                 per student the assignment's exercises, chapter subtotals, total, max,
 *                                 status and notices (and id, email from a --roster)
 *   <out>/<student>/results.json  Gradescope's results format
 *   <out>/<student>/feedback.md   what a student reads: each check, and for a visible check's failure
 *                                 the numbers (a hidden check says only passed or failed; the student's
 *                                 console output is never shown)
 *   <out>/<student>/grade.json    points per exercise, from which grades.csv is rebuilt on every run, status, notices and a hash of the
 *                                 files graded (gradebook.ts `SavedGrade`)
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
import { type CheckResult, type ExerciseResult, shownPart } from "../isomorphic/judge.ts";
import { type Course, allExercises, exerciseFiles, loadCourse } from "../author/course.ts";
import { type Submitted, evaluateAll } from "../author/evaluate.ts";
import { CommandError, parseCommand, runCommand } from "../author/cli.ts";
import { fromRoot, isMain } from "../author/root.ts";
import { killAllChildren } from "../sandbox/process.ts";
import { mapLimit } from "../sandbox/run.ts";
import {
  ASSIGNMENT_FILE,
  DEFAULT_HIDDEN_VISIBILITY,
  HIDDEN_VISIBILITIES,
  type HiddenVisibility,
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
import {
  type Discovered,
  type StudentSubmission,
  type SubmissionStatus,
  discoverSubmission,
  isLayoutNotice,
  listStudents,
} from "./submissions.ts";

export { csvCell } from "./csv.ts";
export { DEFAULT_HIDDEN_VISIBILITY, HIDDEN_VISIBILITIES, type HiddenVisibility } from "./assignment.ts";

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

/** When a student sees what is hidden from them, in words. */
const WHEN_SHOWN: Record<HiddenVisibility, string> = {
  after_published: "shown when the grades are published",
  after_due_date: "shown after the due date",
  hidden: "not shown here",
};

/** What a failed check says. The not-started and whole-module cases are said once, for the exercise. */
function failureText(r: ExerciseResult, c: CheckResult): string {
  if (r.status === "not started") return "Not started: the exercise still throws NotImplemented.";
  if (r.problem) return r.problem;
  return [
    `${c.failed} of ${c.total} cases fail.`,
    ...c.failures.map(
      (f) => `input: ${f.input}\nas code: ${f.code}\nexpected: ${f.expected}\ngot: ${f.got}\n${f.error}`,
    ),
  ].join("\n\n");
}

/**
 * The Gradescope results of a grade: one test per check. Visible checks' tests are visible and say,
 * for a failure, what the student's own `npm run check` says (they are rendered from the visible run
 * alone, {@link shownPart}); hidden checks' tests say only "passed" or "failed", with
 * `hiddenVisibility` (default "after_published").
 *
 * Gradescope's specification (https://gradescope-autograders.readthedocs.io/en/latest/specs/,
 * "Controlling Test Case Visibility") hides a test whose visibility is "hidden", "after_due_date" or
 * "after_published" until that moment, and "if test cases are hidden, students will not be able to see
 * their total score" — but the top-level `output` is shown to students at once ("any output you wish to
 * show to students must be explicitly put in the JSON 'output' field"). So `output` states only the
 * visible checks' points while hidden checks are graded, never a total that includes hidden points:
 * that total would give away how the hidden checks went before they are shown. `score` is the full
 * total; Gradescope keeps it from the student while tests are hidden. stdout stays hidden (it is the
 * grader's log, never the student's).
 */
export function gradescopeResults(
  course: Course,
  grade: StudentGrade,
  hiddenVisibility: HiddenVisibility = DEFAULT_HIDDEN_VISIBILITY,
): GradescopeResults {
  const names = new Map(allExercises(course).map((e) => [e.id, `${e.number} ${e.name} — ${e.title}`]));
  const tests: GradescopeResults["tests"] = [];
  let shownEarned = 0;
  let shownMax = 0;
  let hiddenMax = 0;
  for (const r of grade.results) {
    const shown = shownPart(r);
    const visibleChecks = [...shown.checks];
    for (const c of r.checks) {
      const name = `${names.get(r.id)}: ${c.name}`;
      if (c.hidden) {
        const status = c.passed ? ("passed" as const) : ("failed" as const);
        hiddenMax += c.points;
        // What concerns the module as a whole comes from the visible run (a file that does not
        // compile fails every check alike); nothing of the hidden run is said but "failed".
        const output =
          !c.passed && (shown.problem || shown.status === "not started")
            ? failureText(shown, c)
            : `${c.passed ? "Passed" : "Failed"}. (A hidden check: its cases are not shown.)`;
        tests.push({ name, score: c.earned, max_score: c.points, status, output, visibility: hiddenVisibility });
        continue;
      }
      const v = visibleChecks.shift()!; // the same check, as the visible run alone judged it
      shownEarned += v.earned;
      shownMax += v.points;
      const status = v.passed ? ("passed" as const) : ("failed" as const);
      const output = v.passed ? `${v.total} cases pass.` : failureText(shown, v);
      tests.push({ name, score: v.earned, max_score: v.points, status, output, visibility: "visible" });
    }
  }
  const points = hiddenMax
    ? `${shownEarned} of ${shownMax} points in the visible checks; the hidden checks' ${hiddenMax} point${hiddenMax === 1 ? " is" : "s are"} ${WHEN_SHOWN[hiddenVisibility]}.`
    : `${grade.total} of ${grade.max} points.`;
  return {
    score: grade.total,
    execution_time: Math.round(grade.seconds * 100) / 100,
    output: `${grade.notices.map((n) => `Note: ${n}.\n`).join("")}${grade.notices.length ? "\n" : ""}${points}`,
    stdout_visibility: "hidden",
    tests,
  };
}

/**
 * The feedback a student reads, in Markdown: the total, and per exercise each check. A failed visible
 * check shows its first failing cases, as the student's own `npm run check` does (from the visible run
 * alone, {@link shownPart}); a hidden check shows its name, its points and whether it passed — never
 * its inputs, nor how many of its cases failed (a count a module could make say something of them).
 */
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
      const shown = shownPart(r);
      const visibleChecks = [...shown.checks];
      lines.push(`### ${e.number} ${e.title} (\`${e.name}\`) — ${r.status}, ${r.earned}/${r.points}`, "");
      if (shown.problem) lines.push("```", shown.problem, "```", "");
      for (const c of r.checks) {
        const mark = c.passed ? "✅" : "❌";
        if (c.hidden) {
          lines.push(`- ${mark} ${c.name} — ${c.earned}/${c.points} (hidden check: its cases are not shown)`);
          continue;
        }
        const v = visibleChecks.shift()!;
        lines.push(`- ${mark} ${v.name} — ${v.earned}/${v.points}`);
        if (v.passed || shown.problem || shown.status === "not started") continue;
        for (const f of v.failures)
          lines.push(
            `  - input \`${f.input}\`: expected \`${f.expected}\`, got \`${f.got}\` — ${f.error}`,
            `    (as code: \`${f.code}\`)`,
          );
        if (v.failed > v.failures.length) lines.push(`  - … ${v.failed - v.failures.length} more failing cases`);
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
function writeStudent(outDir: string, course: Course, grade: StudentGrade, hiddenVisibility?: HiddenVisibility): void {
  const final = join(outDir, grade.student);
  const temp = join(outDir, tempName(grade.student));
  rmSync(temp, { recursive: true, force: true });
  mkdirSync(temp, { recursive: true });
  writeFileSync(
    join(temp, "results.json"),
    JSON.stringify(gradescopeResults(course, grade, hiddenVisibility), null, 2) + "\n",
  );
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
  /** Who sees the hidden checks' Gradescope tests, and when (default "after_published"). */
  hiddenVisibility?: HiddenVisibility;
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
  const full = await loadCourse(gradingSalt());
  if (full.edition !== "full")
    throw new CommandError(
      "grading needs the full course (solutions/ and the hidden checks); this is the student edition",
    );
  return selectExercisesOf(full, exercises);
}

/** `full` cut down to the exercises with these ids (all when absent); an unknown id is a CommandError. */
function selectExercisesOf(full: Course, exercises?: readonly string[]): Course {
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

/**
 * Grades every student of `submissions` (tools/instructor/submissions.ts `listStudents`: folders, zips,
 * Canvas's and Moodle's downloads) into `out`, and writes the gradebook (gradebook.ts). A student already
 * graded for this assignment is skipped — unless `force`, or their files changed since (the hash in their
 * grade.json differs): then they are regraded, and named in `regraded`. Returns the students graded this
 * run (the regraded ones among them).
 */
export async function gradeClass(options: GradeOptions): Promise<{
  graded: string[];
  skipped: string[];
  regraded: string[];
  notices: Notice[];
  /** About the submissions folder itself: what in it is no student's. */
  classNotices: string[];
  course: Course;
  gradebook: Gradebook;
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
  const roster = options.roster === undefined ? undefined : readRoster(options.roster);
  const full = await gradingCourse();
  const course = selectExercisesOf(full, options.exercises); // the course is loaded (every solution run) once
  mkdirSync(options.out, { recursive: true });
  // Listed after the output folder exists, so that it is recognised (by its real path) wherever it is.
  const { students: everyone, notices: classNotices } = listStudents(options.submissions, options.out);
  for (const file of [...GRADEBOOK_FILES, ASSIGNMENT_FILE])
    if (everyone.some((s) => s.student === file))
      throw new CommandError(
        `a student folder is named "${file}", like a file this command writes: rename it in ${options.submissions}`,
      );
  const strangers = (options.only ?? []).filter((name) => !everyone.some((s) => s.student === name));
  if (strangers.length)
    throw new CommandError(
      `--only names no student folder of ${options.submissions}: ${strangers.map((s) => JSON.stringify(s)).join(", ")} (names are folder names, exactly)`,
    );
  const students = everyone.filter((s) => !options.only || options.only.includes(s.student));
  for (const f of readdirSync(options.out))
    if (TEMP.test(f)) rmSync(join(options.out, f), { recursive: true, force: true }); // left by a killed run
  const selection = allExercises(course).map((e) => e.id);
  const assignment = describeSelection(allExercises(full), options.exercises && selection);
  keepOneAssignment(options, selection, assignment);
  const skip = realpathSync(options.out);
  const graded = new Set(allExercises(course).map((e) => e.id));
  const todo: { student: string; found: Discovered }[] = [];
  const skipped: string[] = [];
  const regraded: string[] = [];
  const said: string[] = [];
  for (const { student, sources } of students) {
    const found = discoverSubmission(sources, { skip, graded });
    const before = readGrade(options.out, student);
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
    writeStudent(options.out, course, grade, options.hiddenVisibility);
    for (const message of grade.notices) {
      notices.push({ student, message });
      if (!isLayoutNotice(message)) bar.say(`${JSON.stringify(student)}: ${message}`);
    }
    bar.tick(student, `${grade.total}/${grade.max}`);
  });
  bar.done();
  const gradebook = writeGradebook(
    options.out,
    course,
    everyone.map((s) => s.student),
    { ...(roster ? { roster } : {}), assignment },
  );
  return { graded: todo.map((t) => t.student), skipped, regraded, notices, classNotices, course, gradebook };
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
                      [--hidden-visibility after_published|after_due_date|hidden]

Grades a class: each folder of <submissions-dir> is one student holding an exercises/ tree, or their
files as an LMS delivers them (a wrapper folder, chapter folders, loose files, zips, a per-student zip,
Canvas's or Moodle's download: see the README). Writes <dir>/grades.csv, <dir>/summary.md (read it
first) with totals.svg and pass-rates.svg, and per student results.json (Gradescope's format),
feedback.md and grade.json.

The assignment (default: the whole course; one --out folder per assignment):
${ASSIGNMENT_USAGE}
  --roster roster.csv      a class list (columns: folder or name, id, email): adds id and email to
                           grades.csv, lists roster students without a submission ("missing") and
                           submissions not on the roster
  --hidden-visibility W    when students see the hidden checks' Gradescope tests (after_published,
                           the default; after_due_date; hidden). Hidden checks run after the visible
                           ones, in a fresh instance of the student's module, and say only passed or failed.

A rerun grades only the students not graded yet (it resumes an interrupted run), regrades a student
whose files changed since, and rebuilds the gradebook from everyone's grade.json:
  --force                  regrade them all (with --only: just those)
  --only alice,bob         only these students (folder names); the others keep their grades
  --concurrency N          students graded at a time (default: one per core)`;

/** Reads --hidden-visibility: one of {@link HIDDEN_VISIBILITIES}, or a CommandError that lists them. */
export function parseHiddenVisibility(value: string | undefined): HiddenVisibility | undefined {
  if (value === undefined) return undefined;
  if ((HIDDEN_VISIBILITIES as readonly string[]).includes(value)) return value as HiddenVisibility;
  throw new CommandError(
    `--hidden-visibility is one of ${HIDDEN_VISIBILITIES.join(", ")} (Gradescope's settings; "visible" would show the hidden checks), not "${value}"`,
    2,
  );
}

if (isMain(import.meta.url)) {
  const { positionals, values } = parseCommand(USAGE, {
    out: { type: "string" },
    force: { type: "boolean" },
    only: { type: "string" },
    concurrency: { type: "string" },
    "hidden-visibility": { type: "string" },
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
    const { graded, skipped, regraded, notices, classNotices, gradebook } = await gradeClass({
      submissions: positionals[0]!,
      out: values.out,
      force: values.force,
      only: values.only?.split(","),
      concurrency,
      hiddenVisibility: parseHiddenVisibility(values["hidden-visibility"]),
      ...(exercises ? { exercises } : {}),
      ...(values.roster === undefined ? {} : { roster: values.roster }),
    });
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `Graded ${graded.length} student(s) on ${gradebook.assignment} in ${seconds.toFixed(1)} s${regraded.length ? ` (${regraded.length} regraded: their files changed)` : ""}${skipped.length ? ` (${skipped.length} skipped)` : ""}: ${join(values.out, "grades.csv")}; read ${join(values.out, "summary.md")} first.`,
    );
    const names = (list: string[]) => list.map((s) => JSON.stringify(s)).join(", ");
    if (gradebook.missing.length)
      console.log(`On the roster, no submission (status "missing"): ${names(gradebook.missing)}`);
    if (gradebook.notOnRoster.length) console.log(`Not on the roster: ${names(gradebook.notOnRoster)}`);
    // Where a student's files were found (a wrapper folder, loose files) is counted, not listed: it is
    // how submissions arrive, and summary.md and grades.csv say it per student.
    const look = notices.filter((n) => !isLayoutNotice(n.message));
    const who = [...new Set(look.map((n) => n.student))].sort();
    const elsewhere = new Set(
      notices.filter((n) => isLayoutNotice(n.message) && !who.includes(n.student)).map((n) => n.student),
    );
    if (who.length)
      console.log(
        `${who.length} submission(s) need a look:\n${who
          .flatMap((s) => look.filter((n) => n.student === s).map((n) => `  ${JSON.stringify(s)}: ${n.message}`))
          .join("\n")}`,
      );
    if (elsewhere.size)
      console.log(
        `${elsewhere.size} submission(s) had their files outside exercises/ (a wrapper folder, loose files): found and matched; summary.md says where.`,
      );
    if (classNotices.length) console.log(`In the submissions folder:\n${classNotices.map((n) => `  ${n}`).join("\n")}`);
  });
}
