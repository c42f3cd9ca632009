/**
 * The Gradescope autograder package: it holds setup.sh and run_autograder (executable) and the course,
 * and run_autograder — given a submission the way Gradescope lays it out — writes results.json with the
 * same grade as `npm run grade`, in the shape Gradescope's published specification gives
 * (https://gradescope-autograders.readthedocs.io/en/latest/specs/, "Output format"), checked here
 * against a JSON schema written from that page.
 */

import { spawnSync } from "node:child_process";
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { unzipSync } from "fflate";
import { afterAll, describe, expect, it } from "vitest";
import { allExercises, loadCourse } from "../../tools/author/course.ts";
import { pointsOf } from "../../tools/isomorphic/exercise.ts";
import { exportGradescope } from "../../tools/instructor/export-gradescope.ts";
import type { GradescopeResults } from "../../tools/instructor/grade.ts";
import { fromRoot } from "../../tools/author/root.ts";

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
const MAX = allExercises(await loadCourse()).reduce((s, e) => s + pointsOf(e.checks), 0);

describe("npm run export:gradescope", () => {
  const zip = join(root, "autograder.zip");
  const names = exportGradescope(zip);

  it("packages setup.sh, run_autograder and the course with its solutions", () => {
    expect(names).toEqual(
      expect.arrayContaining([
        "setup.sh",
        "run_autograder",
        "course/package-lock.json",
        "course/tools/instructor/grade.ts",
      ]),
    );
    expect(names.some((n) => n.startsWith("course/solutions/"))).toBe(true);
    expect(names.some((n) => n.includes("node_modules"))).toBe(false);
  });

  it("run_autograder grades a submission into results.json, as npm run grade does", { timeout: 300_000 }, () => {
    const ag = join(root, "autograder");
    const files = unzipSync(readFileSync(zip));
    for (const [name, data] of Object.entries(files)) {
      const path = join(ag, "source", name);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, data);
    }
    chmodSync(join(ag, "source", "run_autograder"), 0o755);
    symlinkSync(fromRoot("node_modules"), join(ag, "source", "course", "node_modules"), "dir"); // what setup.sh installs
    const grade = (submission: string) => {
      rmSync(join(ag, "submission"), { recursive: true, force: true });
      rmSync(join(ag, "results"), { recursive: true, force: true });
      cpSync(submission, join(ag, "submission"), { recursive: true }); // Gradescope: the uploaded files, no exercises/ folder
      const r = spawnSync("bash", [join(ag, "source", "run_autograder")], {
        encoding: "utf8",
        env: { ...process.env, AUTOGRADER_ROOT: ag },
      });
      expect(r.status, r.stderr).toBe(0);
      return JSON.parse(readFileSync(join(ag, "results", "results.json"), "utf8")) as GradescopeResults;
    };
    const perfect = grade(fromRoot("solutions"));
    expect(validate(perfect, RESULTS_SCHEMA)).toEqual([]);
    expect(perfect).toMatchObject({ score: MAX, stdout_visibility: "hidden" });
    expect(perfect.tests.reduce((s, t) => s + t.max_score, 0)).toBe(MAX);
    expect(perfect.tests.every((t) => t.status === "passed" && t.score === t.max_score)).toBe(true);
    const stubs = grade(fromRoot("exercises"));
    expect(validate(stubs, RESULTS_SCHEMA)).toEqual([]);
    expect(stubs.score).toBe(0);
    expect(stubs.tests.every((t) => t.status === "failed" && t.score === 0)).toBe(true);
    // Hidden checks are shown once grades are published; the others always.
    expect(new Set(stubs.tests.map((t) => t.visibility))).toEqual(new Set(["visible", "after_published"]));
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
