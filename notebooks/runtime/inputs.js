// Local replacement for notebook-kit's stdlib/inputs.js (CDN module + CDN stylesheet), with two
// accessibility defaults (issue: every student, every device):
// - a slider is named by its label: Inputs' `<label for>` names only the number box beside the range
//   input, so the range input gets `aria-labelledby` pointing at the same label;
// - a table is read-only unless it asks otherwise: `Inputs.table` shows a column of row checkboxes by
//   default (unlabelled tab stops in a table nobody selects from); here `select` defaults to false, so
//   pass `select: true` to a table whose selection a cell reads with `view(…)`.
import * as Inputs from "@observablehq/inputs";
import "@observablehq/inputs/dist/index.css";

export * from "@observablehq/inputs";

let labels = 0;

/** Gives every unnamed range input of `form` its form's label as its accessible name. */
function nameSliders(form) {
  const label = form.querySelector("label");
  for (const input of form.querySelectorAll("input[type=range]")) {
    if (input.hasAttribute("aria-label") || input.hasAttribute("aria-labelledby")) continue;
    if (label && label.textContent.trim()) {
      label.id ||= `course-input-label-${++labels}`;
      input.setAttribute("aria-labelledby", label.id);
    } else {
      input.setAttribute("aria-label", "value");
    }
  }
  return form;
}

export const range = (...args) => nameSliders(Inputs.range(...args));

export const table = (data, options = {}) => Inputs.table(data, { select: false, ...options });
