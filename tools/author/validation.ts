/**
 * Course validation (as rustlings' `dev check`): the three trees mirror each other; every definition is
 * well formed (points, at least one case per check, no zero tolerance, a hint); the reference solution
 * passes every check and imports only what the exercise allows; the stub fails every check and reads as
 * "not started"; each stub's exports have exactly its solution's types. Solutions and stubs are the
 * course's own, trusted code, so they run in this process.
 *
 * A reference can pass its own checks and still be wrong — the expected values come *from* it — so the
 * fixtures are graded too (`startFixtureGrading`): students' answers written independently of the
 * reference, each declaring what it must earn. When a correct alternative loses points, the reference
 * (or a check) disagrees with it, and the problem names the fixture.
 */

import { existsSync, readFileSync, readdirSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { toleranceProblem } from "../isomorphic/compare.ts";
import { type ConcreteExercise, placeOf } from "../isomorphic/exercise.ts";
import { type ExerciseResult, callsOf, judge, runCalls } from "../isomorphic/judge.ts";
import { DEFINITIONS, exerciseFiles, loadDefinition, loadExercise } from "./course.ts";
import { evaluateAll } from "./evaluate.ts";
import { restrictImports } from "./imports.ts";
import { mirrorTypeProblems } from "./mirror-types.ts";
import { promiseAudit } from "./promises.ts";
import { fromRoot } from "./root.ts";
import { mapLimit } from "../sandbox/run.ts";
import { transpile } from "../sandbox/transpile.ts";
import { treeProblems } from "./trees.ts";

/** Any salt other than the edition's: which visible checks does the grader's salt leave unchanged? */
const PROBE_SALT = 0x5a17;

const load = async (tree: "exercises" | "solutions", file: string) =>
  (await import(pathToFileURL(fromRoot(`${tree}/${file}`)).href)) as Record<string, unknown>;

/** The problems of one exercise (its file relative to the trees), as sentences; empty when it behaves. */
export async function exerciseProblems(file: string): Promise<string[]> {
  const problems: string[] = [];
  const exercise = await loadExercise(file);
  const who = `${exercise.number} ${exercise.name}`;
  if (exercise.hints.length === 0) problems.push(`${who}: has no hints`);
  const names = new Set<string>();
  for (const check of exercise.checks) {
    if (names.has(check.name)) problems.push(`${who}: two checks are named "${check.name}"`);
    names.add(check.name);
    if (!(check.points > 0)) problems.push(`${who}: "${check.name}" is worth ${check.points} points`);
    if (check.cases.length === 0) problems.push(`${who}: "${check.name}" has no cases`);
    const tolerance = toleranceProblem(check.comparison);
    if (tolerance) problems.push(`${who}: "${check.name}" has ${tolerance}; name a positive tolerance`);
  }

  const definitionSource = readFileSync(fromRoot(`${DEFINITIONS}/${file}`), "utf8");
  const audit = promiseAudit(
    definitionSource,
    exercise.checks.map((c) => c.name),
    who,
  );
  problems.push(...audit.problems);

  // The student edition ships every visible case with its expected output. The grader's salt must change
  // at least one case of each visible check, or a table of those outputs earns the check's points.
  const salted = await loadExercise(file, PROBE_SALT);
  const callsOfCheck = (c: { cases: readonly { fn: string; args: unknown }[] }) =>
    JSON.stringify(c.cases.map(({ fn, args }) => [fn, args]));
  for (const check of exercise.checks.filter((c) => !c.hidden)) {
    const other = salted.checks.find((c) => c.name === check.name);
    if (other && callsOfCheck(other) === callsOfCheck(check))
      problems.push(
        `${who}: "${check.name}" grades only cases the student edition ships with their answers (no case changes with the grader's salt), so copying those answers earns its points; add a case drawn from caseRng`,
      );
  }

  const source = readFileSync(fromRoot(`solutions/${file}`), "utf8");
  const js = transpile(source, `solutions/${file}`);
  if (js.ok) {
    const held = restrictImports(js.code, `exercises/${file}`, exercise.uses, {
      barrel: "lib/allowed",
      extension: ".js",
      exercise: who,
    });
    for (const p of held.problems) problems.push(`the solution of ${p.replace(`exercises/${file} `, "")}`);
  } else problems.push(`${who}: the solution does not compile: ${js.message}`);

  const solved = judge(exercise, runCalls(await load("solutions", file), callsOf(exercise)));
  for (const c of solved.checks.filter((c) => !c.passed)) {
    const f = c.failures[0];
    problems.push(`${who}: the solution fails "${c.name}"${f ? ` — ${f.input}: ${f.error}` : ""}`);
  }
  const stub = judge(exercise, runCalls(await load("exercises", file), callsOf(exercise)));
  for (const c of stub.checks.filter((c) => c.passed || c.earned > 0))
    problems.push(`${who}: the stub passes "${c.name}"`);
  if (stub.status !== "not started") problems.push(`${who}: the stub reads as "${stub.status}", not "not started"`);
  return problems;
}

/**
 * Every problem of the course (or of the exercises `only`, files relative to the trees), fixtures
 * aside (see {@link startFixtureGrading}); empty when it is valid.
 */
export async function courseProblems(only?: readonly string[]): Promise<string[]> {
  const problems = treeProblems();
  if (problems.length) return problems; // files are missing: the rest would only repeat it
  const files = exerciseFiles(DEFINITIONS).filter((f) => !only || only.includes(f));
  for (const file of files) problems.push(...(await exerciseProblems(file)));
  const pairs = files.map((file) => ({
    name: file,
    solution: fromRoot(`solutions/${file}`),
    stub: fromRoot(`exercises/${file}`),
  }));
  problems.push(...(await mirrorTypeProblems(pairs)).map((p) => `stub and solution types differ: ${p}`));
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Fixtures: students' answers that say what they must earn
// ---------------------------------------------------------------------------------------------

/** Where the fixtures live: `<FIXTURES>/<chapter>/<nn-name>/(correct|wrong)-<what>.ts`. */
export const FIXTURES = `${DEFINITIONS}/fixtures`;

/**
 * A fixture: a student's file for one exercise, written independently of the reference.
 * - `correct-*.ts` is another valid answer (a different branch, sign, axis, formula): it must earn full
 *   marks.
 * - `wrong-*.ts` is a subtly wrong answer; each `// fails: <check name>` line names a check it must
 *   lose (`// fails: *` for every check, e.g. a forbidden import). Exactly those checks fail.
 */
export interface Fixture {
  /** The exercise's file, relative to the trees: "05-interpolating-rotations/03-slerp.ts". */
  exercise: string;
  /** The file's name without `.ts`: "correct-exp-log". */
  name: string;
  kind: "correct" | "wrong";
  /** Absolute path. */
  path: string;
}

const FIXTURE_FILE = /^(correct|wrong)-.+\.ts$/;

/** Every fixture of the course at `base` (another copy's, in tests), in path order. */
export function fixtureFiles(base = fromRoot(".")): Fixture[] {
  const root = join(base, FIXTURES);
  if (!existsSync(root)) return [];
  const dirs = (path: string) =>
    readdirSync(path, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
  return dirs(root).flatMap((chapter) =>
    dirs(join(root, chapter)).flatMap((exercise) =>
      readdirSync(join(root, chapter, exercise))
        .filter((f) => FIXTURE_FILE.test(f))
        .sort()
        .map((f) => ({
          exercise: `${chapter}/${exercise}.ts`,
          name: f.replace(/\.ts$/, ""),
          kind: f.startsWith("correct-") ? ("correct" as const) : ("wrong" as const),
          path: join(root, chapter, exercise, f),
        })),
    ),
  );
}

/** The checks a wrong fixture says it loses: its `// fails: <check name>` lines, in order ("*": every check). */
export function namedFailures(source: string): string[] {
  return [...source.matchAll(/^\s*\/\/ fails: (.+)$/gm)].map((m) => m[1]!.trim());
}

/**
 * How a fixture's grade disagrees with what the fixture declares, as sentences that name it; empty when
 * it earns exactly what it says. `source` is the fixture's text, `result` its grade.
 */
export function fixtureDisagreements(fixture: Fixture, source: string, result: ExerciseResult): string[] {
  const who = `fixture ${relative(fromRoot("."), fixture.path)}`;
  const failing = result.checks.filter((c) => !c.passed);
  const why = (name: string) => {
    const c = result.checks.find((k) => k.name === name);
    const f = c?.failures[0];
    return f
      ? ` (${f.input}: expected ${f.expected}, got ${f.got} — ${f.error})`
      : result.problem
        ? ` (${result.problem})`
        : "";
  };
  if (fixture.kind === "correct") {
    if (!failing.length && result.earned === result.points) return [];
    return [
      `${who} is a correct answer but earns ${result.earned} of ${result.points}: it fails ${failing.map((c) => `"${c.name}"${why(c.name)}`).join("; ") || "no check, yet loses points"} — is the reference solution (or the check) wrong?`,
    ];
  }
  const named = namedFailures(source);
  if (!named.length)
    return [`${who} names no check it must lose: add a line "// fails: <check name>" (or "// fails: *")`];
  const names = result.checks.map((c) => c.name);
  const problems = named
    .filter((n) => n !== "*" && !names.includes(n))
    .map(
      (n) =>
        `${who} names "${n}" (// fails:), which is not a check of this exercise: ${names.map((m) => `"${m}"`).join(", ")}`,
    );
  const expected = named.includes("*") ? names : named.filter((n) => names.includes(n));
  for (const c of result.checks.filter((k) => k.passed && expected.includes(k.name)))
    problems.push(
      `${who} is a wrong answer that passes "${c.name}", a check it names (// fails:): the check, or the reference, no longer tells it from a right one`,
    );
  for (const c of failing.filter((k) => !expected.includes(k.name)))
    problems.push(
      `${who} also fails "${c.name}", which it does not name${why(c.name)}: add "// fails: ${c.name}" if it should, or is the reference wrong?`,
    );
  return problems;
}

/**
 * Grades the fixtures (of every exercise, or of the files `only`) as the grader grades a class — in the
 * sandbox, hidden checks included, the library allowance enforced — on the cases salt `salt` draws:
 * every disagreement (see {@link fixtureDisagreements}); empty when each earns what it says. Each
 * chapter's fixtures run in one sandboxed process (a job per fixture, each in a context of its own),
 * a chapter per core at a time.
 *
 * In two steps, so that the caller can work while the sandboxes do: this resolves once the exercises
 * are loaded on the salt's cases, and `problems` resolves when the grading is done. `byFixture` holds the same
 * disagreements by fixture (its absolute path), for a caller that reports each fixture on its own.
 */
export async function startFixtureGrading(options: {
  salt: number;
  only?: readonly string[];
}): Promise<{ problems: Promise<string[]>; byFixture: Promise<Map<string, string[]>> }> {
  const fixtures = fixtureFiles().filter((f) => !options.only || options.only.includes(f.exercise));
  const known = new Set(exerciseFiles(DEFINITIONS));
  const strays = fixtures
    .filter((f) => !known.has(f.exercise))
    .map(
      (f) => `fixture ${relative(fromRoot("."), f.path)} is for no exercise: there is no ${DEFINITIONS}/${f.exercise}`,
    );
  const graded = fixtures.filter((f) => known.has(f.exercise));
  const exercises = new Map<string, ConcreteExercise>();
  for (const file of new Set(graded.map((f) => f.exercise)))
    exercises.set(file, await loadExercise(file, options.salt));
  const sources = graded.map((f) => readFileSync(f.path, "utf8"));
  const chapterOf = (f: Fixture) => f.exercise.slice(0, f.exercise.indexOf("/"));
  const chapters = [...new Set(graded.map(chapterOf))];
  const indices = chapters.map((c) => graded.flatMap((f, i) => (chapterOf(f) === c ? [i] : [])));
  const verdicts: string[][] = [];
  const done = mapLimit(indices, Math.max(1, availableParallelism()), async (batch) => {
    const results = await evaluateAll(
      batch.map((i) => exercises.get(graded[i]!.exercise)!),
      batch.map((i) => sources[i]!),
    );
    batch.forEach((i, k) => (verdicts[i] = fixtureDisagreements(graded[i]!, sources[i]!, results[k]!.result)));
  });
  const byFixture = done.then(() => new Map(graded.map((f, i) => [f.path, verdicts[i]!])));
  byFixture.catch(() => {}); // a caller may await only `problems`, which rejects the same way
  return { problems: done.then(() => [...strays, ...verdicts.flat()]), byFixture }; // in path order
}

/**
 * The promise audit as a table (markdown): per exercise and check, the promise the check guards (its
 * `// Guards:` comments) and the wrong fixtures that lose it — `npm run validate -- --audit`.
 */
export async function promiseTable(only?: readonly string[]): Promise<string> {
  const escape = (s: string) => s.replace(/\|/g, "\\|");
  const fixtures = fixtureFiles().filter((f) => f.kind === "wrong");
  const rows = ["| exercise | check | promise it guards | wrong fixtures that lose it |", "|---|---|---|---|"];
  for (const file of only ?? exerciseFiles(DEFINITIONS)) {
    const { number, name } = placeOf(file);
    const definition = await loadDefinition(file);
    const source = readFileSync(fromRoot(`${DEFINITIONS}/${file}`), "utf8");
    const { guards } = promiseAudit(
      source,
      definition.checks.map((c) => c.name),
      `${number} ${name}`,
    );
    const losing = fixtures
      .filter((f) => f.exercise === file)
      .map((f) => ({ name: f.name, fails: namedFailures(readFileSync(f.path, "utf8")) }));
    for (const check of definition.checks) {
      const lost = losing.filter((f) => f.fails.includes(check.name) || f.fails.includes("*")).map((f) => f.name);
      rows.push(
        `| ${number} ${name} | ${escape(check.name)}${check.hidden ? " (hidden)" : ""} | ${escape(guards.get(check.name) ?? "—")} | ${lost.join(", ") || "—"} |`,
      );
    }
  }
  return rows.join("\n");
}
