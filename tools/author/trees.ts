/**
 * The three trees mirror each other file for file: every `exercises/<ch>/<nn-name>.ts` (stub) has its
 * `solutions/…` (reference) and `tests/exercises/…` (definition), and no tree holds an exercise the
 * others lack, or a stray `.ts` file in a chapter folder. `exercises/not-implemented.ts` is shared.
 */

import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { DEFINITIONS, exerciseFiles } from "./course.ts";
import { fromRoot } from "./root.ts";

/** The trees, by role. */
export const TREES = { stub: "exercises", solution: "solutions", definition: DEFINITIONS } as const;

/** `.ts` files in a tree's chapter folders that do not follow `<nn-name>.ts`. */
function strays(tree: string, base: string): string[] {
  const root = join(base, tree);
  if (!existsSync(root)) return [];
  return readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory() && /^\d\d-/.test(d.name))
    .flatMap((d) =>
      readdirSync(join(root, d.name))
        .filter((f) => f.endsWith(".ts") && !/^\d\d-[a-z0-9-]+\.ts$/.test(f))
        .map((f) => `${tree}/${d.name}/${f}`),
    );
}

/**
 * Every disagreement between the trees, as sentences; empty when they mirror each other.
 * @param base - The course's root (another copy's, in tests).
 */
export function treeProblems(
  roles: readonly (keyof typeof TREES)[] = ["stub", "solution", "definition"],
  base = fromRoot("."),
): string[] {
  const files = new Map(roles.map((role) => [role, new Set(exerciseFiles(TREES[role], base))]));
  const all = new Set([...files.values()].flatMap((s) => [...s]));
  const problems: string[] = [];
  for (const file of [...all].sort()) {
    const missing = roles.filter((role) => !files.get(role)!.has(file));
    if (missing.length)
      problems.push(
        `${file}: ${missing.map((role) => `${TREES[role]}/${file} (the ${role})`).join(" and ")} is missing`,
      );
  }
  for (const role of roles) for (const s of strays(TREES[role], base)) problems.push(`${s} is not named <nn-name>.ts`);
  return problems;
}
