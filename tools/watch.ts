/**
 * `npm run watch`: checks an exercise every time you save its file, with the same output as
 * `npm run check -- <exercise>`. Leave it running beside your editor; Ctrl-C to stop.
 */

import { watch } from "node:fs";
import { checkExercises } from "./check.ts";
import { allExercises, loadCourse } from "./course/course.ts";
import { dim, exerciseDetail } from "./course/report.ts";
import { killAllChildren } from "./course/sandbox.ts";
import { fromRoot } from "./notebook-kit/kit.ts";

const course = await loadCourse();
const byFile = new Map(allExercises(course).map((e) => [e.file, e]));
const pending = new Map<string, NodeJS.Timeout>();
let running: Promise<void> = Promise.resolve();

/** Checks one exercise, after the previous check has finished (saves can come in bursts). */
function recheck(file: string): void {
  const exercise = byFile.get(file);
  if (!exercise) return;
  running = running.then(async () => {
    const { results, logs } = await checkExercises(course, [exercise.id]);
    if (process.stdout.isTTY) process.stdout.write("\x1b[2J\x1b[H"); // clear the screen
    console.log(exerciseDetail(exercise.title, exercise.file, results.get(exercise.id)!, logs.get(exercise.id)));
    console.log(dim(`\n${new Date().toLocaleTimeString()} — watching exercises/ for changes (Ctrl-C to stop)`));
  });
}

watch(fromRoot("exercises"), { recursive: true }, (_event, name) => {
  const file = name?.toString().replaceAll("\\", "/");
  if (!file || !byFile.has(file)) return;
  clearTimeout(pending.get(file));
  pending.set(
    file,
    setTimeout(() => recheck(file), 150),
  ); // editors write a file in several steps
});
process.on("SIGINT", () => {
  killAllChildren();
  process.exit(0);
});
console.log(`Watching exercises/ — save an exercise file to check it (${byFile.size} exercises). Ctrl-C to stop.`);
