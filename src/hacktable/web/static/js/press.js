// hacktable: the conversations panel. Our own code, no framework.
//
// The panel ([data-press]) sits beside the screen, outside main#screen, so the screen's
// pushes never replace it. It starts from the JSON the page carries (the reader's own
// messages only), hears new ones from the page's socket (table.js passes each
// {"type": "press"} message on as a "hacktable:press" event) and sends through
// POST /api/matches/CODE/messages. Unread counts and mutes are the reader's own, kept in
// this browser (localStorage): the server is never told who read what. Every text goes in
// with textContent: a message is never HTML.

import { announce, postJSON } from "./api.js";

const panel = document.querySelector("[data-press]");
if (panel) start(panel);

function start(panel) {
  const source = panel.querySelector("[data-press-data]");
  let data;
  try {
    data = JSON.parse(source.textContent);
  } catch {
    return;
  }
  const code = panel.dataset.code;
  const you = typeof data.you === "number" ? data.you : null;
  const storeKey = `hacktable:press:${code}:${you === null ? "all" : you}`;
  const body = panel.querySelector("[data-press-body]");
  const messages = [];
  const keys = new Set();
  const announced = new Set();
  let open = null;
  let saved = load();

  function load() {
    try {
      const raw = JSON.parse(window.localStorage.getItem(storeKey) || "{}");
      return { read: raw.read || {}, muted: raw.muted || [] };
    } catch {
      return { read: {}, muted: [] };
    }
  }

  function save() {
    try {
      window.localStorage.setItem(storeKey, JSON.stringify(saved));
    } catch {
      // Private browsing may refuse storage: counts then last as long as the page.
    }
  }

  const nameOf = (seat) => {
    const found = (data.seats || []).find((s) => s.seat === seat);
    return (found && found.name) || `seat ${seat + 1}`;
  };

  function threadTitle(key) {
    if (key === "table") return "Whole table";
    if (key === "new-group") return "New group…";
    return key.split(",").map((s) => nameOf(Number(s))).join(", ");
  }

  function add(list) {
    const fresh = [];
    for (const message of list || []) {
      if (!message || typeof message.key !== "string" || keys.has(message.key)) continue;
      keys.add(message.key);
      messages.push(message);
      fresh.push(message);
    }
    return fresh;
  }

  function threads() {
    const found = new Map();
    for (const thread of data.threads || []) found.set(thread.key, thread);
    for (const message of messages) {
      if (!found.has(message.thread)) found.set(message.thread, { key: message.thread });
    }
    if (data.rule && data.rule.groups && you !== null) found.set("new-group", { key: "new-group" });
    return [...found.keys()];
  }

  const inThread = (key) => messages.filter((m) => m.thread === key);
  const muted = (key) => saved.muted.includes(key);

  function unread(key) {
    const theirs = inThread(key).filter((m) => m.from !== you).length;
    return Math.max(0, theirs - (saved.read[key] || 0));
  }

  function markRead(key) {
    if (!key || document.visibilityState === "hidden") return;
    const theirs = inThread(key).filter((m) => m.from !== you).length;
    if ((saved.read[key] || 0) !== theirs) {
      saved.read[key] = theirs;
      save();
    }
  }

  // -- drawing -------------------------------------------------------------------------------

  const make = (tag, attrs = {}, text = null) => {
    const element = document.createElement(tag);
    for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, value);
    if (text !== null) element.textContent = text;
    return element;
  };

  function recipientsOf(key) {
    if (key === "table") return "table";
    return key.split(",").map(Number);
  }

  function canWrite(key) {
    const rule = data.rule || {};
    if (you === null) return false;
    if (key === "table") return Boolean(rule.table);
    if (key === "new-group") return Boolean(rule.groups);
    const seats = recipientsOf(key);
    if (seats.length === 1) {
      if (!rule.private) return false;
      return rule.hub === null || rule.hub === undefined || you === rule.hub || seats[0] === rule.hub;
    }
    return Boolean(rule.groups);
  }

  function botNote(key) {
    if (key === "table" || key === "new-group") return null;
    const bots = recipientsOf(key).filter((s) => {
      const seat = (data.seats || []).find((x) => x.seat === s);
      return seat && seat.bot;
    });
    if (!bots.length) return null;
    const names = bots.map(nameOf).join(", ");
    return `${names} ${bots.length === 1 ? "is a bot and reads" : "are bots and read"} no messages.`;
  }

  function drawMessages(key) {
    const list = make("ol", { class: "press-messages", "aria-label": `Messages: ${threadTitle(key)}` });
    for (const message of inThread(key)) {
      const item = make("li", { class: message.from === you ? "press-mine" : "press-theirs" });
      const head = make("p", { class: "press-head" });
      head.append(make("strong", {}, message.from === you ? "You" : nameOf(message.from)));
      if (key === "table" || (Array.isArray(message.to) && message.to.length > 1) || you === null) {
        const to = message.to === "table" ? "the whole table"
          : message.to.map((s) => (s === you ? "you" : nameOf(s))).join(", ");
        head.append(document.createTextNode(` to ${to}`));
      }
      const when = new Date(message.at || "");
      if (!Number.isNaN(when.getTime())) {
        head.append(" ", make("time", { datetime: message.at },
          when.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })));
      }
      item.append(head, make("p", { class: "press-text" }, message.text));
      list.append(item);
    }
    if (!list.children.length) list.append(make("li", { class: "help" }, "No messages yet."));
    return list;
  }

  function drawForm(key) {
    const form = make("form", { class: "press-form", "data-press-form": key });
    const id = `press-text-${key.replace(/[^a-z0-9]/gi, "-")}`;
    if (key === "new-group") {
      const set = make("fieldset", { class: "press-pick" });
      set.append(make("legend", {}, "Write to"));
      for (const seat of data.seats || []) {
        if (seat.seat === you) continue;
        const box = make("input", { type: "checkbox", name: "to", value: String(seat.seat),
                                    id: `${id}-${seat.seat}` });
        const label = make("label", { for: `${id}-${seat.seat}` }, nameOf(seat.seat));
        const row = make("span", { class: "press-pick-row" });
        row.append(box, label);
        set.append(row);
      }
      form.append(set);
    }
    const verb = (data.rule && data.rule.hub !== null && data.rule.hub !== undefined && key !== "table")
      ? "Whisper to" : "Message to";
    const label = make("label", { for: id }, key === "new-group" ? "Message to the seats you picked"
      : `${verb} ${key === "table" ? "the whole table" : threadTitle(key)}`);
    const area = make("textarea", { id, name: "text", rows: "2", maxlength: String(data.max_chars || 2000),
                                    required: "", "data-press-text": "" });
    const send = make("button", { type: "submit" }, "Send");
    const alert = make("p", { role: "alert", class: "form-error" });
    form.append(label, area, send, alert);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      sendFrom(form, key, area, alert, send);
    });
    return form;
  }

  async function sendFrom(form, key, area, alert, button) {
    let to = recipientsOf(key);
    if (key === "new-group") {
      to = [...form.querySelectorAll("input[name=to]:checked")].map((box) => Number(box.value));
      if (!to.length) {
        alert.textContent = "Pick at least one seat to write to.";
        return;
      }
    }
    alert.textContent = "";
    button.disabled = true;
    try {
      const sent = await postJSON(`/api/matches/${encodeURIComponent(code)}/messages`,
                                  { to, text: area.value });
      add([{ ...sent, from: you }]);
      // The box may have been redrawn while the message travelled (its own push came
      // first): clear the one on the page now.
      const current = document.getElementById(area.id) || area;
      current.value = "";
      area.value = "";
      open = sent.thread || key;
      announce("Sent.");
      draw(current.id);
    } catch (error) {
      const shown = form.isConnected ? alert
        : body.querySelector(`[data-press-form="${CSS.escape(key)}"] [role=alert]`);
      if (shown) shown.textContent = error.message;
    } finally {
      button.disabled = false;
    }
  }

  function drawThread(key, focusText) {
    const section = make("section", { class: "press-thread", "data-press-thread": key,
                                      "aria-label": `Conversation: ${threadTitle(key)}` });
    const head = make("div", { class: "press-thread-head" });
    head.append(make("h3", {}, threadTitle(key)));
    if (key !== "new-group" && you !== null) {
      const mute = make("button", { type: "button", class: "press-mute", "aria-pressed": String(muted(key)),
                                    "data-press-mute": key },
                        muted(key) ? `Unmute ${threadTitle(key)}` : `Mute ${threadTitle(key)}`);
      mute.addEventListener("click", () => {
        saved.muted = muted(key) ? saved.muted.filter((k) => k !== key) : [...saved.muted, key];
        save();
        draw();
      });
      head.append(mute);
    }
    section.append(head);
    const note = botNote(key);
    if (note) section.append(make("p", { class: "help press-bot", "data-press-bot": "" }, note));
    if (key !== "new-group") section.append(drawMessages(key));
    if (canWrite(key)) {
      const form = drawForm(key);
      section.append(form);
      if (focusText) window.setTimeout(() => form.querySelector("textarea").focus(), 0);
    } else if (you !== null && key !== "new-group") {
      section.append(make("p", { class: "help" }, "You cannot write here now."));
    }
    return section;
  }

  // A link at the top of the page to the panel (on a phone it is far below the screen),
  // saying how many messages wait unread.
  const whoami = document.querySelector(".whoami");
  const jump = whoami ? make("a", { href: "#press-title", class: "press-jump", "data-press-jump": "" }) : null;
  if (jump) whoami.append(jump);

  function drawJump() {
    if (!jump) return;
    const waiting = threads().filter((key) => !muted(key)).reduce((sum, key) => sum + unread(key), 0);
    const text = waiting ? `Messages (${waiting} new)` : "Messages";
    if (jump.textContent !== text) jump.textContent = text;
  }

  function draw(focusId = null) {
    // Text typed and not yet sent survives a redraw (a message arriving mid-sentence).
    const drafts = new Map();
    for (const area of body.querySelectorAll("[data-press-text]")) {
      drafts.set(area.id, [area.value, document.activeElement === area]);
    }
    const keysNow = threads();
    const everyOpen = you !== null && data.rule && data.rule.hub === you; // the GM's boxes
    if (!keysNow.includes(open)) open = keysNow[0] || null;
    const nav = make("ul", { class: "press-threads", "aria-label": "Threads" });
    for (const key of keysNow) {
      const item = make("li");
      const count = unread(key);
      const button = make("button", { type: "button", "data-press-open": key,
                                      "aria-pressed": String(key === open || everyOpen) });
      button.append(make("span", {}, threadTitle(key)));
      if (count) {
        button.append(" ", make("span", { class: "badge press-unread", "data-press-unread": "" },
          `${count} new${muted(key) ? " (muted)" : ""}`));
      } else if (muted(key)) {
        button.append(" ", make("span", { class: "press-muted-mark" }, "(muted)"));
      }
      button.addEventListener("click", () => {
        open = key;
        draw();
        const target = body.querySelector(`[data-press-thread="${CSS.escape(key)}"]`);
        if (target) target.scrollIntoView({ block: "nearest" });
        const area = target && target.querySelector("textarea");
        if (area) area.focus({ preventScroll: true });
      });
      item.append(button);
      nav.append(item);
    }
    const shown = everyOpen ? keysNow : (open ? [open] : []);
    const sections = shown.map((key) => drawThread(key, false));
    body.replaceChildren(nav, ...sections);
    for (const key of shown) markRead(key);
    drawJump();
    if (everyOpen || open) {
      // Badges drawn before the thread was marked read: redraw them.
      for (const button of nav.querySelectorAll("[data-press-open]")) {
        const key = button.dataset.pressOpen;
        if (!shown.includes(key)) continue;
        const badge = button.querySelector("[data-press-unread]");
        if (badge) badge.remove();
      }
    }
    for (const [id, [value, focused]] of drafts) {
      const area = document.getElementById(id);
      if (!area) continue;
      area.value = value;
      if (focused) area.focus({ preventScroll: true });
    }
    const wanted = focusId && document.getElementById(focusId);
    if (wanted) wanted.focus({ preventScroll: true });
  }

  function receive(message) {
    if (!message || message.type !== "press") return;
    if (message.whole) {
      data = { ...data, ...message, messages: undefined };
    }
    const fresh = add(message.messages);
    for (const item of fresh) {
      // A muted person is not announced, whichever thread they write in.
      if (item.from === you || announced.has(item.key) || muted(item.thread)
          || muted(String(item.from))) continue;
      announced.add(item.key);
      if (!message.whole) announce(`New message from ${nameOf(item.from)}`);
    }
    if (fresh.length || message.whole) draw();
  }

  add(data.messages);
  for (const message of messages) announced.add(message.key);
  draw();
  document.addEventListener("hacktable:press", (event) => receive(event.detail));
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") draw();
  });
  // The match ended: a revealing match now shows everyone every message.
  new MutationObserver(async () => {
    const status = document.body.dataset.status;
    if (!data.reveal || (status !== "over" && status !== "ended")) return;
    try {
      const as = document.body.dataset.role === "host" ? "?as=host" : "";
      const all = await postJSON(`/api/matches/${encodeURIComponent(code)}/messages${as}`, null, "GET");
      data = { ...data, ...all };
      add(all.messages);
      for (const message of messages) announced.add(message.key);
      draw();
    } catch {
      // The page shows the reveal once reloaded.
    }
  }).observe(document.body, { attributes: true, attributeFilter: ["data-status"] });
}
