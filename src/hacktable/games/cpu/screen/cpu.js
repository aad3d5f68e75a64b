// hacktable: the CPU screen's one custom body. Our own code, no framework, no build step.
//
// Every other CPU control posts the action JSON the server rendered into it. "Compile
// with…" is the exception: the player ticks libraries, so the body is built here from the
// source card (data-item) and the ticked boxes. The server checks the result and answers a
// refusal in a sentence, which api.js shows in the form's alert region.

import { registerBody } from "/static/js/api.js";

registerBody("[data-cpu-compile]", (form) => ({
  action: {
    do: "compile",
    item: Number(form.dataset.item),
    cards: [...form.querySelectorAll("input[name=library]:checked")].map((box) => Number(box.value)),
  },
}));

// -- standing answers: "always" or "never" for the rest of this game ------------------------
//
// A player asked the same question again and again (nullify this attack?) can answer it once
// for the whole game. The answer lives in this browser only (localStorage, per room code and
// question); whenever the question comes back, the chosen button is pressed for them, and
// the screen says so, with a way to be asked again.

const standingKey = (code, kind) => `hacktable:cpu:${code}:${kind}`;

function applyStanding() {
  const code = document.body.dataset.code;
  const section = document.querySelector(".cpu-window[data-window]");
  if (!code || !section) return;
  const kind = section.dataset.window;
  const verb = window.localStorage.getItem(standingKey(code, kind));
  const note = section.querySelector("[data-standing-note]");
  if (note) note.hidden = !verb;
  if (!verb || section.dataset.standingDone) return;
  const form = section.querySelector(`.cpu-window-buttons form[data-verb="${verb}"]`);
  if (!form) return;
  section.dataset.standingDone = "true";
  if (note) note.textContent = `Answered for you: ${verb} (your answer for this game).`;
  form.requestSubmit();
}

document.addEventListener("click", (event) => {
  const button = event.target.closest && event.target.closest("[data-standing]");
  if (!button) return;
  const code = document.body.dataset.code;
  const [kind, verb] = button.dataset.standing.split(":");
  if (verb) window.localStorage.setItem(standingKey(code, kind), verb);
  else window.localStorage.removeItem(standingKey(code, kind));
  applyStanding();
});

// -- a question for this player comes into view ---------------------------------------------
//
// A reaction, nullify, daemon or restart question has a short clock (20 s by default) and
// appears near the top of the screen, while a player on a phone may be scrolled far below,
// at their hand. When a new question arrives (not on each push while it stays open), it is
// scrolled into view and its heading takes the focus, so a screen reader reads the question;
// a question answered by a standing answer needs neither.

let lastQuestion = null;

function questionKey(section) {
  const clock = section.querySelector("[data-deadline]");
  return `${section.dataset.window}|${clock ? clock.dataset.deadline : ""}`;
}

function bringQuestionIntoView() {
  const section = document.querySelector(".cpu-window[data-window]");
  const key = section ? questionKey(section) : null;
  const fresh = key !== null && key !== lastQuestion;
  lastQuestion = key;
  if (!fresh || section.dataset.standingDone) return;
  const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  section.scrollIntoView({ block: "start", behavior: still ? "auto" : "smooth" });
  const heading = section.querySelector("h2");
  if (heading) heading.focus({ preventScroll: true });
}

document.addEventListener("hacktable:screen", () => {
  applyStanding();
  bringQuestionIntoView();
});
applyStanding();
lastQuestion = (() => {
  const section = document.querySelector(".cpu-window[data-window]");
  return section ? questionKey(section) : null;
})();
