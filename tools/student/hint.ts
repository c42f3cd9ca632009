/**
 * `npm run hint -- <exercise>`: reveals the next hint of an exercise, and the ones before it. How many
 * are revealed is remembered in `.state/hints.json` (git-ignored); `--reset` forgets.
 */

import { parseCommand, runCommand } from "../author/cli.ts";
import { courseIndex, findExercise, loadDefinition } from "../author/course.ts";
import { resetHints, revealNextHint } from "../author/hints.ts";

const USAGE = `Usage: npm run hint -- <exercise> [--reset]

Shows the next hint of an exercise (05.3, slerp, 05-interpolating-rotations/03-slerp) and the ones before
it; --reset hides its hints again.`;

const { positionals, values } = parseCommand(USAGE, { reset: { type: "boolean" } });
await runCommand(async () => {
  const index = await courseIndex();
  if (positionals.length !== 1) {
    console.log(
      `${USAGE}\n\nExercises:\n${index.map((e) => `  ${`${e.number} ${e.name}`.padEnd(28)} ${e.title}`).join("\n")}`,
    );
    process.exitCode = 2;
    return;
  }
  const exercise = findExercise(index, positionals[0]!);
  const { hints } = await loadDefinition(exercise.file);
  if (values.reset) {
    resetHints(exercise.id);
    console.log(`Hints of ${exercise.number} ${exercise.name} hidden again.`);
    return;
  }
  const { shown } = revealNextHint(exercise.id, hints);
  console.log(`${exercise.number} ${exercise.name} — ${exercise.title}: hint ${shown} of ${hints.length}\n`);
  hints.slice(0, shown).forEach((h, i) => console.log(`${i + 1}. ${h}\n`));
  console.log(shown < hints.length ? "Run the same command again for the next hint." : "That was the last hint.");
});
