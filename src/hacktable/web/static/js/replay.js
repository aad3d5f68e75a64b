// hacktable: the replay's keys: ← and → step, Page Up and Page Down go a round, Home and End
// jump to the start and the end. Each key follows the step's own link (or presses its
// button, for an uploaded log), so the page works the same without this script.
document.addEventListener("keydown", (event) => {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  const target = event.target;
  if (target instanceof HTMLElement && target.closest("input, textarea, select")) return;
  const control = document.querySelector(`[data-key="${event.key}"]`);
  if (!control) return;
  event.preventDefault();
  control.click();
});
document.body.dataset.keys = "ready";
