// hacktable: live updates for the room and table pages. Our own code, no framework.
//
// One WebSocket per page (the cookie says who we are). The server pushes
//   {"type": "screen", "id": i, "seq": n, "html": "...", "match": {...}} -> main#screen anew
//   {"type": "patch", "id": i, "base": b, "seq": n, "lines": [...], "match": {...}}
//        -> the screen `base` with lines kept and lines new (lines.js); a page that does not
//           hold screen `base` asks for the whole screen again ({"type": "full"})
//   {"type": "room", ...}                                        -> the lobby changed: reload
// A pushed screen never costs the player their half-typed input: an element marked
// data-keep="<key>" whose key is still in the new screen keeps its live DOM, and focus
// stays where it was. Countdowns ([data-deadline]) tick against the server's clock.

import { applyLines } from "./lines.js";
import { announce, ApiError, postJSON, reloadKeepingInput, setMoveSender, showError } from "./api.js";

const body = document.body;
const code = body.dataset.code;
let lastSeq = Number(body.dataset.seq || 0);
let clockOffset = 0; // server time minus this device's time, in ms
let lastAnnounced = "";

function syncClock(iso) {
  const server = Date.parse(iso || "");
  if (!Number.isNaN(server)) clockOffset = server - Date.now();
}

// -- countdowns ---------------------------------------------------------------------------

const pad = (n) => String(n).padStart(2, "0");

export function formatLeft(ms) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return hours ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${minutes}:${pad(seconds)}`;
}

// Times the server writes in UTC ([data-local-time]) are shown in this device's own time.
function localTimes() {
  for (const element of document.querySelectorAll("[data-local-time]")) {
    const when = new Date(element.dataset.localTime);
    if (Number.isNaN(when.getTime())) continue;
    const sameDay = when.toDateString() === new Date().toDateString();
    const text = sameDay
      ? when.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })
      : when.toLocaleString([], { weekday: "short", day: "numeric", month: "short",
                                  hour: "2-digit", minute: "2-digit" });
    if (element.textContent !== text) element.textContent = text;
  }
}

function tick() {
  localTimes();
  const now = Date.now() + clockOffset;
  for (const element of document.querySelectorAll("[data-deadline]")) {
    const end = Date.parse(element.dataset.deadline);
    if (Number.isNaN(end)) continue;
    const left = end - now;
    const text = left > 0 ? formatLeft(left) : "0:00, closing…";
    if (element.textContent !== text) element.textContent = text;
    element.classList.toggle("urgent", left > 0 && left <= 60_000);
  }
}

// -- applying a pushed screen ---------------------------------------------------------------

function rememberFocus(main) {
  const active = document.activeElement;
  if (!active || active === main || !main.contains(active)) return null;
  const saved = { element: active, id: active.id };
  if (typeof active.selectionStart === "number") {
    saved.start = active.selectionStart;
    saved.end = active.selectionEnd;
    saved.direction = active.selectionDirection;
  }
  return saved;
}

function restoreFocus(saved, main) {
  if (!saved) return;
  let target = main.contains(saved.element) ? saved.element : null;
  if (!target && saved.id) {
    const same = document.getElementById(saved.id);
    if (same && main.contains(same)) target = same;
  }
  target = target || main;
  if (document.activeElement !== target) target.focus({ preventScroll: true });
  if (target === saved.element && typeof saved.start === "number") {
    try {
      target.setSelectionRange(saved.start, saved.end, saved.direction);
    } catch {
      // Not every input type has a selection (number inputs, for one).
    }
  }
}

/** Replace main#screen's content, keeping [data-keep] elements whose key survives. */
export function applyScreen(html) {
  const main = document.getElementById("screen");
  if (!main || typeof html !== "string") return;
  const focus = rememberFocus(main);
  const scroll = window.scrollY;
  const template = document.createElement("template");
  template.innerHTML = html;
  const fresh = template.content;
  // Sections the reader opened or closed stay that way.
  for (const details of main.querySelectorAll("details[id]")) {
    const twin = fresh.getElementById(details.id);
    if (twin && twin.tagName === "DETAILS") twin.open = details.open;
  }
  for (const element of [...fresh.querySelectorAll("[data-keep]")]) {
    if (!fresh.contains(element)) continue; // inside a kept element already swapped in
    const old = main.querySelector(`[data-keep="${CSS.escape(element.dataset.keep)}"]`);
    if (old) element.replaceWith(old);
  }
  main.replaceChildren(fresh);
  restoreFocus(focus, main);
  if (window.scrollY !== scroll) window.scrollTo(window.scrollX, scroll);
  const stamp = main.querySelector("[data-server-now]");
  if (stamp) syncClock(stamp.dataset.serverNow);
  initScreen(main);
  tick();
}

/** The same fingerprint of status and seats as the page's data-room-key (see _macros.html). */
function roomKey(match) {
  const seats = (match.seats || []).map(
    (s) => `|${s.seat}:${s.kind}:${s.name || ""}:${s.personality || ""}`);
  return `${match.status}${seats.join("")}`;
}

/** Show the host buttons the match's status allows; update status labels. */
function applyMatch(match) {
  if (!match || typeof match.status !== "string") return;
  body.dataset.status = match.status;
  for (const element of document.querySelectorAll("[data-when]")) {
    element.hidden = !element.dataset.when.split(" ").includes(match.status);
  }
  for (const element of document.querySelectorAll("[data-match-status]")) {
    element.textContent = match.status;
  }
}

function handle(message) {
  if (!message || typeof message !== "object") return;
  if (message.type === "acted" || message.type === "refused") {
    answered(message);
  } else if (message.type === "press") {
    // Messages between players: the conversations panel (press.js) shows them.
    document.dispatchEvent(new CustomEvent("hacktable:press", { detail: message }));
  } else if (message.type === "screen" || message.type === "patch") {
    const html = message.type === "screen" ? message.html : patched(message);
    if (typeof html !== "string") return;
    held = { id: message.id, html };
    if (typeof message.seq === "number") {
      if (message.seq < lastSeq) return; // an older screen overtaken by a newer one
      lastSeq = message.seq;
    }
    applyMatch(message.match);
    applyScreen(html);
  } else if (message.type === "sent") {
    // Only who has sent their move changed: swap the status strip, keep the screen.
    if (typeof message.seq === "number" && message.seq < lastSeq) return;
    const main = document.getElementById("screen");
    if (!main || typeof message.html !== "string") return;
    const holder = document.createElement("div");
    holder.innerHTML = message.html;
    const fresh = holder.querySelector("[data-sent]");
    const old = main.querySelector("[data-sent]");
    if (old && fresh) old.replaceWith(fresh);
    else if (old) old.remove();
    else if (fresh) main.prepend(fresh);
  } else if (message.type === "room") {
    // One arrives on every connection: reload only if the lobby really changed.
    const changed = !message.match || roomKey(message.match) !== body.dataset.roomKey;
    if (changed && (body.dataset.page === "room" || body.dataset.status === "lobby")) {
      reloadKeepingInput();
    } else {
      applyMatch(message.match);
    }
  }
}

// -- the WebSocket ---------------------------------------------------------------------------

let socket = null;
let held = null; // the last screen this socket sent, {id, html}: what its patches apply to

/** The HTML a patch makes of the screen held, or null (then the whole screen is asked for:
 * a page that lost track of its screens must not show a wrong one). */
function patched(message) {
  const html = held && held.id === message.base ? applyLines(held.html, message.lines) : null;
  if (html === null) {
    held = null;
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: "full" }));
  }
  return html;
}
let attempts = 0;
let retryTimer = 0;

function setConnection(state, text) {
  for (const element of document.querySelectorAll("[data-conn]")) {
    element.dataset.state = state;
    element.textContent = text;
  }
}

function connect() {
  window.clearTimeout(retryTimer);
  const scheme = window.location.protocol === "https:" ? "wss:" : "ws:";
  // The host's console listens as the host (the host's cookie), everyone else as themselves.
  const as = body.dataset.role === "host" ? "?as=host" : "";
  const url = `${scheme}//${window.location.host}/api/matches/${encodeURIComponent(code)}/ws${as}`;
  setConnection("connecting", "◌ connecting…");
  held = null; // a new socket numbers its screens anew and starts with a whole one
  try {
    socket = new WebSocket(url);
  } catch {
    scheduleReconnect();
    return;
  }
  socket.addEventListener("open", () => {
    attempts = 0;
    setConnection("live", "● live");
  });
  socket.addEventListener("message", (event) => {
    let message;
    try {
      message = JSON.parse(event.data);
    } catch {
      return;
    }
    handle(message);
  });
  socket.addEventListener("close", (event) => {
    abandonMoves("The connection dropped before the table answered: your move may or may "
                 + "not have arrived. Check the screen once it is live again.");
    // 44xx: the server refused this screen for good (seat handed to a bot, a link that no
    // longer holds the seat, too many screens): retrying cannot help, so say why instead.
    if (event.code >= 4400 && event.code < 4500) shutOut(event.code, event.reason);
    else scheduleReconnect();
  });
}

// -- moves on the socket -----------------------------------------------------------------------
// A seat's move (a form marked data-move, its body built by api.js) is a message of its own on
// the page's open socket: {type: "act", id, action | text}. The server answers "acted" or
// "refused" (the sentence POST /act would give) and the new screen follows as a push. Without
// an open socket, or on the host's console (its socket is the host's, not the seat's), the move
// goes by POST to the form's data-move address instead.

const MOVE_ANSWER_MS = 20_000;
const pendingMoves = new Map();
let nextMoveId = 1;

function answered(message) {
  const pending = pendingMoves.get(message.id);
  if (!pending) return;
  pendingMoves.delete(message.id);
  window.clearTimeout(pending.timer);
  if (message.type === "acted") pending.resolve({ accepted: message.accepted });
  else pending.reject(new ApiError(message.detail || "The move was refused.", message.status));
}

function abandonMoves(sentence) {
  for (const [id, pending] of pendingMoves) {
    pendingMoves.delete(id);
    window.clearTimeout(pending.timer);
    pending.reject(new ApiError(sentence, 0));
  }
}

/** Send a move on the socket; a promise of its answer, or null when the socket cannot. */
function sendMoveOnSocket(move) {
  if (body.dataset.role === "host") return null;
  if (!socket || socket.readyState !== WebSocket.OPEN) return null;
  const id = nextMoveId++;
  return new Promise((resolve, reject) => {
    // No answer in time: say so rather than send it again (the move may still land).
    const timer = window.setTimeout(() => {
      pendingMoves.delete(id);
      reject(new ApiError("No answer from the table yet: your move may still arrive. "
                          + "Wait for the screen to change before sending it again.", 0));
    }, MOVE_ANSWER_MS);
    pendingMoves.set(id, { resolve, reject, timer });
    socket.send(JSON.stringify({ type: "act", id, ...move }));
  });
}

setMoveSender(sendMoveOnSocket);

function shutOut(status, reason) {
  window.clearTimeout(retryTimer);
  retryTimer = 0;
  socket = null;
  setConnection("down", "○ not connected");
  if (document.querySelector("[data-shut-out]")) return;
  const banner = document.createElement("div");
  banner.className = "banner card";
  banner.setAttribute("role", "alert");
  banner.dataset.shutOut = String(status);
  const words = document.createElement("p");
  words.textContent = reason || "This screen can no longer follow the match.";
  const ways = document.createElement("p");
  ways.className = "inline wrap";
  const room = encodeURIComponent(code);
  for (const [href, label] of [[`/m/${room}/watch`, "Watch as a spectator"],
                               [`/m/${room}`, "Open the room"], ["/", "Back to the lobby"]]) {
    const link = document.createElement("a");
    link.className = "button";
    link.href = href;
    link.textContent = label;
    ways.append(link);
  }
  banner.append(words, ways);
  const main = document.getElementById("screen");
  (main || document.body).prepend(banner);
}

function scheduleReconnect() {
  if (retryTimer) return;
  socket = null;
  const delay = Math.min(30_000, 1000 * 2 ** attempts) * (0.75 + Math.random() / 2);
  attempts += 1;
  setConnection("down", `○ offline, retrying in ${Math.round(delay / 1000)} s`);
  retryTimer = window.setTimeout(() => {
    retryTimer = 0;
    connect();
  }, delay);
}

function reconnectNow() {
  if (socket) return;
  window.clearTimeout(retryTimer);
  retryTimer = 0;
  attempts = 0;
  connect();
}

// -- checking written orders as they are typed ----------------------------------------------

const checkTimers = new WeakMap();
const checkTickets = new WeakMap();

function renderCheck(out, data) {
  out.replaceChildren();
  const head = document.createElement("p");
  if (data.ok) {
    const points = typeof data.points === "number" ? ` (${data.points} action point${data.points === 1 ? "" : "s"})` : "";
    head.textContent = `✓ Readable${points}, not sent yet:`;
    head.className = "ok";
    const list = document.createElement("ul");
    for (const sentence of data.understood || []) {
      const item = document.createElement("li");
      item.textContent = sentence;
      list.append(item);
    }
    out.append(head, list);
  } else {
    head.textContent = `✗ ${data.error || "Not understood."}`;
    head.className = "bad";
    out.append(head);
  }
}

async function check(area) {
  const out = area.form && area.form.querySelector("[data-check-feedback]");
  if (!out) return;
  const ticket = (checkTickets.get(area) || 0) + 1;
  checkTickets.set(area, ticket);
  if (!area.value.trim()) {
    out.replaceChildren();
    return;
  }
  let data;
  try {
    data = await postJSON(area.dataset.checkUrl, { text: area.value });
  } catch (error) {
    data = { ok: false, error: error.message };
  }
  if (checkTickets.get(area) === ticket) renderCheck(out, data); // drop stale answers
}

document.addEventListener("input", (event) => {
  const area = event.target;
  if (!area.matches || !area.matches("[data-check-url]")) return;
  // The server's refusal of the text as it was sent no longer describes the text being
  // typed: the live check below speaks for the new text, so the old refusal goes.
  if (area.form) showError(area.form, "");
  window.clearTimeout(checkTimers.get(area));
  checkTimers.set(area, window.setTimeout(() => check(area), 300));
});

// -- after a form was accepted -----------------------------------------------------------------

document.addEventListener("api:done", (event) => {
  const form = event.target;
  const data = event.detail.data || {};
  // Host commands answer with the match's info; moves answer with a screen holding it.
  applyMatch(data.match || (typeof data.status === "string" && data.code ? data : null));
  if (form.closest("#screen")) {
    announce(form.matches("[data-order-form]") || form.querySelector("[name=text]")
      ? "Sent. The gamemaster has your orders."
      : "Sent.");
    if (form.hasAttribute("data-reset")) {
      form.reset();
      const out = form.querySelector("[data-check-feedback]");
      if (out) out.replaceChildren();
    }
    if (typeof data.html === "string") {
      if (typeof data.seq !== "number" || data.seq >= lastSeq) {
        if (typeof data.seq === "number") lastSeq = data.seq;
        applyScreen(data.html);
      }
    }
  } else {
    announce("Done.");
  }
});

// -- start -----------------------------------------------------------------------------------

let shownEvents = null;

/** The sentences of [data-announce-event] elements that were not on the screen before
 * ("your turn", "round 3 closed", the Impact Card): each is said once, when it appears,
 * through the polite live region; none on page load (the page itself says it). */
function announcedEvents(root) {
  const found = new Map();
  for (const element of root.querySelectorAll("[data-announce-event]")) {
    found.set(element.dataset.announceEvent, element.textContent.trim());
  }
  const before = shownEvents;
  shownEvents = new Set(found.keys());
  if (before === null) return [];
  return [...found].filter(([key, line]) => line && !before.has(key)).map(([, line]) => line);
}

/** The host's "Play again with the same seats" on the end screen too, where a host who
 * plays is looking (the screen is the seat's, shared by every viewer of it: the copy comes
 * from the host's own page). */
function offerToPlayAgain(root) {
  const template = document.querySelector("template[data-play-again-here]");
  const actions = root.querySelector("[data-match-over] .end-actions");
  if (!template || !actions || actions.querySelector("[data-play-again]")) return;
  if (root.querySelector("[data-next-table]")) return; // already played again
  actions.prepend(template.content.cloneNode(true));
}

function initScreen(root) {
  offerToPlayAgain(root);
  const said = root.querySelector("[data-announce]");
  const text = said ? said.textContent.trim() : "";
  const spoken = announcedEvents(root);
  if (text && text !== lastAnnounced) {
    if (lastAnnounced) spoken.push(text); // not on page load: the page itself says it
    lastAnnounced = text;
  }
  // "Your turn" once, where the game's own sentence does not already say it.
  const turn = spoken.findIndex((line) => line.startsWith("Your turn"));
  if (turn >= 0 && spoken.some((line, i) => i !== turn && /your turn/i.test(line))) {
    spoken.splice(turn, 1);
  }
  if (spoken.length) announce(spoken.join(" "));
  // A game's own module may act on each new screen (e.g. CPU's standing answers).
  document.dispatchEvent(new CustomEvent("hacktable:screen", { detail: { code } }));
}

/** A playing host's controls are folded under the game; they stay as the host last left
 * them in this browser (open or closed), whichever table they play next. */
const FOLD_KEY = "hacktable.hostControls";

function rememberFold() {
  const fold = document.querySelector("details[data-host-fold]");
  if (!fold) return;
  try {
    if (window.localStorage.getItem(FOLD_KEY) === "open") fold.open = true;
  } catch {
    return; // storage refused (private mode): the controls simply start closed
  }
  const remember = (open) => {
    try {
      window.localStorage.setItem(FOLD_KEY, open ? "open" : "closed");
    } catch {
      // nothing to remember it in
    }
  };
  // The click on its line is heard at once (the "toggle" event comes a task later, after a
  // quick reload may already have left the page); "toggle" still settles the final state.
  const summary = fold.querySelector("summary");
  if (summary) summary.addEventListener("click", () => remember(!fold.open));
  fold.addEventListener("toggle", () => remember(fold.open));
}

rememberFold();
syncClock(body.dataset.serverNow);
initScreen(document);
tick();
window.setInterval(tick, 500);
if (code && body.dataset.status === "cancelled") {
  setConnection("down", "○ cancelled"); // nothing will happen here: nothing to follow
} else if (code) {
  connect();
  window.addEventListener("online", reconnectNow);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") reconnectNow();
  });
}
