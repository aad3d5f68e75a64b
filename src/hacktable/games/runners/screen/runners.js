// hacktable: the Rules for Runners screen's form bodies. Our own code, no build step.
//
// A form with data-rr="<verb>" posts {action: {do: verb, ...}}: data-fixed holds JSON merged
// in first (the seat a GM button is about, say); each control with data-key adds one field,
// typed by data-type ("int", "json", "bool" for checkboxes, text otherwise). A control with
// data-optional is left out when empty. A dotted key ("sheet.stats.dex") builds nested
// objects. A form with data-effort adds the effort chosen in the turn's "How hard you try"
// radios. The map form (data-rr-map) is sent by tapping a square: each square is a submit
// button carrying data-at="[x, y]", and the mode list says what the tap does. The server
// checks every move and answers a refusal in a sentence, which api.js shows in the form's
// alert region.

import { registerBody } from "/static/js/api.js";

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

function chosenEffort() {
  const picked = document.querySelector("input[name=rr-effort]:checked");
  return picked ? picked.value : "normal";
}

// The square last tapped: its click comes just before the submit it causes.
let tapped = null;
document.addEventListener("click", (event) => {
  const square = event.target instanceof Element && event.target.closest("button[data-at]");
  if (square) tapped = square;
}, true);

registerBody("[data-rr-map]", (form) => {
  const square = tapped;
  tapped = null;
  if (!square) throw new Error("Tap a square of the map.");
  const at = JSON.parse(square.dataset.at);
  const mode = form.querySelector("[data-map-mode]").value;
  if (mode === "move") return { action: { do: "move", to: at } };
  if (mode === "unlock" || mode === "hack") {
    return { action: { do: "act", what: mode, target: at, effort: chosenEffort() } };
  }
  if (mode === "door") return { action: { do: "door", at, open: square.dataset.square === "+" } };
  const token = form.querySelector("[data-map-token]");
  return { action: { do: "place", ref: token ? token.value : "", at } };
});

registerBody("[data-rr]", (form) => {
  const action = { do: form.dataset.rr, ...(form.dataset.fixed ? JSON.parse(form.dataset.fixed) : {}) };
  if (form.dataset.effort !== undefined) action.effort = chosenEffort();
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

// A pushed screen replaces the page's controls; what this player chose or typed in the
// current turn (the effort, the map's mode, half-typed words) is put back, so another
// player's move never wipes it. A form sent successfully forgets its typed words.
const chosen = new Map();
let chosenTurn = "";

function turnKey() {
  const root = document.querySelector(".rr[data-turn-key]");
  return root ? root.dataset.turnKey : "";
}

function remember(event) {
  const control = event.target;
  if (!(control instanceof HTMLElement) || !control.id || !control.closest(".rr")) return;
  if (!control.matches("input, select, textarea")) return;
  if (chosenTurn !== turnKey()) {
    chosen.clear();
    chosenTurn = turnKey();
  }
  const checkable = control.type === "checkbox" || control.type === "radio";
  chosen.set(control.id, checkable ? control.checked : control.value);
}

document.addEventListener("input", remember);
document.addEventListener("change", remember);
document.addEventListener("api:done", (event) => {
  for (const control of event.target.querySelectorAll("input[type=text], input[type=number], textarea")) {
    chosen.delete(control.id);
  }
});
document.addEventListener("hacktable:screen", () => {
  if (chosenTurn !== turnKey()) {
    chosen.clear();
    chosenTurn = turnKey();
    return;
  }
  for (const [id, value] of chosen) {
    const control = document.getElementById(id);
    if (!control || control.disabled) continue;
    if (typeof value === "boolean") {
      if (value || control.type === "checkbox") control.checked = value;
    } else if (control.tagName === "SELECT") {
      if ([...control.options].some((option) => option.value === value)) control.value = value;
    } else {
      control.value = value;
    }
  }
});

// -- the map on a phone -----------------------------------------------------------------------
//
// On a touch screen the map's squares are 44 px, so a map wider than the phone scrolls
// sideways inside its card. A pushed screen replaces the map: where the player had scrolled
// it is put back; a map not scrolled yet opens on the runner's own square.

let mapScroll = null;

document.addEventListener("scroll", (event) => {
  const wrap = event.target;
  if (wrap instanceof Element && wrap.matches(".rr-map-wrap")) {
    mapScroll = { left: wrap.scrollLeft, top: wrap.scrollTop };
  }
}, true);

function placeMap() {
  const wrap = document.querySelector(".rr-map-wrap");
  if (!wrap || wrap.scrollWidth <= wrap.clientWidth) return;
  if (mapScroll) {
    wrap.scrollLeft = mapScroll.left;
    wrap.scrollTop = mapScroll.top;
    return;
  }
  const mine = wrap.querySelector(".is-mine");
  if (!mine) return;
  wrap.scrollLeft = Math.max(0, mine.offsetLeft + mine.offsetWidth / 2 - wrap.clientWidth / 2);
}

document.addEventListener("hacktable:screen", placeMap);
placeMap();
