// hacktable: the Scare-City screen's one behaviour of its own. Our own code, no framework.
//
// After each round the Impact Card is revealed at the top of the table's main column; on a
// phone the player is usually further down (the shop, their city), so when a new round's
// reveal arrives the page brings it into view. Not on the first screen of a visit, and
// not on a wide screen, where it is already in sight beside the rest.

const PHONE = window.matchMedia("(max-width: 60rem)");
let lastRound = null;

function revealImpact() {
  const reveal = document.querySelector(".sc-last-impact[data-impact-round]");
  const round = reveal ? reveal.dataset.impactRound : null;
  const fresh = lastRound !== null && round !== null && round !== lastRound;
  lastRound = round ?? lastRound ?? "";
  if (!fresh || !PHONE.matches) return;
  reveal.scrollIntoView({ block: "start" });
  const heading = reveal.querySelector("h2");
  if (heading) heading.focus({ preventScroll: true });
}

document.addEventListener("hacktable:screen", revealImpact);
revealImpact();
