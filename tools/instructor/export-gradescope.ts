/**
 * `npm run export:gradescope -- <zip> [--exercises 05.1,05.3 | --chapters 05]`: packages the grader as a
 * Gradescope autograder, so a course too big for one machine grades on Gradescope's infrastructure with
 * the very same code as `npm run grade` — for the whole course, or for one assignment: then the zip's
 * root holds `assignment.json` (assignment.ts), and run_autograder grades those exercises alone (their
 * tests, their points, their max).
 *
 * The zip holds
 * - `setup.sh` (tools/instructor/gradescope/): installs a supported Node LTS if the image has none, then
 *   `npm ci --omit=dev` — only what grading imports at run time;
 * - `run_autograder` (same folder): grades /autograder/submission as one student, however its files are
 *   laid out, and always leaves /autograder/results/results.json (tools/instructor/autograder.ts);
 * - the full course under `course/` — with solutions and hidden checks: the zip is for the instructor's
 *   Gradescope account, never for students — and, in place of the course's own package.json and
 *   lockfile, the grader's: {@link GRADER_DEPENDENCIES} at the versions the course locks.
 * An `assignment.json` at the zip's root (`{"exercises": [ids…]}`) makes it grade those exercises only.
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
import { type HiddenVisibility, parseHiddenVisibility } from "./grade.ts";

/**
 * The course files the grader needs, relative to the course root (package.json is the grader's own);
 * `npm run validate` reads the same (tests/exercises/validate.test.ts copies them).
 */
export const GRADER_COURSE = [
  "tsconfig.json",
  "lib",
  "exercises",
  "solutions",
  "tools",
  "tests/exercises", // the exercise definitions (checks, hints, allowances); not their fixtures or tests
  // The chapters' example data that definitions share with their chapter (one source per fact): plain
  // data modules, no DOM. A definition that imports another notebook module fails the export's test.
  "notebooks/figures/kabsch-example.ts",
  "notebooks/figures/path-example.ts",
];

/** What the zip leaves out of those folders: build output, local state, the course's own tests. */
const SKIP = /(^|\/)(node_modules|dist|\.cache|\.state|fixtures|[^/]+\.test\.ts)$/;

/**
 * The packages the grader imports at run time — all it installs on Gradescope. Found by tracing a
 * `npm run grade`'s module loads (and kept honest by tests/exercises/gradescope.test.ts, which grades
 * with nothing else installed):
 * - rolldown: the sandbox strips the types of students' files with its Oxc transform (it installs its
 *   native binding for the platform, and no script);
 * - typescript: the sandbox checks students' imports with it and words a syntax error as it always has,
 *   and tools/author/ts-hooks.mjs strips the course's own types with it where Vite is absent;
 * - fflate: uploads may hold zips, which the grader unpacks.
 */
export const GRADER_DEPENDENCIES = ["rolldown", "typescript", "fflate"] as const;

/** An entry of package-lock.json (lockfile version 3). */
interface LockEntry {
  version?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  [key: string]: unknown;
}

/**
 * The autograder's package.json and package-lock.json: the course's, cut down to
 * {@link GRADER_DEPENDENCIES} and everything they depend on (the lockfile's entries, as locked), so that
 * `npm ci --omit=dev` installs the grader's run-time needs and nothing else.
 */
export function graderPackage(): { packageJson: object; lock: object } {
  const course = JSON.parse(readFileSync(fromRoot("package.json"), "utf8")) as Record<string, unknown>;
  const lock = JSON.parse(readFileSync(fromRoot("package-lock.json"), "utf8")) as {
    lockfileVersion: number;
    packages: Record<string, LockEntry>;
  };
  // Node's resolution, read from the lockfile: the nearest node_modules/<name> from `from` upwards.
  const locate = (name: string, from: string): string | undefined => {
    for (let dir = from; ; dir = dir.replace(/\/?node_modules\/(@[^/]+\/)?[^/]+$/, "")) {
      const at = `${dir ? `${dir}/` : ""}node_modules/${name}`;
      if (lock.packages[at]) return at;
      if (!dir) return undefined;
    }
  };
  const packages: Record<string, LockEntry> = {};
  const visit = (at: string) => {
    if (packages[at]) return;
    const { dev: _dev, devOptional: _devOptional, peer: _peer, ...entry } = lock.packages[at]!; // a run-time need now
    packages[at] = entry;
    for (const name of Object.keys({ ...entry.dependencies, ...entry.optionalDependencies })) {
      const found = locate(name, at);
      if (found) visit(found);
      else if (!entry.optionalDependencies?.[name])
        // an optional one may be for another platform
        throw new Error(`package-lock.json has no ${name}, which ${at} needs: run npm install`);
    }
  };
  const dependencies: Record<string, string> = {};
  for (const name of GRADER_DEPENDENCIES) {
    const at = locate(name, "");
    if (!at) throw new Error(`package-lock.json has no ${name}, which the grader needs: run npm install`);
    dependencies[name] = lock.packages[at]!.version!;
    visit(at);
  }
  const packageJson = {
    name: `${String(course.name)}-autograder`,
    version: course.version,
    private: true,
    description: "The course's grader, as a Gradescope autograder (written by npm run export:gradescope).",
    type: course.type,
    engines: course.engines,
    dependencies,
  };
  const root = { name: packageJson.name, version: packageJson.version, dependencies, engines: course.engines };
  return {
    packageJson,
    lock: {
      name: packageJson.name,
      version: packageJson.version,
      lockfileVersion: lock.lockfileVersion,
      requires: true,
      packages: { "": root, ...packages },
    },
  };
}

/** The autograder's scripts, as they go into the zip (executable). */
const SCRIPTS = ["setup.sh", "run_autograder"];

function addTree(files: Record<string, [Uint8Array, { mode: number }]>, path: string): void {
  const full = fromRoot(path);
  if (!existsSync(full)) return;
  if (statSync(full).isDirectory()) {
    for (const entry of readdirSync(full)) if (!SKIP.test(join(path, entry))) addTree(files, join(path, entry));
    return;
  }
  files[`course/${relative(fromRoot("."), full).replaceAll("\\", "/")}`] = [readFileSync(full), { mode: 0o644 }];
}

export interface ExportOptions {
  /** The assignment's exercise ids (assignment.ts `selectExercises`); all when absent. */
  exercises?: readonly string[];
  /** Who sees the hidden checks' tests, and when (grade.ts; default "after_published"). */
  hiddenVisibility?: HiddenVisibility;
}

/** Writes the autograder zip to `zipPath`; returns the paths it holds. */
export function exportGradescope(zipPath: string, options: ExportOptions = {}): string[] {
  const text = (s: string) => new TextEncoder().encode(s);
  const files: Record<string, [Uint8Array, { mode: number }]> = {};
  if (options.exercises || options.hiddenVisibility)
    files[ASSIGNMENT_FILE] = [text(assignmentJson(options.exercises, options.hiddenVisibility)), { mode: 0o644 }];
  for (const script of SCRIPTS)
    files[script] = [readFileSync(fromRoot(`tools/instructor/gradescope/${script}`)), { mode: 0o755 }];
  const { packageJson, lock } = graderPackage();
  files["course/package.json"] = [text(JSON.stringify(packageJson, null, 2) + "\n"), { mode: 0o644 }];
  files["course/package-lock.json"] = [text(JSON.stringify(lock, null, 2) + "\n"), { mode: 0o644 }];
  for (const path of GRADER_COURSE) addTree(files, path);
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
       [--hidden-visibility after_published|after_due_date|hidden]

Packages the grader, the solutions and the hidden checks as a Gradescope autograder (for the
instructor's account only: it holds the answers). One zip per Gradescope assignment:
${ASSIGNMENT_USAGE}
Hidden checks' tests say only passed or failed, and students see them when --hidden-visibility says
(default after_published).`;
  const { positionals, values } = parseCommand(usage, {
    ...ASSIGNMENT_OPTIONS,
    "hidden-visibility": { type: "string" },
  });
  await runCommand(async () => {
    if (positionals.length !== 1) throw new CommandError(usage, 2);
    const hiddenVisibility = parseHiddenVisibility(values["hidden-visibility"]);
    const index = await courseIndex();
    const exercises = await selectExercises(values, index);
    const files = exportGradescope(positionals[0]!, {
      ...(exercises ? { exercises } : {}),
      ...(hiddenVisibility ? { hiddenVisibility } : {}),
    });
    console.log(
      `Gradescope autograder for ${describeSelection(index, exercises)} written to ${positionals[0]} (${files.length} files). Upload it as the assignment's autograder.`,
    );
  });
}
