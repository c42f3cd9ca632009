/**
 * The promise audit, as `npm run validate` enforces it (docs: issue 18). Every promise a stub makes — an
 * accuracy, a region, a scale, a degenerate or tie rule — must have a check whose cases sit exactly at its
 * edge, and the definition says which: each check object in `checks: [...]` is preceded by a comment
 *
 *     // Guards: the angle to ~1e-16 near π (π − 1e-6 … π)
 *
 * (or `// Unguarded: … because …`, which validation lists — not as a problem, since a promise may be one
 * no case can see, and then it is said rather than silent). "The inputs are not changed" is guarded by a
 * check flag, `inputs: "unchanged"`: every runner then reports the arguments as the call left them. And generated cases are drawn from `caseRng` (full 53-bit doubles, the grader's salt mixed in),
 * never from `random.seeded` directly, whose k/2³² draws make every sum and average exact and so never
 * meet the rounding real data has.
 */

import { readFileSync } from "node:fs";
import { DEFINITIONS, exerciseFiles, loadDefinition } from "./course.ts";
import { placeOf } from "../isomorphic/exercise.ts";
import { fromRoot } from "./root.ts";

/** The comment that names the promise a check guards. */
const GUARDS = /\/\/\s*Guards:/;
const UNGUARDED = /\/\/\s*Unguarded:\s*(.*)/;

/** Where a check named `name` is declared in a definition's source: its `name:` property, or −1. */
function declaration(source: string, name: string, from: number): number {
  for (const quoted of [JSON.stringify(name), `'${name}'`, `\`${name}\``]) {
    const at = source.indexOf(`name: ${quoted}`, from);
    if (at >= 0) return at;
  }
  return -1;
}

/** What the audit finds in one definition: problems that fail validation, and promises marked unguarded. */
export interface PromiseAudit {
  problems: string[];
  unguarded: string[];
  /** Per check (by name), the promise its `// Guards:` comments name, as one line. */
  guards: Map<string, string>;
}

/** The text of the `// Guards:` comments in `before` (a check's preamble), joined into one line. */
function guardText(before: string): string {
  const at = before.search(GUARDS);
  if (at < 0) return "";
  return before
    .slice(at)
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line.startsWith("//"))
    .map((line) => line.replace(/^\/\/\s*(Guards:\s*)?/, ""))
    .join(" ");
}

/**
 * The promise audit of one definition, as sentences.
 * @param source - The definition file's text (`tests/exercises/<chapter>/<nn-name>.ts`).
 * @param checkNames - The names of its checks, in order (from the loaded definition).
 * @param who - How messages name the exercise ("05.3 slerp").
 */
export function promiseAudit(source: string, checkNames: readonly string[], who: string): PromiseAudit {
  const problems: string[] = [];
  const unguarded: string[] = [];
  const guards = new Map<string, string>();
  if (/\brandom\.seeded\s*\(/.test(source))
    problems.push(
      `${who}: draws cases from random.seeded (k/2³², exact under sums and averages, and blind to the grader's salt); draw them from caseRng`,
    );
  let previous = source.indexOf("checks:");
  for (const name of checkNames) {
    const at = declaration(source, name, Math.max(previous, 0));
    if (at < 0) continue; // a name built at run time: the audit cannot place its comment
    // The check object's own comment sits between the previous check's declaration and this one.
    const before = source.slice(Math.max(previous, 0), at);
    const reason = UNGUARDED.exec(before);
    if (reason) unguarded.push(`${who}: "${name}" leaves a promise unguarded: ${reason[1]!.trim()}`);
    else if (!GUARDS.test(before))
      problems.push(`${who}: "${name}" has no "// Guards: <the promise it holds at its edge>" comment`);
    else guards.set(name, guardText(before));
    previous = at;
  }
  return { problems, unguarded, guards };
}

/**
 * Every promise the course's definitions mark `// Unguarded:`, for `npm run validate` to list.
 * @param only - The definitions to read (relative to `tests/exercises/`); all of them by default.
 */
export async function unguardedPromises(only?: readonly string[]): Promise<string[]> {
  const out: string[] = [];
  for (const file of only ?? exerciseFiles(DEFINITIONS)) {
    const { number, name } = placeOf(file);
    const names = (await loadDefinition(file)).checks.map((c) => c.name);
    const source = readFileSync(fromRoot(`${DEFINITIONS}/${file}`), "utf8");
    out.push(...promiseAudit(source, names, `${number} ${name}`).unguarded);
  }
  return out;
}
