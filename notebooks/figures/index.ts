/** The figure helpers every chapter uses; import from here: `import {createScene} from "./figures/index.ts"`. */
export * from "./frame.ts";
export * from "./matrix.ts";
export * from "./scene.ts";
export * from "./trackball.ts";
export * from "./your-turn.ts";
