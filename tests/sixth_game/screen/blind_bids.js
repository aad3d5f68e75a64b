// hacktable: Blind Bids' screen. Marks the screen as read by its own script (the browser
// test checks that the game's script is served from its own folder).
const mark = () => document.querySelectorAll(".bb").forEach((node) => { node.dataset.ready = "yes"; });
mark();
new MutationObserver(mark).observe(document.body, { childList: true, subtree: true });
