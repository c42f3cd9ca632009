/**
 * Course validation (as rustlings' `dev check`): the three trees mirror each other; every definition is
 * well formed (points, at least one case per check, no zero tolerance, a hint); the reference solution
 * passes every check and imports only what the exercise allows; the stub fails every check and reads as
 * "not started"; each stub's exports have exactly its solution's types. Solutions and stubs are the
 * course's own, trusted code, so they run in this process.
 */

import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { toleranceProblem } from "../isomorphic/compare.ts";
import { callsOf, judge, runCalls } from "../isomorphic/judge.ts";
import { DEFINITIONS, exerciseFiles, loadExercise, withCaseSalt } from "./course.ts";
import { restrictImports } from "./imports.ts";
import { mirrorTypeProblems } from "./mirror-types.ts";
import { promiseAudit } from "./promises.ts";
import { fromRoot } from "./root.ts";
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
  const salted = await withCaseSalt(Number(process.env.COURSE_CASE_SALT ?? 0) ^ PROBE_SALT, () => loadExercise(file));
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

/** Every problem of the course; empty when it is valid. */
export async function courseProblems(): Promise<string[]> {
  const problems = treeProblems();
  if (problems.length) return problems; // files are missing: the rest would only repeat it
  const files = exerciseFiles(DEFINITIONS);
  for (const file of files) problems.push(...(await exerciseProblems(file)));
  const pairs = files.map((file) => ({
    name: file,
    solution: fromRoot(`solutions/${file}`),
    stub: fromRoot(`exercises/${file}`),
  }));
  problems.push(...(await mirrorTypeProblems(pairs)).map((p) => `stub and solution types differ: ${p}`));
  return problems;
}
