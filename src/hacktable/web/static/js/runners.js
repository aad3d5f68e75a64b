// hacktable: the Rules for Runners screen's form bodies. Our own code, no build step.
//
// A form with data-rr="<verb>" posts {action: {do: verb, ...}}: data-fixed holds JSON merged
// in first (the seat a GM button is about, say); each control with data-key adds one field,
// typed by data-type ("int", "json", "bool" for checkboxes, text otherwise). A control with
// data-optional is left out when empty. A dotted key ("sheet.stats.dex") builds nested objects. The server checks every move and answers a refusal
// in a sentence, which api.js shows in the form's alert region.

import { registerBody } from "./api.js";

function typed(control) {
  const type = control.dataset.type || "text";
  if (control.type === "checkbox") return control.checked;
  if (type === "int") {
    const number = Number(control.value);
    if (control.value.trim() === "" || !Number.isInteger(number)) {
      const label = control.labels && control.labels[0] ? control.labels[0].textContent.trim() : control.dataset.key;
      throw new Error(`${label}: enter a whole number.`);
    }
    return number;
  }
  if (type === "json") {
    try {
      return JSON.parse(control.value);
    } catch (error) {
      throw new Error(`That is not valid JSON: ${error.message}`);
    }
  }
  return control.value;
}

registerBody("[data-rr]", (form) => {
  const action = { do: form.dataset.rr, ...(form.dataset.fixed ? JSON.parse(form.dataset.fixed) : {}) };
  for (const control of form.querySelectorAll("[data-key]")) {
    if (control.disabled) continue;
    if (control.dataset.optional !== undefined && control.type !== "checkbox" && control.value.trim() === "") continue;
    const value = typed(control);
    if (control.dataset.merge !== undefined) {
      Object.assign(action, value);
      continue;
    }
    const path = control.dataset.key.split(".");
    let node = action;
    for (const part of path.slice(0, -1)) node = node[part] ??= {};
    node[path[path.length - 1]] = value;
  }
  return { action };
});
