/**
 * The student edition: `npm run release` builds it from the committed course — a solved exercise in the
 * instructor's working copy never reaches it — with no solutions and no hidden checks, definitions that
 * carry the expected values of the visible checks, a README that lists only what is in it, and its own
 * `npm test` passing (its browser tests on a sample: the pages its definitions feed; the library's tests,
 * copied unchanged with all they import, are proved once, by the course's own run).
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
  statSync,
  symlinkSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, posix } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allExercises, loadCourse } from "../../tools/author/course.ts";
import { fromRoot } from "../../tools/author/root.ts";
import { INSTRUCTOR_ONLY } from "../../tools/instructor/release.ts";

const SOLVED = "05-interpolating-rotations/03-slerp.ts";

/**
 * Test folders the edition's `npm test` leaves to the course: the release copies them, and every file they
 * import or read, byte for byte ("copies the tests it leaves to the course …" proves it), so they would
 * prove the same thing twice. The course's own run of them (the "course" project) stands for the edition's.
 * What is left for the edition to prove itself is what the release rewrites: the notebooks' tests run the
 * panels on the released definitions, and read the exercises' headers (tests/notebooks/; the cells'
 * type-check reads only notebooks, lib/ and the virtual modules' declared types, none of which it rewrites).
 */
const PROVED_BY_THE_COURSE = ["tests/lib", "tests/figures", "tests/tools", "tests/notebooks/typecheck.test.ts"];
/**
 * Besides their imports, what those tests read or run under: the library's sources (examples, api), the
 * notebooks and their fonts (tests/tools/fonts.test.ts), the cells' declared environment, the tsconfig.json
 * they are checked with and the type-check's fixture notebook, the sandbox's child process, the config.
 */
const READ_BY_THEM = [
  "lib",
  "notebooks",
  "tools/author/notebook-kit",
  "tools/sandbox",
  "tsconfig.json",
  "tests/notebooks/fixtures",
  "vitest.config.ts",
  "tests/helpers/setup.ts",
];

/** The edition's test files, but for its browser tests and those the course's run stands for. */
function editionOwnTests(edition: string): string[] {
  const left = ["tests/e2e", ...PROVED_BY_THE_COURSE];
  return (readdirSync(join(edition, "tests"), { recursive: true }) as string[])
    .map((f) => posix.join("tests", f.split("\\").join("/")))
    .filter((f) => f.endsWith(".test.ts") && !left.some((p) => f === p || f.startsWith(`${p}/`)))
    .sort();
}

/**
 * Every file of the course that `roots` (root-relative files or folders, less the instructor's files in
 * them) import, transitively, by a relative specifier, themselves included: the files on which the tests
 * in `roots` depend.
 */
function importedFiles(roots: readonly string[]): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    // A specifier in prose (a doc comment's example of a cell) may name no file: nothing to copy.
    if (seen.has(file) || !existsSync(fromRoot(file))) return;
    seen.add(file);
    const text = readFileSync(fromRoot(file), "utf8");
    for (const [, spec] of text.matchAll(/(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g))
      visit(posix.normalize(posix.join(posix.dirname(file), spec!)));
  };
  for (const root of roots) {
    if (!statSync(fromRoot(root)).isDirectory()) visit(root);
    else
      for (const f of readdirSync(fromRoot(root), { recursive: true }) as string[]) {
        const file = posix.join(root, f);
        // The instructor's own tests in these folders are no roots (a file the edition.s files import is still visited).
        const instructorOnly = INSTRUCTOR_ONLY.some((p) => file === p || file.startsWith(`${p}/`));
        if (!instructorOnly && statSync(fromRoot(file)).isFile()) visit(file);
      }
  }
  return [...seen].sort();
}

const course = await loadCourse();
let scratch: string;
let instructor: string; // a committed copy of the course, with a solved exercise in its working copy
let edition: string;
let released: { status: number | null; out: string };

const run = (cwd: string, cmd: string, args: string[], timeout = 300_000, env: Record<string, string> = {}) => {
  const r = spawnSync(cmd, args, {
    cwd,
    encoding: "utf8",
    timeout,
    env: { ...process.env, NO_COLOR: "1", CI: "1", ...env },
  });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
};

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), "release-test-"));
  instructor = join(scratch, "instructor");
  edition = join(scratch, "edition");
  // The course as it stands (committed or not), committed in a repository of its own.
  const files = execFileSync("git", ["ls-files", "-co", "--exclude-standard"], { cwd: fromRoot("."), encoding: "utf8" })
    .split("\n")
    .filter((f) => f && f !== "node_modules" && existsSync(fromRoot(f))); // a linked node_modules is untracked
  for (const f of files) {
    mkdirSync(dirname(join(instructor, f)), { recursive: true });
    cpSync(fromRoot(f), join(instructor, f));
  }
  const git = (...args: string[]) => execFileSync("git", args, { cwd: instructor, encoding: "utf8" });
  git("init", "-q");
  git("add", "-A");
  git("-c", "user.name=Instructor", "-c", "user.email=i@example.org", "commit", "-qm", "the course");
  symlinkSync(fromRoot("node_modules"), join(instructor, "node_modules"), "dir");
  // The instructor tries the exercise out in the working copy, and forgets.
  cpSync(join(instructor, "solutions", SOLVED), join(instructor, "exercises", SOLVED));
  released = run(instructor, process.execPath, [
    "--import",
    "./tools/author/register-ts.mjs",
    "tools/instructor/release.ts",
    edition,
  ]);
  symlinkSync(fromRoot("node_modules"), join(edition, "node_modules"), "dir"); // what `npm install` would bring
}, 300_000);

afterAll(() => rmSync(scratch, { recursive: true, force: true }), 120_000); // two copies of the course

describe("npm run release", () => {
  it("builds from the commit: the solved working copy stays out, and the command says so", () => {
    expect(released.status, released.out).toBe(0);
    expect(readFileSync(join(edition, "exercises", SOLVED), "utf8")).toBe(
      readFileSync(fromRoot(`exercises/${SOLVED}`), "utf8"),
    );
    expect(readFileSync(join(edition, "exercises", SOLVED), "utf8")).toMatch(/throw new NotImplemented/);
    expect(released.out).toMatch(new RegExp(`Not in the edition[^\\n]*\\n {2}exercises/${SOLVED}`));
  });

  it("refuses a folder that is not a git repository, in one line", () => {
    const plain = join(scratch, "plain");
    cpSync(instructor, plain, {
      recursive: true,
      filter: (src) => !src.includes("/.git") && !src.endsWith("node_modules"),
    });
    symlinkSync(fromRoot("node_modules"), join(plain, "node_modules"), "dir");
    const r = run(plain, process.execPath, [
      "--import",
      "./tools/author/register-ts.mjs",
      "tools/instructor/release.ts",
      join(scratch, "x"),
    ]);
    expect(r.status).toBe(1);
    expect(r.out.trim().split("\n")).toHaveLength(1);
    expect(r.out).toMatch(/not a git repository/);
  }, 120_000); // a copy of the course and a process: past Vitest's default 5 s on a loaded machine

  it("leaves out the solutions, the hidden checks and the instructor's tools", () => {
    for (const path of INSTRUCTOR_ONLY) expect(existsSync(join(edition, path)), path).toBe(false);
    for (const e of allExercises(course)) {
      const text = readFileSync(join(edition, "tests/exercises", e.file), "utf8");
      expect(text).toMatch(/defineReleasedExercise/);
      for (const c of e.checks) expect(text.includes(JSON.stringify(c.name)), `${e.number} ${c.name}`).toBe(!c.hidden);
    }
    const pkg = JSON.parse(readFileSync(join(edition, "package.json"), "utf8")) as { scripts: Record<string, string> };
    expect(Object.keys(pkg.scripts)).not.toContain("grade");
    expect(readdirSync(join(edition, "exercises")).length).toBeGreaterThan(0);
  });

  it("has a README that lists only what is in it", () => {
    const readme = readFileSync(join(edition, "README.md"), "utf8");
    expect(readme).not.toMatch(/`solutions\/`|npm run grade|npm run validate|npm run release|For instructors/);
    expect(readme).toMatch(/\| `tools\/` +\| course tooling: check, watch, hint +\|/);
  });

  it("checks stubs against the exported outputs: every exercise 'not started', points as the panels say them", () => {
    const r = run(edition, process.execPath, ["--import", "./tools/author/register-ts.mjs", "tools/student/check.ts"]);
    expect(r.status, r.out).toBe(0);
    for (const e of allExercises(course)) {
      const total = e.checks.reduce((s, c) => s + c.points, 0);
      const hidden = e.hiddenPoints;
      expect(r.out).toMatch(
        new RegExp(
          `${e.number.replace(".", "\\.")} ${e.name}\\s.*not started\\s+0 of ${total} points${hidden ? ` \\(${hidden} in hidden checks\\)` : ""}`,
        ),
      );
    }
    expect(r.out).not.toMatch(/\bpassed\s+\d|failing\s+\d/);
  }, 300_000);

  it("copies the tests it leaves to the course, and everything they import or read, unchanged", () => {
    const files = importedFiles([...PROVED_BY_THE_COURSE, ...READ_BY_THEM]);
    expect(files).toContain("lib/quat.ts");
    expect(files).toContain("tests/helpers/tolerance.ts");
    const differ = files.filter(
      (f) => !existsSync(join(edition, f)) || !readFileSync(join(edition, f)).equals(readFileSync(fromRoot(f))),
    );
    expect(differ, "files the edition does not copy unchanged").toEqual([]);
  });

  // The edition's browser tests are the course's own files (tests/e2e/), run by the course on the same site
  // but for what the release rewrites: the definitions, which the panels read. So the edition runs its
  // `npm test` (typecheck, format, and its tests but those the course's run stands for: named as filters,
  // since a project's own include wins over `--exclude`), and its browser tests on the pages and panels its
  // definitions feed: chapter 04 as shipped, and with a student's broken files.
  it("passes its own npm test (its browser tests aside, and those the course's run stands for)", () => {
    expect(readdirSync(join(edition, "tests/e2e")).filter((f) => f.endsWith(".test.ts")).length).toBeGreaterThan(0);
    const own = editionOwnTests(edition);
    expect(own).toContain("tests/notebooks/cells.test.ts");
    const r = run(edition, "npm", ["test", "--", ...own], 1_200_000);
    expect(r.status, r.out.slice(-6000)).toBe(0);
    expect(r.out).toMatch(new RegExp(`Test Files\\s+${own.length} passed`));
    expect(r.out).toMatch(/Tests\s+\d+ passed/);
  }, 1_200_000);

  it("passes its browser tests on a sample: chapter 04's page, and its panels with a student's broken files", () => {
    const r = run(
      edition,
      process.execPath,
      [
        "node_modules/vitest/vitest.mjs",
        "run",
        "--project",
        "browser",
        "tests/e2e/site.test.ts",
        "tests/e2e/pages.test.ts",
        "-t",
        "04-quaternions\\.html loads|in the built site",
      ],
      1_200_000,
      { COURSE_SITE_PAGES: "04-quaternions" },
    );
    expect(r.status, r.out.slice(-6000)).toBe(0);
    expect(r.out).toMatch(/Tests\s+2 passed/);
  }, 1_200_000);
});
