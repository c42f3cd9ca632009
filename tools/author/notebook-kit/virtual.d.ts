/** Types of the virtual modules served by course-plugin.ts. */
declare module "virtual:course" {
  export const edition: "full" | "student";
  export const chapters: {
    id: string;
    title: string;
    exercises: {
      id: string;
      number: string;
      name: string;
      title: string;
      file: string;
      /** All the exercise's points, hidden ones included. */
      points: number;
      hiddenPoints: number;
    }[];
  }[];
  /** Per exercise id: its visible checks, concrete. */
  export const exercises: Record<
    string,
    () => Promise<{ default: import("../../isomorphic/exercise.ts").ConcreteExercise }>
  >;
}
declare module "virtual:student-modules" {
  /**
   * Per exercise id: the student's module. Imported only by the panels' Web Worker (notebooks/figures/exercise-worker.ts).
   * Under the dev server, `version` (the time the file was saved) busts the cache: the module as saved then.
   */
  export const studentModules: Record<string, (version?: number) => Promise<Record<string, unknown>>>;
}
declare module "virtual:progress" {
  /**
   * `.state/progress.json` from the last `npm run check`, or null before the first: the shape of
   * tools/author/state.ts `Progress`, written out because that module is Node's and cells are the browser's.
   */
  export const progress: {
    updated: string;
    exercises: Record<
      string,
      {
        chapter: string;
        title: string;
        status: import("../../isomorphic/judge.ts").ExerciseStatus;
        earned: number;
        /** Points of the checks the last check ran. */
        points: number;
        /** Points in hidden checks it did not run. */
        hiddenPoints: number;
      }
    >;
  } | null;
}

/** The kit's markdown renderer (aliased in kit.ts); notebooks/runtime/md.js wraps it, and its test compares the two. */
declare module "observable:runtime/stdlib/md.js" {
  export function md(template: ArrayLike<string>, ...values: unknown[]): Element;
}
