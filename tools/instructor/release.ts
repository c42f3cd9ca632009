/**
 * `npm run release -- <dir>`: writes the student edition of the course to `<dir>` — no `solutions/`, no
 * hidden checks, no instructor tools. It is built from the **committed** course (`git archive HEAD`),
 * never from the instructor's working copy: a solved exercise in `exercises/` that was never committed
 * cannot reach the students (uncommitted changes are named, and left out). Each exercise's definition is
 * rewritten with its visible checks made concrete (the expected values computed here from the
 * solutions), so the edition's checker and panels need no solutions. The release passes its own
 * `npm test` (tests/exercises/release.test.ts proves it), with every stub reported "not started".
 */

import { execFileSync, spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import prettier from "prettier";
import { CommandError, parseCommand, runCommand } from "../author/cli.ts";
import type { Course } from "../author/course.ts";
import { fromRoot, isMain } from "../author/root.ts";
import type { ConcreteExercise, ReleasedDefinition } from "../isomorphic/exercise.ts";

/** What the student edition takes from the course: top-level entries. */
const INCLUDE = [
  ".ci",
  ".gitignore",
  ".prettierignore",
  ".prettierrc.json",
  "README.md",
  "bench",
  "docs",
  "exercises",
  "lib",
  "notebooks",
  "package-lock.json",
  "package.json",
  "tests",
  "tools",
  "tsconfig.json",
  "vite.config.ts",
  "vitest.config.ts",
];

/**
 * Paths (relative to the course) that stay with the instructor: answers, hidden checks, grading, and the
 * figure snapshots, which review the authors' changes to charts (a student changes neither notebooks nor
 * lib/, and would pay minutes of every `npm test` for them).
 */
export const INSTRUCTOR_ONLY = [
  "solutions",
  "tools/instructor",
  "tools/author/validation.ts",
  "tools/author/mirror-types.ts",
  "tools/author/trees.ts",
  "bench/grade.ts",
  "tests/exercises/cases.ts",
  "tests/exercises/fixtures",
  "tests/exercises/fixtures.test.ts",
  "tests/exercises/course.test.ts",
  "tests/exercises/checker.test.ts",
  "tests/grader",
  "tests/exercises/headers.test.ts",
  "tests/exercises/mirror-types.test.ts",
  "tests/exercises/release.test.ts",
  "tests/exercises/gradescope.test.ts",
  "tests/exercises/hidden-checks.test.ts",
  "tests/exercises/validate.test.ts",
  "tests/tools/submissions.test.ts",
  "tests/tools/gradebook.test.ts",
  "tests/docs.test.ts",
  "tests/notebooks/__snapshots__",
];

/** npm scripts that need the instructor's files. */
const INSTRUCTOR_SCRIPTS = ["grade", "validate", "release", "export:gradescope", "bench:grade"];

/** The README's rows that describe instructor-only things, and what the edition says instead. */
const README_ROWS: [RegExp, string | null][] = [
  [/^\| `solutions\/` .*\n/m, null],
  [/^\| `tools\/` .*\|$/m, "| `tools/` | course tooling: check, watch, hint |"],
];

const run = (cmd: string, args: string[], cwd: string) =>
  execFileSync(cmd, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

/** A JavaScript literal of a JSON-like value that keeps −0, NaN and ±Infinity. */
function literal(value: unknown): string {
  if (typeof value === "number") return Object.is(value, -0) ? "-0" : String(value);
  if (Array.isArray(value)) return `[${value.map(literal).join(", ")}]`;
  if (value !== null && typeof value === "object")
    return `{ ${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}: ${literal(v)}`)
      .join(", ")} }`;
  return JSON.stringify(value);
}

/** The edition's definition file of an exercise: its visible checks, concrete. */
function releasedDefinition(e: ConcreteExercise): string {
  const definition: ReleasedDefinition = {
    title: e.title,
    uses: e.uses,
    hints: e.hints,
    timeLimitMs: e.timeLimitMs,
    checks: e.checks.filter((c) => !c.hidden),
    hiddenPoints: e.hiddenPoints,
  };
  return `/**
 * ${e.title}: the checks of exercises/${e.file} — written by \`npm run release\` with the expected values of
 * the visible checks. The instructor grades with the hidden checks too (${e.hiddenPoints} points).
 */

import { defineReleasedExercise } from "../../../tools/isomorphic/exercise.ts";

export default defineReleasedExercise(${literal(definition)});
`;
}

/**
 * The committed course, exported into a fresh folder, and what the working copy has that it lacks.
 * Throws a CommandError when the course is not a git repository.
 */
function committedCourse(): { dir: string; commit: string; uncommitted: string[] } {
  const root = fromRoot(".");
  let commit: string;
  try {
    commit = run("git", ["rev-parse", "--short", "HEAD"], root).trim();
  } catch {
    throw new CommandError(
      "npm run release builds the student edition from the committed course, and this folder is not a git repository with a commit. Commit the course (git init && git add -A && git commit), then release.",
    );
  }
  const dir = mkdtempSync(join(tmpdir(), "release-source-"));
  const tar = spawnSync("sh", ["-c", `git archive --format=tar HEAD | tar -x -C "${dir}"`], {
    cwd: root,
    encoding: "utf8",
  });
  if (tar.status !== 0) throw new CommandError(`git archive HEAD failed: ${tar.stderr.trim()}`);
  const uncommitted = run("git", ["status", "--porcelain", "--untracked-files=all", "--", ...INCLUDE], root)
    .split("\n")
    .filter(Boolean)
    .map((l) => l.slice(3));
  return { dir, commit, uncommitted };
}

/** The visible course of the course copy at `dir` (computed there, by its own tools, from its own files). */
function visibleCourseAt(dir: string): Course {
  symlinkSync(fromRoot("node_modules"), join(dir, "node_modules"), "dir");
  const json = execFileSync(
    process.execPath,
    ["--import", "./tools/author/register-ts.mjs", "tools/author/course.ts", "--visible-json"],
    { cwd: dir, encoding: "utf8", maxBuffer: 1 << 28 },
  );
  rmSync(join(dir, "node_modules"));
  return JSON.parse(json) as Course;
}

/** Writes the student edition into `dir` (which must be empty or absent); returns what it left out. */
export async function release(dir: string): Promise<{ commit: string; uncommitted: string[] }> {
  if (existsSync(dir) && readdirSync(dir).length > 0)
    throw new CommandError(`${dir} is not empty: choose a new folder for the release`);
  if (!existsSync(fromRoot("solutions"))) throw new CommandError("this is already a student edition (no solutions/)");
  const source = committedCourse();
  try {
    const from = (p: string) => join(source.dir, p);
    const skip = new Set(INSTRUCTOR_ONLY.map(from));
    mkdirSync(dir, { recursive: true });
    for (const entry of INCLUDE) {
      if (existsSync(from(entry)))
        cpSync(from(entry), join(dir, entry), { recursive: true, filter: (src) => !skip.has(src) });
    }
    const course = visibleCourseAt(source.dir);
    for (const e of course.chapters.flatMap((c) => c.exercises))
      writeFileSync(join(dir, "tests/exercises", e.file), releasedDefinition(e));
    // The generated definitions are data: not formatted by Prettier.
    writeFileSync(join(dir, ".prettierignore"), `${readFileSync(from(".prettierignore"), "utf8")}tests/exercises/*/\n`);

    const pkg = JSON.parse(readFileSync(from("package.json"), "utf8")) as { scripts: Record<string, string> };
    for (const s of INSTRUCTOR_SCRIPTS) delete pkg.scripts[s];
    writeFileSync(join(dir, "package.json"), JSON.stringify(pkg, null, 2) + "\n");

    let readme = readFileSync(from("README.md"), "utf8").replace(
      /<!-- instructor -->[\s\S]*?<!-- \/instructor -->\n?/g,
      "",
    );
    for (const [row, instead] of README_ROWS) readme = readme.replace(row, instead ?? "");
    const options = (await prettier.resolveConfig(from("README.md"))) ?? {};
    writeFileSync(
      join(dir, "README.md"),
      await prettier.format(readme.replace(/\n{3,}/g, "\n\n"), { ...options, parser: "markdown" }),
    );
    return { commit: source.commit, uncommitted: source.uncommitted };
  } finally {
    rmSync(source.dir, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) {
  const usage = `Usage: npm run release -- <dir>

Writes the student edition to <dir> (a new folder): built from the committed course (git HEAD), without
solutions/, hidden checks or the instructor's tools. Uncommitted changes are never released.`;
  const { positionals } = parseCommand(usage, {});
  await runCommand(async () => {
    if (positionals.length !== 1) throw new CommandError(usage, 2);
    const { commit, uncommitted } = await release(positionals[0]!);
    console.log(
      `Student edition of commit ${commit} written to ${positionals[0]}: no solutions/, no hidden checks. In it: npm install && npm start.`,
    );
    if (uncommitted.length)
      console.log(
        `Not in the edition — uncommitted changes of your working copy (commit them first if they belong in it):\n  ${uncommitted.join("\n  ")}`,
      );
  });
}
