// hacktable: forms that talk to the JSON API. Our own code, no framework, no build step.
//
// A form with data-api="<path>" (and optionally data-method) is sent as JSON built from its
// named controls: data-type="int" makes a number (times data-scale, if given), "json" parses
// the text, checkboxes send true/false. Errors appear in the form's [role=alert] region.
// data-then says what follows success: "reload", "goto:<url>" or "navigate:<response key>".
// data-confirm asks first. Pages register special bodies with registerBody(selector, fn).
// A form with data-move="<path>" is a seat's move, its body built the same way: the page's
// move sender (the table's socket, setMoveSender) carries it, else it is POSTed to <path>.

const bodies = [];
let moveSender = null;

/** Let the page send moves its own way (the table: as messages on its open socket):
 * `send(move)` returns a promise of the answer, or null when it cannot send now (the move
 * then goes by POST to the form's data-move address). */
export function setMoveSender(send) {
  moveSender = send;
}

/** Send a move ({action} or {text}): by the page's move sender, else by POST to `url`. */
function sendMove(url, move) {
  return (moveSender && moveSender(move)) || postJSON(url, move);
}

/** Build this form's body with `build(form)` instead of reading its controls. */
export function registerBody(selector, build) {
  bodies.push([selector, build]);
}

export class ApiError extends Error {
  constructor(message, status, data) {
    super(message);
    this.status = status;
    this.data = data;
  }
}

/** The sentence to show for a failed response (the API sends {"detail": "sentence"}). */
function detailOf(data, response) {
  const detail = data && data.detail;
  if (typeof detail === "string") return detail;
  if (Array.isArray(detail)) {
    return detail.map((item) => (item && item.msg) || String(item)).join(" ");
  }
  return `The server answered ${response.status} ${response.statusText}`.trim() + ".";
}

/** POST (or another method) JSON with the page's cookies; resolve to the JSON answer. */
export async function postJSON(url, body, method = "POST") {
  let response;
  try {
    response = await fetch(url, {
      method,
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: method === "GET" ? undefined : JSON.stringify(body ?? {}),
    });
  } catch {
    throw new ApiError("Could not reach the server. Check your connection and try again.", 0);
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) throw new ApiError(detailOf(data, response), response.status, data);
  return data ?? {};
}

/** Say something to screen-reader users through the page's polite live region. */
export function announce(text) {
  const region = document.querySelector("[data-live]");
  if (!region || !text) return;
  // Clearing first makes a repeated sentence be read again.
  region.textContent = "";
  window.setTimeout(() => { region.textContent = text; }, 50);
}

export function showError(form, message) {
  const region = form.querySelector("[role=alert]");
  if (region) region.textContent = message || "";
}

function valueOf(control) {
  if (control.type === "checkbox") return control.checked;
  const type = control.dataset.type;
  if (type === "int" || type === "number") {
    const number = Number(control.value);
    const label = control.labels && control.labels[0] ? control.labels[0].textContent.trim() : control.name;
    if (control.value.trim() === "" || !Number.isFinite(number)) {
      throw new Error(`${label}: enter a number.`);
    }
    return number * Number(control.dataset.scale || 1);
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

/** The JSON body of a form: one key per named, enabled control. */
export function formBody(form) {
  for (const [selector, build] of bodies) {
    if (form.matches(selector)) return build(form);
  }
  const body = {};
  for (const control of form.elements) {
    if (!control.name || control.disabled || control.type === "submit" || control.type === "button") {
      continue;
    }
    body[control.name] = valueOf(control);
  }
  return body;
}

function afterSuccess(form, data) {
  const then = form.dataset.then || "";
  if (then === "reload") {
    reloadKeepingInput();
  } else if (then.startsWith("goto:")) {
    window.location.assign(then.slice(5));
  } else if (then.startsWith("navigate:")) {
    const target = data[then.slice(9)];
    if (typeof target === "string") window.location.assign(target);
  }
}

async function submitApiForm(form, submitter) {
  if (form.dataset.confirm && !window.confirm(form.dataset.confirm)) return;
  showError(form, "");
  let body;
  try {
    body = formBody(form);
  } catch (error) {
    showError(form, error.message);
    return;
  }
  const buttons = [...form.querySelectorAll("button[type=submit], button:not([type])")];
  form.setAttribute("aria-busy", "true");
  for (const button of buttons) button.disabled = true;
  try {
    const method = (form.dataset.method || "POST").toUpperCase();
    const data = await (form.dataset.move
      ? sendMove(form.dataset.move, body)
      : postJSON(form.dataset.api, body, method));
    form.dispatchEvent(new CustomEvent("api:done", { bubbles: true, detail: { data, submitter } }));
    afterSuccess(form, data);
  } catch (error) {
    showError(form, error.message);
  } finally {
    form.removeAttribute("aria-busy");
    for (const button of buttons) button.disabled = false;
  }
}

document.addEventListener("submit", (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement)) return;
  if (form.matches("[data-join-form]")) {
    event.preventDefault();
    const code = form.elements.code.value.trim().toUpperCase();
    window.location.assign(`/m/${encodeURIComponent(code)}`);
  } else if (form.dataset.api || form.dataset.move) {
    event.preventDefault();
    submitApiForm(form, event.submitter);
  }
});

// An invalid control inside a closed <details> cannot show its message: open it first.
document.addEventListener("invalid", (event) => {
  const details = event.target.closest && event.target.closest("details:not([open])");
  if (details) details.open = true;
}, true);

// -- keeping half-typed input across a reload (the lobby reloads when someone sits down) -----

const KEEP_KEY = `hacktable-input:${window.location.pathname}`;

let reloading = false;

/** Reload once: the host's "Start" and the lobby's own socket may both ask at the same
 * moment, and a second reload would abort the first mid-load. */
export function reloadKeepingInput() {
  if (reloading) return;
  reloading = true;
  const saved = { values: {}, focus: document.activeElement ? document.activeElement.id : "" };
  for (const control of document.querySelectorAll("input[id], textarea[id], select[id]")) {
    if (control.type === "hidden" || control.type === "password") continue;
    saved.values[control.id] = control.type === "checkbox" ? control.checked : control.value;
  }
  try {
    window.sessionStorage.setItem(KEEP_KEY, JSON.stringify(saved));
  } catch {
    // Private browsing may refuse storage; the reload still happens.
  }
  window.location.reload();
}

function restoreInput() {
  let saved = null;
  try {
    saved = JSON.parse(window.sessionStorage.getItem(KEEP_KEY) || "null");
    window.sessionStorage.removeItem(KEEP_KEY);
  } catch {
    return;
  }
  if (!saved) return;
  for (const [id, value] of Object.entries(saved.values || {})) {
    const control = document.getElementById(id);
    if (!control) continue;
    if (control.type === "checkbox") control.checked = Boolean(value);
    else control.value = value;
  }
  const focused = saved.focus && document.getElementById(saved.focus);
  if (focused) focused.focus({ preventScroll: true });
}

// -- copy buttons -------------------------------------------------------------------------

document.addEventListener("click", async (event) => {
  const button = event.target.closest && event.target.closest("[data-copy]");
  if (!button) return;
  const text = button.hasAttribute("data-copy-absolute")
    ? new URL(button.dataset.copy, window.location.href).href
    : button.dataset.copy;
  try {
    await navigator.clipboard.writeText(text);
    announce("Link copied.");
    button.textContent = "Copied ✓";
  } catch {
    announce(`Copy failed; the link is ${text}`);
  }
});

// -- the front page: join box and host form ---------------------------------------------------

function activePanel(form) {
  const game = form.querySelector("#host-game").value;
  return form.querySelector(`.game-panel[data-game="${CSS.escape(game)}"]`);
}

function showGame(form) {
  const game = form.querySelector("#host-game").value;
  for (const panel of form.querySelectorAll(".game-panel")) {
    const on = panel.dataset.game === game;
    panel.hidden = !on;
    for (const fieldset of panel.querySelectorAll("fieldset")) fieldset.disabled = !on;
  }
  showSeats(form);
}

function showSeats(form) {
  const panel = activePanel(form);
  if (!panel) return;
  const count = Number(panel.querySelector("[data-seat-count]").value) || 0;
  for (const row of panel.querySelectorAll("[data-seat-row]")) {
    const on = Number(row.dataset.seatRow) < count;
    row.hidden = !on;
    for (const select of row.querySelectorAll("select")) select.disabled = !on;
  }
}

function optionValue(control, raw) {
  if (control.dataset.type === "bool") return raw === true || raw === "true";
  if (control.dataset.type === "int") return Number(raw);
  return String(raw);
}

registerBody("[data-host-form]", (form) => {
  const panel = activePanel(form);
  const seats = Number(panel.querySelector("[data-seat-count]").value);
  const options = {};
  for (const control of panel.querySelectorAll("[data-option]")) {
    if (control.dataset.radio !== undefined && !control.checked) continue;
    const value = optionValue(control, control.type === "checkbox" ? control.checked : control.value);
    if (control.dataset.type === "int" && !Number.isInteger(value)) {
      throw new Error(`Rule option ${control.dataset.option} needs a whole number.`);
    }
    if (value !== optionValue(control, control.dataset.default)) {
      options[control.dataset.option] = value;
    }
  }
  const bots = {};
  for (const select of panel.querySelectorAll("[data-seat]")) {
    const seat = Number(select.dataset.seat);
    if (seat < seats && select.value) bots[String(seat)] = select.value;
  }
  const body = { game: form.querySelector("#host-game").value, seats, options, bots };
  const referee = form.querySelector("[data-referee]");
  if (referee && referee.checked) body.referee = true;
  const name = form.querySelector("[data-host-name]");
  // A referee takes no seat: the name is for a host who plays.
  if (name && name.value.trim() && !body.referee) body.name = name.value.trim();
  const whenFull = form.querySelector("[data-start-when-full]");
  if (whenFull && whenFull.checked) body.start_when_full = true;
  const pace = form.querySelector("[data-bot-pace]");
  // Sent only when the host changed it: the server's own setting is the default.
  if (pace && Object.keys(bots).length && pace.value.trim() !== ""
      && Number(pace.value) !== Number(pace.dataset.default)) {
    body.bot_pace = Number(pace.value);
  }
  return body;
});

function initFrontPage() {
  const host = document.querySelector("[data-host-form]");
  if (host) {
    host.addEventListener("change", (event) => {
      if (event.target.id === "host-game") showGame(host);
      if (event.target.matches("[data-seat-count]")) showSeats(host);
    });
    host.addEventListener("input", (event) => {
      if (event.target.matches("[data-seat-count]")) showSeats(host);
    });
    showGame(host);
  }
  const code = document.getElementById("join-code");
  if (code) {
    code.addEventListener("input", () => {
      const { selectionStart, selectionEnd } = code;
      code.value = code.value.toUpperCase().replace(/[^A-Z0-9]/g, "");
      code.setSelectionRange(selectionStart, selectionEnd);
    });
  }
}

initFrontPage();
restoreInput();
