/**
 * Course validation (as rustlings' `dev check`): the reference solution of every exercise passes every
 * check; its stub fails every check and reads as "not started"; the manifest and the two trees agree;
 * each stub's exports have exactly its solution's types. Solutions and stubs are the course's own,
 * trusted code, so they run in this process.
 */

import { pathToFileURL } from "node:url";
import { fromRoot } from "../notebook-kit/kit.ts";
import { callsOf, concreteExercise, judge, runCalls } from "./checks.ts";
import { chapters, exercises } from "./manifest.ts";
import { mirrorTypeProblems } from "./mirror-types.ts";
import { treeProblems } from "./trees.ts";
import type { Exercise } from "./types.ts";

const load = async (tree: "exercises" | "solutions", file: string) =>
  (await import(pathToFileURL(fromRoot(`${tree}/${file}`)).href)) as Record<string, unknown>;

/** The problems of one exercise's solution and stub, as sentences; empty when both behave. */
export async function exerciseProblems(exercise: Exercise, chapter: string): Promise<string[]> {
  const problems: string[] = [];
  const concrete = await concreteExercise(exercise, chapter, await load("solutions", exercise.file));
  const solved = judge(concrete, runCalls(await load("solutions", exercise.file), callsOf(concrete)));
  for (const c of solved.checks.filter((c) => !c.passed)) {
    const f = c.failures[0];
    problems.push(`${exercise.id}: the solution fails "${c.name}"${f ? ` — ${f.input}: ${f.error}` : ""}`);
  }
  const stub = judge(concrete, runCalls(await load("exercises", exercise.file), callsOf(concrete)));
  for (const c of stub.checks.filter((c) => c.passed || c.earned > 0))
    problems.push(`${exercise.id}: the stub passes "${c.name}"`);
  if (stub.status !== "not started")
    problems.push(`${exercise.id}: the stub reads as "${stub.status}", not "not started"`);
  return problems;
}

/** Every problem of the course; empty when it is valid. */
export async function courseProblems(): Promise<string[]> {
  const problems = await treeProblems();
  if (problems.length) return problems; // files are missing: the rest would only repeat it
  for (const chapter of chapters)
    for (const e of chapter.exercises) problems.push(...(await exerciseProblems(e, chapter.id)));
  const pairs = exercises.map((e) => ({
    name: e.id,
    solution: fromRoot(`solutions/${e.file}`),
    stub: fromRoot(`exercises/${e.file}`),
  }));
  problems.push(...(await mirrorTypeProblems(pairs)).map((p) => `stub and solution types differ: ${p}`));
  return problems;
}
