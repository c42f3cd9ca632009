/**
 * `npm run check`: runs every exercise's checks on your code and prints a table — chapter, exercise,
 * status (passed / failing / not started), points — with the total. `npm run check -- <exercise>`
 * shows each check of one exercise, and for a failure the input, the expected and your answer and the
 * error in human units. Your code runs in a sandboxed child process, so a bug cannot hang the checker.
 * The result is saved to .state/progress.json for the course home.
 */

import { readFileSync } from "node:fs";
import { type ExerciseResult } from "./course/checks.ts";
import { type Course, allExercises, findIn, loadCourse } from "./course/course.ts";
import { evaluate } from "./course/evaluate.ts";
import { courseTable, dim, exerciseDetail } from "./course/report.ts";
import { mapLimit } from "./course/sandbox.ts";
import { PROGRESS_FILE, type Progress, readState, writeAtomic } from "./course/state.ts";
import { fromRoot } from "./notebook-kit/kit.ts";

/** Checks the given exercises of the working tree; returns the results by id and saves them as progress (unless told not to). */
export async function checkExercises(
  course: Course,
  ids: readonly string[],
  { saveProgress = true } = {},
): Promise<{ results: Map<string, ExerciseResult>; logs: Map<string, string> }> {
  const wanted = allExercises(course).filter((e) => ids.includes(e.id));
  const evaluations = await mapLimit(wanted, 2, async (e) => {
    let source: string | { problem: string };
    try {
      source = readFileSync(fromRoot(`exercises/${e.file}`), "utf8");
    } catch {
      source = { problem: `exercises/${e.file} is missing` };
    }
    return evaluate(e, source);
  });
  const results = new Map(evaluations.map((ev) => [ev.result.id, ev.result]));
  const logs = new Map(evaluations.map((ev) => [ev.result.id, `${ev.run?.stdout ?? ""}${ev.run?.stderr ?? ""}`]));
  if (!saveProgress) return { results, logs };
  const progress = readState<Progress>(PROGRESS_FILE, { updated: "", exercises: {} });
  for (const chapter of course.chapters) {
    for (const e of chapter.exercises) {
      const r = results.get(e.id);
      if (r)
        progress.exercises[e.id] = {
          chapter: chapter.id,
          title: e.title,
          status: r.status,
          earned: r.earned,
          points: r.points,
        };
    }
  }
  progress.updated = new Date().toISOString();
  writeAtomic(PROGRESS_FILE, progress);
  return { results, logs };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const course = await loadCourse();
  const arg = process.argv.slice(2).find((a) => !a.startsWith("-"));
  try {
    if (arg) {
      const exercise = findIn(course, arg);
      const { results, logs } = await checkExercises(course, [exercise.id]);
      console.log(exerciseDetail(exercise.title, exercise.file, results.get(exercise.id)!, logs.get(exercise.id)));
    } else {
      const started = performance.now();
      const { results } = await checkExercises(
        course,
        allExercises(course).map((e) => e.id),
      );
      console.log(courseTable(course, results));
      console.log(
        dim(
          `\n${results.size} exercises checked in ${((performance.now() - started) / 1000).toFixed(1)} s. Details: npm run check -- <exercise>   Hints: npm run hint -- <exercise>`,
        ),
      );
    }
  } catch (error) {
    console.error((error as Error).message);
    process.exitCode = 1;
  }
}
