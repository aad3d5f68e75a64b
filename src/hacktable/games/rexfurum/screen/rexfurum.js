// hacktable: Rex Furum's order builder. Our own code, no framework, no build step.
//
// A form with data-order-form builds a round's orders one at a time: the action chosen
// shows the fields it needs, "Add order" puts it on the list (with its cost in action
// points), "Remove" takes it off, and sending posts {"orders": [...]} as the game reads
// it. The server checks every order and answers a refusal in a sentence.

import { announce, registerBody, showError } from "/static/js/api.js";

function selectedVerb(form) {
  const verb = form.querySelector("[data-verb]");
  return verb ? verb.selectedOptions[0] : null;
}

function syncBuilder(form) {
  const option = selectedVerb(form);
  if (!option) return;
  const fields = option.dataset.fields.split(" ");
  for (const wrap of form.querySelectorAll("[data-field]")) {
    const on = fields.includes(wrap.dataset.field);
    wrap.hidden = !on;
    for (const control of wrap.querySelectorAll("input, select")) control.disabled = !on;
  }
  const selfOk = option.dataset.self === "true";
  const target = form.querySelector("select[name=target]");
  for (const you of form.querySelectorAll("option[data-you]")) {
    you.disabled = !selfOk;
    you.hidden = !selfOk;
  }
  if (target && target.selectedOptions[0] && target.selectedOptions[0].disabled) {
    const first = [...target.options].find((o) => !o.disabled);
    if (first) target.value = first.value;
  }
  const help = form.querySelector("[data-verb-help]");
  if (help) help.textContent = option.dataset.help || "";
}

function updateTotal(form) {
  const items = [...form.querySelectorAll("[data-order-list] > li")];
  const used = Number(form.dataset.used || 0) + items.reduce((sum, li) => sum + Number(li.dataset.cost || 0), 0);
  const budget = Number(form.dataset.budget || 0);
  const total = form.querySelector("[data-points-total]");
  if (total) total.textContent = used > budget ? `${used} (too many: remove one)` : String(used);
  const note = form.querySelector("[data-empty-note]");
  if (note) note.hidden = items.length > 0;
}

function orderItem(order, text, cost) {
  const item = document.createElement("li");
  item.dataset.order = JSON.stringify(order);
  item.dataset.cost = String(cost);
  const words = document.createElement("span");
  words.className = "order-text";
  words.textContent = text;
  const remove = document.createElement("button");
  remove.type = "button";
  remove.className = "small";
  remove.dataset.removeOrder = "";
  remove.setAttribute("aria-label", `Remove ${text}`);
  remove.textContent = "Remove";
  item.append(words, " ", remove);
  return item;
}

function addOrder(form) {
  const option = selectedVerb(form);
  if (!option) return;
  showError(form, "");
  const order = { do: option.value };
  const words = {};
  for (const field of option.dataset.fields.split(" ").filter(Boolean)) {
    const control = form.querySelector(`[name="${field}"]`);
    if (field === "amount") {
      const amount = Number(control.value);
      if (!Number.isInteger(amount) || amount <= 0) {
        showError(form, "Enter the amount in whole dollars, more than 0.");
        control.focus();
        return;
      }
      order.amount = amount;
      words.amount = String(amount);
    } else {
      order[field] = Number(control.value);
      words[field] = control.selectedOptions[0].dataset.name;
    }
  }
  const text = option.dataset.format.replace(/\{(\w+)\}/g, (_, key) => words[key] ?? key);
  form.querySelector("[data-order-list]").append(orderItem(order, text, option.dataset.cost));
  updateTotal(form);
  announce(`Added: ${text}.`);
}

registerBody("[data-order-form]", (form) => ({
  action: {
    orders: [...form.querySelectorAll("[data-order-list] > li")].map((li) => JSON.parse(li.dataset.order)),
  },
}));

document.addEventListener("change", (event) => {
  const form = event.target.closest && event.target.closest("[data-order-form]");
  if (form && event.target.matches("[data-verb]")) syncBuilder(form);
});

document.addEventListener("click", (event) => {
  const add = event.target.closest && event.target.closest("[data-add-order]");
  if (add) {
    addOrder(add.form);
    return;
  }
  const remove = event.target.closest && event.target.closest("[data-remove-order]");
  if (remove) {
    const form = remove.form || remove.closest("form");
    const item = remove.closest("li");
    const next = (item.nextElementSibling || item.previousElementSibling);
    const text = item.querySelector(".order-text")?.textContent || "order";
    item.remove();
    updateTotal(form);
    announce(`Removed: ${text}.`);
    const focusTarget = next ? next.querySelector("[data-remove-order]") : form.querySelector("[data-add-order]");
    if (focusTarget) focusTarget.focus();
  }
});

// -- each new screen ----------------------------------------------------------------------

function initForms(root) {
  for (const form of root.querySelectorAll("[data-order-form]")) {
    if (!form.dataset.ready) {
      form.dataset.ready = "true";
      syncBuilder(form);
      updateTotal(form);
    }
  }
}

initForms(document);
document.addEventListener("hacktable:screen", () => initForms(document));
