/**
 * The Gradescope autograder, as Gradescope runs it: the zip that `npm run export:gradescope` builds is
 * unpacked into a temporary AUTOGRADER_ROOT laid out as Gradescope's (/autograder/source holds the zip,
 * /autograder/submission the upload, /autograder/results the output); `setup.sh` really installs the
 * grader's packages (`npm ci --omit=dev`, from npm's cache when it can), and `run_autograder` grades
 * uploads laid out as students upload them — files dropped flat, a wrapper folder, an `exercises/`
 * tree — and, when grading crashes, still writes a results.json. Every results.json is checked against
 * Gradescope's published specification (https://gradescope-autograders.readthedocs.io/en/latest/specs/,
 * "Output format"), as a JSON schema written from that page.
 */

import { spawnSync } from "node:child_process";
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allExercises, loadCourse } from "../../tools/author/course.ts";
import { fromRoot } from "../../tools/author/root.ts";
import { pointsOf } from "../../tools/isomorphic/exercise.ts";
import { GRADER_DEPENDENCIES } from "../../tools/instructor/export-gradescope.ts";
import type { GradescopeResults } from "../../tools/instructor/grade.ts";

/** A JSON Schema subset: type, enum, minimum, properties, required, additionalProperties, items. */
interface Schema {
  type?: "object" | "array" | "string" | "number" | "boolean";
  enum?: readonly unknown[];
  minimum?: number;
  properties?: Record<string, Schema>;
  required?: readonly string[];
  additionalProperties?: boolean;
  items?: Schema;
}
/** The errors of `value` against `schema`, as "path: what" lines; none when it conforms. */
function validate(value: unknown, schema: Schema, path = "$"): string[] {
  const errors: string[] = [];
  const kind = Array.isArray(value) ? "array" : value === null ? "null" : typeof value;
  if (schema.type && kind !== schema.type) return [`${path}: is ${kind}, not ${schema.type}`];
  if (schema.type === "number" && !Number.isFinite(value)) errors.push(`${path}: not a finite number`);
  if (schema.enum && !schema.enum.includes(value))
    errors.push(`${path}: ${JSON.stringify(value)} is not one of ${schema.enum.join(", ")}`);
  if (schema.minimum !== undefined && typeof value === "number" && value < schema.minimum)
    errors.push(`${path}: ${value} < ${schema.minimum}`);
  if (kind === "object") {
    const o = value as Record<string, unknown>;
    for (const k of schema.required ?? []) if (!(k in o)) errors.push(`${path}: no "${k}"`);
    for (const [k, v] of Object.entries(o)) {
      const sub = schema.properties?.[k];
      if (sub) errors.push(...validate(v, sub, `${path}.${k}`));
      else if (schema.additionalProperties === false) errors.push(`${path}: "${k}" is not in Gradescope's format`);
    }
  }
  if (kind === "array" && schema.items)
    (value as unknown[]).forEach((v, i) => errors.push(...validate(v, schema.items!, `${path}[${i}]`)));
  return errors;
}
const VISIBILITY = ["hidden", "after_due_date", "after_published", "visible"] as const;
const FORMAT = ["text", "html", "simple_format", "md", "ansi"] as const;
/**
 * results.json as Gradescope's specification has it: every key it lists, with its type, and nothing
 * else. Required here beyond the spec's own "optional"s: what this course promises (issue 9) — the
 * score, the execution time, stdout hidden from students, and per test a name, score, max_score,
 * status, output and visibility.
 */
const RESULTS_SCHEMA: Schema = {
  type: "object",
  additionalProperties: false,
  required: ["score", "execution_time", "output", "stdout_visibility", "tests"],
  properties: {
    score: { type: "number", minimum: 0 },
    execution_time: { type: "number", minimum: 0 }, // seconds
    output: { type: "string" },
    output_format: { type: "string", enum: FORMAT },
    test_output_format: { type: "string", enum: FORMAT },
    test_name_format: { type: "string", enum: FORMAT },
    visibility: { type: "string", enum: VISIBILITY },
    stdout_visibility: { type: "string", enum: ["hidden"] }, // the spec allows all four; this course keeps it hidden
    extra_data: { type: "object" },
    tests: {
      type: "array",
      items: {
        type: "object",
        additionalProperties: false,
        required: ["name", "score", "max_score", "status", "output", "visibility"],
        properties: {
          score: { type: "number", minimum: 0 },
          max_score: { type: "number", minimum: 0 },
          status: { type: "string", enum: ["passed", "failed"] },
          name: { type: "string" },
          name_format: { type: "string", enum: FORMAT },
          number: { type: "string" },
          output: { type: "string" },
          output_format: { type: "string", enum: FORMAT },
          tags: { type: "array", items: { type: "string" } },
          visibility: { type: "string", enum: VISIBILITY },
          extra_data: { type: "object" },
        },
      },
    },
    leaderboard: {
      type: "array",
      items: {
        type: "object",
        required: ["name", "value"],
        properties: { name: { type: "string" }, order: { type: "string", enum: ["asc", "desc"] } },
      },
    },
  },
};

const root = mkdtempSync(join(tmpdir(), "gradescope-test-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const course = await loadCourse();
const points = (ids: readonly string[]) =>
  allExercises(course)
    .filter((e) => ids.includes(e.id))
    .reduce((s, e) => s + pointsOf(e.checks), 0);
const checks = (ids: readonly string[]) =>
  allExercises(course)
    .filter((e) => ids.includes(e.id))
    .reduce((s, e) => s + e.checks.length, 0);
const EVERY = allExercises(course).map((e) => e.id);
/** Chapter 05, the assignment of the flat and wrapped uploads. */
const CHAPTER = "05-interpolating-rotations";
const ASSIGNED = EVERY.filter((id) => id.startsWith(`${CHAPTER}/`));
const SQUAD = `${CHAPTER}/05-squad`;

/** Runs a command the way Gradescope does (bash, from the autograder's folder), with this test's environment. */
function run(script: string, env: Record<string, string> = {}) {
  return spawnSync("bash", [script], {
    encoding: "utf8",
    timeout: 240_000,
    env: {
      ...process.env,
      AUTOGRADER_ROOT: ag,
      // This machine's Node is older than the LTS setup.sh installs: keep it rather than install (setup.sh).
      AUTOGRADER_MIN_NODE: process.versions.node.split(".")[0]!,
      // The registry may be slow or far: take the locked packages from npm's cache when it has them.
      npm_config_prefer_offline: "true",
      ...env,
    },
  });
}
const ag = join(root, "autograder");
const source = join(ag, "source");

/**
 * Puts `files` (path in the upload → file to copy) in /autograder/submission, selects the exercises of
 * `assignment` (assignment.json at the zip's root, as the export writes it; none: the whole course),
 * runs run_autograder and returns its results.json, checked against the specification.
 */
function grade(files: Record<string, string>, assignment?: readonly string[]): GradescopeResults {
  rmSync(join(ag, "submission"), { recursive: true, force: true });
  rmSync(join(ag, "results"), { recursive: true, force: true });
  for (const [to, from] of Object.entries(files)) {
    mkdirSync(dirname(join(ag, "submission", to)), { recursive: true });
    cpSync(from, join(ag, "submission", to));
  }
  if (assignment) writeFileSync(join(source, "assignment.json"), JSON.stringify({ exercises: assignment }));
  else rmSync(join(source, "assignment.json"), { force: true });
  const r = run(join(source, "run_autograder"));
  expect(r.status, r.stderr).toBe(0);
  const results = JSON.parse(readFileSync(join(ag, "results", "results.json"), "utf8")) as GradescopeResults;
  expect(validate(results, RESULTS_SCHEMA)).toEqual([]);
  return results;
}

/** What every graded results.json promises beyond the schema. */
function expectGraded(results: GradescopeResults, ids: readonly string[]): void {
  expect(results.tests).toHaveLength(checks(ids)); // one test per check of the assignment, no more
  const max = results.tests.reduce((s, t) => s + t.max_score, 0);
  expect(max).toBe(points(ids));
  expect(results.score).toBe(results.tests.reduce((s, t) => s + t.score, 0));
  for (const t of results.tests) {
    expect(t.score).toBeLessThanOrEqual(t.max_score);
    expect(t.status).toBe(t.score === t.max_score ? "passed" : "failed");
    expect(t.output.length).toBeGreaterThan(0);
  }
}

/**
 * While tests are hidden, the top-level output — which students see — states no total that counts them
 * (Gradescope's specification: hidden tests' points must not show through the visible output).
 */
function expectNoHiddenTotal(results: GradescopeResults): void {
  const max = results.tests.reduce((s, t) => s + t.max_score, 0);
  if (results.tests.some((t) => t.visibility !== "visible"))
    expect(results.output).not.toMatch(new RegExp(`\\b${max}\\b`));
}

/** The solution files of `ids` as a map from `name(file)` to the solution's path. */
const solutions = (ids: readonly string[], name: (file: string) => string) =>
  Object.fromEntries(ids.map((id) => [name(`${id}.ts`), fromRoot(`solutions/${id}.ts`)]));

describe("the Gradescope autograder", () => {
  const zip = join(root, "autograder.zip");

  let exported: ReturnType<typeof spawnSync>;
  let files: Record<string, Uint8Array> = {};
  let setup: ReturnType<typeof spawnSync> | undefined;
  // Export, unpack as Gradescope does, and run setup.sh once, for every test below (whatever -t selects).
  beforeAll(() => {
    exported = spawnSync(
      process.execPath,
      ["--import", "./tools/author/register-ts.mjs", "tools/instructor/export-gradescope.ts", zip],
      { cwd: fromRoot("."), encoding: "utf8" },
    );
    if (exported.status !== 0) return;
    files = unzipSync(readFileSync(zip));
    for (const [name, data] of Object.entries(files)) {
      mkdirSync(dirname(join(source, name)), { recursive: true });
      writeFileSync(join(source, name), data);
    }
    for (const script of ["setup.sh", "run_autograder"]) chmodSync(join(source, script), 0o755);
    setup = run(join(source, "setup.sh"));
  }, 300_000);

  it("npm run export:gradescope packages the scripts, the course with its solutions, and only the grader's packages", () => {
    expect(exported.status, String(exported.stderr)).toBe(0);
    const names = Object.keys(files);
    expect(names).toEqual(
      expect.arrayContaining([
        "setup.sh",
        "run_autograder",
        "course/package-lock.json",
        "course/tools/instructor/grade.ts",
      ]),
    );
    expect(names.some((n) => n.startsWith("course/solutions/"))).toBe(true);
    expect(names.some((n) => /node_modules|fixtures\/|\.test\.ts$/.test(n))).toBe(false);
    const pkg = JSON.parse(new TextDecoder().decode(files["course/package.json"])) as Record<string, object>;
    expect(Object.keys(pkg.dependencies!).sort()).toEqual([...GRADER_DEPENDENCIES].sort());
    expect(pkg).not.toHaveProperty("devDependencies");
  });

  it("setup.sh keeps a suitable Node and installs the grader's packages, nothing else", () => {
    expect(setup?.status, `${String(setup?.stdout)}\n${String(setup?.stderr)}`).toBe(0);
    expect(String(setup?.stdout)).toMatch(/using the installed Node/);
    const installed = readdirSync(join(source, "course", "node_modules")).filter((n) => !n.startsWith("."));
    // No Vite, Vitest, Playwright, Chromium: the grader's packages and rolldown's own (its types, its
    // native binding for this platform and its plugin utilities).
    expect(installed.sort()).toEqual([...GRADER_DEPENDENCIES, "@oxc-project", "@rolldown"].sort());
    const rolldownOwn = readdirSync(join(source, "course", "node_modules", "@rolldown"));
    expect(rolldownOwn.filter((n) => n.startsWith(`binding-${process.platform}-${process.arch}`))).toHaveLength(1);
    expect(rolldownOwn).toHaveLength(2); // and pluginutils: no other platform's binding
  });

  it(
    "grades files dropped flat (the commonest upload) on the assignment's exercises only",
    { timeout: 240_000 },
    () => {
      const upload = solutions(ASSIGNED, (file) => basename(file));
      upload[`${basename(SQUAD)}.ts`] = fromRoot(`exercises/${SQUAD}.ts`); // one exercise not started
      const results = grade(upload, ASSIGNED);
      expectGraded(results, ASSIGNED);
      expect(results.score).toBe(points(ASSIGNED) - points([SQUAD]));
      const squad = results.tests.filter((t) => t.status === "failed");
      expect(squad).toHaveLength(checks([SQUAD]));
      expect(squad.every((t) => t.score === 0 && /not started/i.test(t.output))).toBe(true);
      expectNoHiddenTotal(results);
    },
  );

  it("grades files one wrapper folder down (GitHub's Download ZIP)", { timeout: 240_000 }, () => {
    const results = grade(
      solutions(ASSIGNED, (file) => `rotations-course-main/exercises/${file}`),
      ASSIGNED,
    );
    expectGraded(results, ASSIGNED);
    expect(results.score).toBe(points(ASSIGNED));
    expectNoHiddenTotal(results);
  });

  it(
    "grades an exercises/ tree on the whole course when the zip holds no assignment.json",
    { timeout: 240_000 },
    () => {
      const results = grade(solutions(EVERY, (file) => `exercises/${file}`));
      expectGraded(results, EVERY);
      expect(results).toMatchObject({ score: points(EVERY), stdout_visibility: "hidden" });
      expectNoHiddenTotal(results);
    },
  );

  it("writes a results.json with score 0 that says what happened when grading crashes", { timeout: 240_000 }, () => {
    const upload = solutions(ASSIGNED, (file) => `exercises/${file}`);
    // The grader throws: a definition that cannot load.
    const definition = join(source, "course", "tests", "exercises", `${SQUAD}.ts`);
    const text = readFileSync(definition, "utf8");
    writeFileSync(definition, `throw new Error("a definition that cannot load");\n${text}`);
    try {
      const thrown = grade(upload, ASSIGNED);
      expect(thrown).toMatchObject({ score: 0, tests: [], stdout_visibility: "hidden" });
      expect(thrown.output).toMatch(
        /autograder failed.*not a grade.*tell your instructor.*a definition that cannot load/s,
      );
    } finally {
      writeFileSync(definition, text);
    }
    // The grader cannot even start: run_autograder writes the results itself.
    const grader = join(source, "course", "tools", "instructor", "autograder.ts");
    renameSync(grader, `${grader}.away`);
    try {
      const dead = grade(upload, ASSIGNED);
      expect(dead).toMatchObject({ score: 0, tests: [], stdout_visibility: "hidden" });
      expect(dead.output).toMatch(/autograder failed.*exit status [1-9].*tell your instructor/s);
    } finally {
      renameSync(`${grader}.away`, grader);
    }
    expect(existsSync(grader)).toBe(true);
  });

  it("the schema refuses what Gradescope's format does not have", () => {
    const ok = { score: 1, execution_time: 0.5, output: "", stdout_visibility: "hidden", tests: [] };
    expect(validate(ok, RESULTS_SCHEMA)).toEqual([]);
    expect(validate({ ...ok, max_score: 2 }, RESULTS_SCHEMA)).toEqual([
      '$: "max_score" is not in Gradescope\'s format',
    ]);
    expect(validate({ ...ok, stdout_visibility: "public" }, RESULTS_SCHEMA)).toHaveLength(1);
    const test = { name: "t", score: 1, max_score: 1, status: "ok", output: "", visibility: "visible" };
    expect(validate({ ...ok, tests: [test] }, RESULTS_SCHEMA)).toEqual([
      '$.tests[0].status: "ok" is not one of passed, failed',
    ]);
  });
});
