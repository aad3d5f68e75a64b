// hacktable: the browser's own notifications while the table's tab is hidden. The page asks
// for permission only when the player clicks; then each moment the screen announces once
// (`[data-announce-event]`: "Your turn", "round 3 begins") is also a notification, once,
// while the tab is hidden.
const ask = document.querySelector("[data-notify-ask]");
const state = document.querySelector("[data-notify-state]");
const SEEN = "hacktable-notified";

function say(text) {
  if (state) state.textContent = text;
}

function seen() {
  try {
    return new Set(JSON.parse(sessionStorage.getItem(SEEN) || "[]"));
  } catch {
    return new Set();
  }
}

function remember(keys) {
  try {
    sessionStorage.setItem(SEEN, JSON.stringify([...keys].slice(-200)));
  } catch {
    // private browsing: remembered for this page only
  }
}

const told = seen();
for (const element of document.querySelectorAll("[data-announce-event]")) {
  told.add(element.dataset.announceEvent);  // what was on the screen when it opened
}
remember(told);

function words(element) {
  const key = element.dataset.announceEvent || "";
  const text = (element.textContent || "").trim();
  const round = /round (\d+) begins/i.exec(text);
  if (round) return `Round ${round[1]} has begun`;
  if (key.startsWith("your-turn")) return "Your turn";
  return text;
}

function look() {
  for (const element of document.querySelectorAll("[data-announce-event]")) {
    const key = element.dataset.announceEvent;
    if (!key || told.has(key)) continue;
    told.add(key);
    remember(told);
    if (document.hidden && "Notification" in window && Notification.permission === "granted") {
      new Notification(words(element), { tag: key });
    }
  }
}

if (ask && "Notification" in window) {
  ask.hidden = false;
  if (Notification.permission === "granted") say("This browser tells you too, while the tab is hidden.");
  ask.addEventListener("click", async () => {
    const answer = await Notification.requestPermission();
    say(answer === "granted" ? "This browser tells you too, while the tab is hidden."
      : "The browser said no; change it in the site's settings to get notifications.");
  });
}
const screen = document.getElementById("screen");
if (screen) new MutationObserver(look).observe(screen, { childList: true, subtree: true });
document.addEventListener("visibilitychange", look);
