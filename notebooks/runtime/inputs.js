// Local replacement for notebook-kit's stdlib/inputs.js (CDN module + CDN stylesheet).
export * from "@observablehq/inputs";
import "@observablehq/inputs/dist/index.css";
