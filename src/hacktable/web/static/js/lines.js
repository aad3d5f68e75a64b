// hacktable: a pushed screen rebuilt from the one before and a patch of lines.
//
// The server sends a page's screen whole once, then as a patch (server/line_patch.py): a
// list whose items are either [start, stop], the previous screen's lines start..stop-1
// kept as they were, or a string, new lines of text. The new screen is the pieces joined
// with newlines. Both sides keep the last screen sent, so a patch refers only to what this
// page was already sent.

/** The screen `patch` makes of `old`, or null where the patch does not fit `old` (a
 * page that lost track asks the server for the whole screen instead). */
export function applyLines(old, patch) {
  if (typeof old !== "string" || !Array.isArray(patch)) return null;
  const lines = old.split("\n");
  const pieces = [];
  for (const part of patch) {
    if (typeof part === "string") {
      pieces.push(part);
    } else if (Array.isArray(part) && part.length === 2
               && Number.isInteger(part[0]) && Number.isInteger(part[1])
               && 0 <= part[0] && part[0] <= part[1] && part[1] <= lines.length) {
      for (let at = part[0]; at < part[1]; at += 1) pieces.push(lines[at]);
    } else {
      return null;
    }
  }
  return pieces.join("\n");
}
