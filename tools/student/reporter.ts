/**
 * The Vitest reporter of `npm run check` and `npm run watch`: it reads the points every check's test
 * carries (tools/author/vitest-checks.ts) and prints, per exercise, its status and points — with each
 * check and its failures when few exercises ran, as a table otherwise — and the total. It saves the
 * result to `.state/progress.json`, which the course home shows.
 */

import type { Reporter, TestModule } from "vitest/node";
import type { CheckResult } from "../isomorphic/judge.ts";
import type { CheckMeta } from "../author/vitest-checks.ts";
import { PROGRESS_FILE, type Progress, readState, writeAtomic } from "../author/state.ts";
import { EVALUATED_ENV } from "../author/evaluate.ts";
import { type Reported, courseTable, dim, exerciseDetail, red, totalLine } from "./report.ts";

/** At most this many exercises print check by check; more print as a table. */
const DETAIL_UP_TO = 3;

/** The exercises a run reported, in course order, from the metadata of their checks' tests. */
export function collect(modules: readonly TestModule[]): { reported: Reported[]; errors: string[] } {
  const byId = new Map<string, Reported>();
  const errors: string[] = [];
  for (const module of [...modules].sort((a, b) => a.moduleId.localeCompare(b.moduleId))) {
    for (const test of module.children.allTests()) {
      const meta = test.meta().check as CheckMeta | undefined;
      const result = test.result();
      if (!meta) {
        if (result.state === "failed")
          errors.push(`${test.fullName}: ${result.errors?.map((e) => e.message).join("; ") ?? "failed"}`);
        continue;
      }
      const entry = byId.get(meta.exercise.id) ?? {
        exercise: meta.exercise,
        result: { ...meta.result, checks: [] as CheckResult[] },
        log: meta.log,
      };
      entry.result.checks.push(meta.check);
      byId.set(meta.exercise.id, entry);
    }
    for (const error of module.errors()) errors.push(`${module.moduleId}: ${error.message}`);
  }
  for (const r of byId.values()) {
    // Only the checks that ran count (a `-t` filter may skip some).
    r.result.points = r.result.checks.reduce((s, c) => s + c.points, 0);
    r.result.earned = r.result.checks.reduce((s, c) => s + c.earned, 0);
  }
  return { reported: [...byId.values()], errors };
}

/** Records the reported exercises in `.state/progress.json` for the course home. */
function saveProgress(reported: readonly Reported[]): void {
  const progress = readState<Progress>(PROGRESS_FILE, { updated: "", exercises: {} });
  for (const { exercise: e, result: r } of reported)
    progress.exercises[e.id] = {
      chapter: e.chapter,
      title: e.title,
      status: r.status,
      earned: r.earned,
      points: r.points,
      hiddenPoints: r.hiddenPoints,
    };
  progress.updated = new Date().toISOString();
  writeAtomic(PROGRESS_FILE, progress);
}

export default class CheckReporter implements Reporter {
  private started = performance.now();

  onTestRunStart(): void {
    // `npm run check` evaluated the exercises before Vitest started (EVALUATED_ENV): count from its own start.
    this.started = process.env[EVALUATED_ENV] ? 0 : performance.now();
  }

  onTestRunEnd(modules: readonly TestModule[]): void {
    const { reported, errors } = collect(modules);
    const seconds = ((performance.now() - this.started) / 1000).toFixed(1);
    const out: string[] = [];
    if (reported.length <= DETAIL_UP_TO)
      out.push(...reported.map((r) => exerciseDetail(r)), "", `total  ${totalLine(reported)}`);
    else out.push(courseTable(reported));
    for (const e of errors) out.push(red(e));
    out.push(
      dim(
        `\n${reported.length} exercise(s) checked in ${seconds} s. Details: npm run check -- <exercise>   Hints: npm run hint -- <exercise>`,
      ),
    );
    console.log(out.join("\n"));
    if (reported.length) saveProgress(reported);
  }
}
