// hacktable: the CPU screen's one custom body. Our own code, no framework, no build step.
//
// Every other CPU control posts the action JSON the server rendered into it. "Compile
// with…" is the exception: the player ticks libraries, so the body is built here from the
// source card (data-item) and the ticked boxes. The server checks the result and answers a
// refusal in a sentence, which api.js shows in the form's alert region.

import { registerBody } from "./api.js";

registerBody("[data-cpu-compile]", (form) => ({
  action: {
    do: "compile",
    item: Number(form.dataset.item),
    cards: [...form.querySelectorAll("input[name=library]:checked")].map((box) => Number(box.value)),
  },
}));
