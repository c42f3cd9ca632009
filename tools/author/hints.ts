/**
 * How many hints of each exercise the student has revealed: `.state/hints.json` (git-ignored), one state
 * for `npm run hint` (tools/student/hint.ts) and the panels' "show the next hint" button under `npm start`
 * (the course plugin's `/__course/hint` endpoint), so either way reveals the same next hint.
 */

import { HINTS_FILE, readState, writeAtomic } from "./state.ts";

export interface RevealedHints {
  /** How many hints are revealed, 0 … `total`. */
  shown: number;
  total: number;
  /** The revealed hints, in order. */
  hints: string[];
}

/** The hints of exercise `id` revealed so far. */
export function revealedHints(id: string, hints: readonly string[], file = HINTS_FILE): RevealedHints {
  const shown = Math.min(readState<Record<string, number>>(file, {})[id] ?? 0, hints.length);
  return { shown, total: hints.length, hints: hints.slice(0, shown) };
}

/** Reveals the next hint of exercise `id` (or, when all are, keeps them so) and remembers it. */
export function revealNextHint(id: string, hints: readonly string[], file = HINTS_FILE): RevealedHints {
  const revealed = readState<Record<string, number>>(file, {});
  const shown = Math.min((revealed[id] ?? 0) + 1, hints.length);
  revealed[id] = shown;
  writeAtomic(file, revealed);
  return { shown, total: hints.length, hints: hints.slice(0, shown) };
}

/** Hides the hints of exercise `id` again. */
export function resetHints(id: string, file = HINTS_FILE): void {
  const revealed = readState<Record<string, number>>(file, {});
  delete revealed[id];
  writeAtomic(file, revealed);
}
