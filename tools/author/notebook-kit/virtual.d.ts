/** Types of the virtual modules served by course-plugin.ts. */
declare module "virtual:course" {
  export const edition: "full" | "student";
  export const chapters: {
    id: string;
    title: string;
    exercises: { id: string; title: string; file: string; points: number }[];
  }[];
  export const exercises: Record<string, () => Promise<{ default: import("../../isomorphic/judge.ts").ConcreteExercise }>>;
}
declare module "virtual:progress" {
  export const progress: import("../state.ts").Progress | null;
}
