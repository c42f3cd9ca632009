/** Types of the virtual modules served by course-plugin.ts. */
declare module "virtual:course" {
  export const course: import("../course/course.ts").Course;
}
declare module "virtual:progress" {
  export const progress: import("../course/state.ts").Progress | null;
}
