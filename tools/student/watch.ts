/**
 * `npm run watch -- [exercise …]`: checks the exercises at once, then again every time you save one of
 * their files (all exercises when none is named: saving a file rechecks that exercise only). The same
 * output as `npm run check`. Leave it running beside your editor; Ctrl-C to stop.
 */

import { watch } from "node:fs";
import { parseCommand, runCommand } from "../author/cli.ts";
import { DEFINITIONS, checkedTree } from "../author/course.ts";
import { fromRoot } from "../author/root.ts";
import { killAllChildren } from "../sandbox/process.ts";
import { checksVitest, definitionFiles } from "./check.ts";
import { dim } from "./report.ts";

const USAGE = `Usage: npm run watch -- [exercise …]

Checks the exercises named (05.3, slerp, 05-interpolating-rotations/03-slerp), or all of them, and again
each time you save one of their files in exercises/. Ctrl-C to stop.`;

const { positionals } = parseCommand(USAGE, {});
await runCommand(async () => {
  const files = await definitionFiles(positionals);
  const vitest = await checksVitest(true);
  const project = vitest.getProjectByName("checks");
  await vitest.start(files);
  const watched = new Set(files.map((f) => f.slice(fromRoot(`${DEFINITIONS}/`).length)));
  console.log(dim(`Watching ${watched.size} exercise file(s) in exercises/ — save to recheck; Ctrl-C to stop.`));
  const pending = new Map<string, NodeJS.Timeout>();
  watch(checkedTree(), { recursive: true }, (_event, name) => {
    const file = name?.toString().replaceAll("\\", "/");
    if (!file || !watched.has(file)) return;
    clearTimeout(pending.get(file));
    // Editors write a file in several steps: wait for the last.
    pending.set(
      file,
      setTimeout(() => {
        if (process.stdout.isTTY) process.stdout.write("\x1b[2J\x1b[H");
        void vitest.rerunTestSpecifications([project.createSpecification(fromRoot(`${DEFINITIONS}/${file}`))]);
      }, 150),
    );
  });
  process.on("SIGINT", () => {
    killAllChildren();
    void vitest.close().finally(() => process.exit(0));
  });
});
