/**
 * `npm run export:gradescope -- <zip> [--exercises 05.1,05.3 | --chapters 05]`: packages the grader as a
 * Gradescope autograder, so a course too big for one machine grades on Gradescope's infrastructure with
 * the very same code as `npm run grade` — for the whole course, or for one assignment: then the zip's
 * root holds `assignment.json` (assignment.ts), and run_autograder grades those exercises alone (their
 * tests, their points, their max).
 *
 * The zip holds `setup.sh` (installs Node 20 and the course's locked dependencies), `run_autograder`
 * (grades /autograder/submission as one student and writes /autograder/results/results.json) and the
 * full course under `course/` — with solutions and hidden checks: the zip is for the instructor's
 * Gradescope account, never for students.
 */

import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { zipSync } from "fflate";
import { CommandError, parseCommand, runCommand } from "../author/cli.ts";
import { fromRoot, isMain } from "../author/root.ts";
import { courseIndex } from "../author/course.ts";
import {
  ASSIGNMENT_FILE,
  ASSIGNMENT_OPTIONS,
  ASSIGNMENT_USAGE,
  assignmentJson,
  describeSelection,
  selectExercises,
} from "./assignment.ts";

/** The course files the grader needs, relative to the course root. */
const COURSE = [
  "package.json",
  "package-lock.json",
  "tsconfig.json",
  "lib",
  "exercises",
  "solutions",
  "tools",
  "tests/exercises", // the exercise definitions (checks, hints, allowances); not their fixtures or tests
];

/** What the zip leaves out of those folders: build output, local state, the course's own tests. */
const SKIP = /(^|\/)(node_modules|dist|\.cache|\.state|fixtures|[^/]+\.test\.ts)$/;

const SETUP = `#!/usr/bin/env bash
# Gradescope runs this once when the autograder image is built.
set -euo pipefail
if ! command -v node >/dev/null || [ "$(node -p 'process.versions.node.split(".")[0]')" -lt 20 ]; then
  apt-get update
  apt-get install -y ca-certificates curl gnupg
  curl -fsSL https://deb.nodesource.com/setup_20.x | bash -
  apt-get install -y nodejs
fi
cd "$(dirname "$0")/course"
npm ci --no-audit --no-fund
`;

const RUN = `#!/usr/bin/env bash
# Gradescope runs this for each submission: the student's files are in $ROOT/submission, either as an
# exercises/ folder or as the exercise files themselves (chapter folders at the top level).
set -euo pipefail
ROOT="\${AUTOGRADER_ROOT:-/autograder}"
WORK="$(mktemp -d)"
mkdir -p "$WORK/submissions/student"
if [ -d "$ROOT/submission/exercises" ]; then
  cp -R "$ROOT/submission/exercises" "$WORK/submissions/student/exercises"
else
  cp -R "$ROOT/submission" "$WORK/submissions/student/exercises"
fi
cd "$ROOT/source/course"
ASSIGNMENT=()
if [ -f "$ROOT/source/assignment.json" ]; then ASSIGNMENT=(--assignment "$ROOT/source/assignment.json"); fi
node --import ./tools/author/register-ts.mjs tools/instructor/grade.ts "$WORK/submissions" --out "$WORK/graded" \${ASSIGNMENT[@]+"\${ASSIGNMENT[@]}"}
mkdir -p "$ROOT/results"
cp "$WORK/graded/student/results.json" "$ROOT/results/results.json"
`;

function addTree(files: Record<string, [Uint8Array, { mode: number }]>, path: string): void {
  const full = fromRoot(path);
  if (!existsSync(full)) return;
  if (statSync(full).isDirectory()) {
    for (const entry of readdirSync(full)) if (!SKIP.test(join(path, entry))) addTree(files, join(path, entry));
    return;
  }
  files[`course/${relative(fromRoot("."), full).replaceAll("\\", "/")}`] = [readFileSync(full), { mode: 0o644 }];
}

/**
 * Writes the autograder zip to `zipPath`; returns the paths it holds.
 * @param exercises - The assignment's exercise ids (assignment.ts `selectExercises`); all when absent.
 */
export function exportGradescope(zipPath: string, exercises?: readonly string[]): string[] {
  const files: Record<string, [Uint8Array, { mode: number }]> = {
    "setup.sh": [new TextEncoder().encode(SETUP), { mode: 0o755 }],
    run_autograder: [new TextEncoder().encode(RUN), { mode: 0o755 }],
    ...(exercises
      ? { [ASSIGNMENT_FILE]: [new TextEncoder().encode(assignmentJson(exercises)), { mode: 0o644 }] as const }
      : {}),
  };
  for (const path of COURSE) addTree(files, path);
  // fflate stores Unix modes in the external attributes when given `os: 3`; executables stay executable.
  const zip = zipSync(
    Object.fromEntries(
      Object.entries(files).map(([name, [data, { mode }]]) => [
        name,
        [data, { os: 3, attrs: (mode | 0o100000) << 16 }],
      ]),
    ),
    { level: 6 },
  );
  writeFileSync(zipPath, zip);
  return Object.keys(files);
}

if (isMain(import.meta.url)) {
  const usage = `Usage: npm run export:gradescope -- <autograder.zip> [--exercises 05.1,05.3 | --chapters 05]

Packages the grader, the solutions and the hidden checks as a Gradescope autograder (for the
instructor's account only: it holds the answers). One zip per Gradescope assignment:
${ASSIGNMENT_USAGE}`;
  const { positionals, values } = parseCommand(usage, ASSIGNMENT_OPTIONS);
  await runCommand(async () => {
    if (positionals.length !== 1) throw new CommandError(usage, 2);
    const index = await courseIndex();
    const exercises = await selectExercises(values, index);
    const files = exportGradescope(positionals[0]!, exercises);
    console.log(
      `Gradescope autograder for ${describeSelection(index, exercises)} written to ${positionals[0]} (${files.length} files). Upload it as the assignment's autograder.`,
    );
  });
}
