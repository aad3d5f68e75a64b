// hacktable: ./Run's screen. Our own code, no framework; the page works without it except
// for sending a typed answer, the DNA editor's live count and the step-by-step replay.
//
// Everything is delegated from the document, and a MutationObserver re-runs `init` after
// table.js replaces main#screen, so a pushed screen needs no extra wiring.

import { registerBody, showError } from "/static/js/api.js";

/** The answer form's body: the layout the page gave, with the typed text where null was. */
function fill(layout, typed) {
  if (layout === null) return typed;
  if (Array.isArray(layout)) return layout.map((item) => fill(item, typed));
  if (typeof layout === "object") {
    return Object.fromEntries(Object.entries(layout).map(([key, value]) => [key, fill(value, typed)]));
  }
  return layout;
}

registerBody("[data-dotrun-answer]", (form) => {
  const layout = JSON.parse(form.dataset.answerLayout || '{"action": {"do": "answer", "answer": null}}');
  const givingUp = form.dataset.givingUp === "true";
  delete form.dataset.givingUp;
  return fill(layout, givingUp ? "" : form.elements.answer.value.trim());
});

// -- only a well-formed answer is sent ---------------------------------------------------------
// The box knows the shape the task takes (the page's pattern and sentence, from the engine's
// own rules); a box that does not fit says why and sends nothing, keeping what was typed.
// The engine refuses a malformed answer too, and its sentence lands in the same alert.

/** Why this box's answer is not one the task can take, or "" when it is. */
function shapeMessage(input) {
  if (input.matches("[data-dna-editor]")) {
    const script = input.form && input.form.querySelector("[data-dna-script]");
    const made = script && script.value ? script.value.split(" ").length : 0;
    const allowed = Number(input.dataset.allowed || 0);
    if (made === 0) {
      return "You have not edited the reading yet: change, insert or delete one letter at a time, "
        + "then Submit. To give up instead, press Give up.";
    }
    if (allowed && made > allowed) {
      return `The scanner takes at most ${allowed} edits and you made ${made}: press Reset to the `
        + "reading and make fewer.";
    }
    return "";
  }
  if (input.validity.valueMissing) return "Type your answer first. To give up instead, press Give up.";
  if (input.validity.patternMismatch) {
    // A passcode of only digits, too few or too many: say how many, as the engine does.
    const want = Number(input.dataset.digits || 0);
    const digits = input.value.replace(/[\s,.\-]+/g, "");
    if (want && /^[0-9０-９]+$/.test(digits)) {
      return `This passcode has ${want} digits and you typed ${digits.length}: type all ${want}.`;
    }
    return input.dataset.shape || input.title;
  }
  return "";
}

/** Set the box's validity; `clear` (the player changed the box) also clears the form's
 * alert, which spoke of the text before; a pushed screen keeps the engine's last sentence. */
function checkShape(input, clear = true) {
  input.setCustomValidity("");
  const message = shapeMessage(input);
  input.setCustomValidity(message);
  if (clear && input.form) showError(input.form, "");
  return message;
}

const SHAPED = "[data-answer-field], [data-dna-editor]";

// The browser keeps the form from sending; say why in the form's alert (role=alert, so it
// is read out), which stays put, unlike the browser's own bubble; the box gets the focus.
document.addEventListener("invalid", (event) => {
  const input = event.target;
  if (!(input.matches && input.matches(SHAPED)) || !input.form) return;
  event.preventDefault();
  showError(input.form, input.validationMessage);
  input.focus();
}, true);

document.addEventListener("click", (event) => {
  const button = event.target.closest && event.target.closest("[data-give-up]");
  if (!button || !button.form) return;
  if (!window.confirm(button.dataset.confirmText || "Give up this task?")) {
    event.preventDefault();
    return;
  }
  button.form.dataset.givingUp = "true";
});

// -- the DNA editor ------------------------------------------------------------------------------

/** Edit distance (substitutions, insertions, deletions) between two strings. */
export function distance(a, b) {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1,
        previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length];
}

const clean = (text) => text.toUpperCase().replace(/\s+/g, "");

/** Edits made so far, and how far the typed string is from every candidate on screen
 * (all of them alike: which one is authorised is the puzzle, so none is singled out). */
function updateDna(input, clear = true) {
  const section = input.closest(".dr-task") || document;
  const typed = clean(input.value);
  const away = distance(clean(input.dataset.reading || ""), typed);
  const status = section.querySelector("[data-dna-status]");
  const allowed = section.querySelector("[data-dna-allowed]");
  const script = input.form && input.form.querySelector("[data-dna-script]");
  const made = script && script.value ? script.value.split(" ").length : 0;
  if (status) {
    const most = allowed ? ` of at most ${allowed.textContent}` : "";
    status.textContent = `Edits made: ${made}${most} (distance from the reading ${away}).`;
    status.classList.toggle("form-error", Boolean(allowed) && made > Number(allowed.textContent));
  }
  for (const code of section.querySelectorAll("[data-dna-candidate]")) {
    const out = code.parentElement.querySelector("[data-dna-dist]");
    if (!out) continue;
    const left = distance(typed, clean(code.textContent));
    out.textContent = left === 0 ? "= your string" : `${left} away from yours`;
    out.classList.toggle("dr-equal", left === 0);
  }
  checkShape(input, clear);
}

/** One edit from `before` to `after` as the scanner counts it ("S5G", "I5A", "D5"), or
 * null when the change is not one letter changed, inserted or deleted. */
export function oneEdit(before, after) {
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start += 1;
  let end = 0;
  while (end < before.length - start && end < after.length - start
         && before[before.length - 1 - end] === after[after.length - 1 - end]) end += 1;
  const removed = before.slice(start, before.length - end);
  const added = after.slice(start, after.length - end);
  if (added && !/^[ACGT]$/.test(added)) return null;
  if (removed.length === 1 && added.length === 1) return `S${start + 1}${added}`;
  if (removed.length === 0 && added.length === 1) return `I${start + 1}${added}`;
  if (removed.length === 1 && added.length === 0) return `D${start + 1}`;
  return null;
}

/** Each change in the editor is recorded as an edit; anything else is undone. */
function recordEdit(input) {
  const before = input.dataset.prev || "";
  const after = clean(input.value);
  const script = input.form && input.form.querySelector("[data-dna-script]");
  const status = (input.closest(".dr-task") || document).querySelector("[data-dna-status]");
  if (after === before) {
    input.value = after;
  } else {
    const edit = oneEdit(before, after);
    if (edit === null) {
      const caret = input.selectionStart;
      input.value = before;
      if (status) status.textContent = "One letter at a time: change, insert or delete a single A, C, G or T.";
      input.setSelectionRange(caret, caret);
      return;
    }
    const caret = input.selectionStart;
    input.value = after;
    input.setSelectionRange(caret, caret);
    input.dataset.prev = after;
    if (script) script.value = script.value ? `${script.value} ${edit}` : edit;
  }
  updateDna(input);
}

document.addEventListener("beforeinput", (event) => {
  if (!(event.target.matches && event.target.matches("[data-dna-editor]"))) return;
  if (/^insertFrom(Paste|Drop|Yank)|^insertReplacementText/.test(event.inputType || "")) {
    event.preventDefault();  // pasting the authorised DNA is not editing it
  }
});

document.addEventListener("input", (event) => {
  if (!event.target.matches) return;
  if (event.target.matches("[data-dna-editor]")) recordEdit(event.target);
  else if (event.target.matches("[data-answer-field]")) checkShape(event.target);
});

document.addEventListener("click", (event) => {
  const reset = event.target.closest && event.target.closest("[data-dna-reset]");
  if (reset) {
    const input = reset.form.querySelector("[data-dna-editor]");
    input.value = input.dataset.reading;
    input.dataset.prev = input.dataset.reading;
    const script = reset.form.querySelector("[data-dna-script]");
    if (script) script.value = "";
    updateDna(input);
    input.focus();
    return;
  }
  const all = event.target.closest && event.target.closest("[data-show-all]");
  if (all) {
    const steps = document.getElementById(all.getAttribute("aria-controls"));
    if (steps) steps.classList.add("dr-all");
    all.hidden = true;
    return;
  }
  const link = event.target.closest && event.target.closest("[data-mt-open]");
  if (link) {
    const details = document.getElementById(link.dataset.mtOpen);
    if (details) details.open = true;
    return;
  }
  // Tapping a space on the board picks the start button for it, if there is one.
  const space = event.target.closest && event.target.closest(".dr-board [data-space]");
  if (space) {
    const button = document.querySelector(`[data-start-space="${CSS.escape(space.dataset.space)}"]`);
    if (button && !button.disabled) button.click();
  }
});

// -- after every screen ----------------------------------------------------------------------

const calm = window.matchMedia("(prefers-reduced-motion: reduce)");

function init(root) {
  for (const input of root.querySelectorAll("[data-dna-editor]")) updateDna(input, false);
  for (const input of root.querySelectorAll("[data-answer-field]")) checkShape(input, false);
  for (const steps of root.querySelectorAll("[data-steps]:not([data-played])")) {
    steps.dataset.played = "true";
    const button = root.querySelector(`[data-show-all][aria-controls="${steps.id}"]`);
    if (calm.matches || steps.hasAttribute("data-seen")) continue;
    steps.classList.add("dr-animate");
    if (button) button.hidden = false;
    const last = steps.lastElementChild;
    if (last) last.addEventListener("animationend", () => { if (button) button.hidden = true; });
  }
}

const screen = document.getElementById("screen") || document.body;
new MutationObserver(() => init(screen)).observe(screen, { childList: true });
init(document);
