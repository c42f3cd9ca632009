/**
 * `npm run hint -- <exercise>`: reveals the next hint of an exercise, and the ones before it. How many
 * are revealed is remembered in `.state/hints.json` (git-ignored); `--reset` forgets.
 */

import { allExercises, findIn, loadCourse } from "./course/course.ts";
import { HINTS_FILE, readState, writeAtomic } from "./course/state.ts";

const args = process.argv.slice(2);
const course = await loadCourse();
if (args.length === 0) {
  console.log("Usage: npm run hint -- <exercise>   (add --reset to hide its hints again)\n\nExercises:");
  for (const e of allExercises(course)) console.log(`  ${e.id.padEnd(24)} ${e.title}`);
  process.exit(1);
}
try {
  const exercise = findIn(
    course,
    args.find((a) => !a.startsWith("--"))!,
  );
  const revealed = readState<Record<string, number>>(HINTS_FILE, {});
  if (args.includes("--reset")) {
    delete revealed[exercise.id];
    writeAtomic(HINTS_FILE, revealed);
    console.log(`Hints of ${exercise.id} hidden again.`);
  } else {
    const shown = Math.min((revealed[exercise.id] ?? 0) + 1, exercise.hints.length);
    revealed[exercise.id] = shown;
    writeAtomic(HINTS_FILE, revealed);
    console.log(`${exercise.title} (${exercise.id}) — hint ${shown} of ${exercise.hints.length}\n`);
    exercise.hints.slice(0, shown).forEach((h, i) => console.log(`${i + 1}. ${h}\n`));
    console.log(
      shown < exercise.hints.length ? "Run the same command again for the next hint." : "That was the last hint.",
    );
  }
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
