// hacktable: the Lab page. Our own code, no framework, no build step.
//
// The form works without this file (a plain POST; the rule options then keep their
// defaults). With it: choosing a game shows its form at once, the rule options you change
// travel as `option=name=value` fields, bot names can be added with a tap, and a run's page
// follows its progress every second, then shows the report when the run ends.

const POLL_MS = 1000;

/** Seconds as m:ss, or h:mm:ss from an hour (as the table's clocks show them). */
function duration(seconds) {
  const total = Math.max(0, Math.ceil(Number(seconds) || 0));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const secs = String(total % 60).padStart(2, "0");
  return hours ? `${hours}:${String(minutes).padStart(2, "0")}:${secs}` : `${minutes}:${secs}`;
}

function optionValue(control) {
  if (control.type === "checkbox") return control.checked ? "true" : "false";
  return control.value.trim();
}

/** Put the options a refused form had sent back into their controls. */
function restoreOptions(form) {
  for (const hidden of form.querySelectorAll("[data-sent-option]")) {
    const [name, ...rest] = hidden.value.split("=");
    const value = rest.join("=");
    const control = form.querySelector(`[data-option="${CSS.escape(name)}"]`);
    if (!control) continue;
    if (control.type === "checkbox") control.checked = value === "true";
    else control.value = value;
    hidden.remove();
  }
}

function setUpForm(form) {
  restoreOptions(form);
  form.addEventListener("submit", () => {
    for (const old of form.querySelectorAll("[data-sent-option]")) old.remove();
    for (const control of form.querySelectorAll("[data-option]")) {
      const value = optionValue(control);
      if (value === String(control.dataset.default)) continue;
      const hidden = document.createElement("input");
      hidden.type = "hidden";
      hidden.name = "option";
      hidden.value = `${control.dataset.option}=${value}`;
      hidden.dataset.sentOption = "";
      form.append(hidden);
    }
    const button = form.querySelector("button[type=submit]");
    if (button) {
      // After the submit event has gone out, so the browser still sends the form.
      window.setTimeout(() => { button.disabled = true; button.textContent = "Starting…"; }, 0);
    }
  });
  // Coming back with the browser's Back button: the button works again.
  window.addEventListener("pageshow", () => {
    const button = form.querySelector("button[type=submit]");
    if (button) { button.disabled = false; button.textContent = "Start the run"; }
  });
  const bots = form.querySelector("#lab-bots");
  for (const chip of form.querySelectorAll("[data-add-bot]")) {
    chip.addEventListener("click", () => {
      const names = bots.value.split(",").map((n) => n.trim()).filter(Boolean);
      names.push(chip.dataset.addBot);
      bots.value = names.join(",");
      bots.focus();
    });
  }
}

function setUpPicker(form) {
  const select = form.querySelector("select");
  const show = form.querySelector("[data-lab-show]");
  if (show) show.hidden = true;
  select.addEventListener("change", () => form.submit());
}

function render(card, data) {
  const bar = card.querySelector("progress");
  bar.max = Math.max(1, data.total);
  bar.value = data.done;
  bar.textContent = `${data.done} of ${data.total}`;
  const field = (name) => card.querySelector(`[data-field="${name}"]`);
  field("done").textContent = Number(data.done).toLocaleString("en-US");
  field("elapsed").textContent = duration(data.elapsed);
  field("eta").textContent = data.eta === null
    ? (data.status === "running" ? "estimating" : "—") : `about ${duration(data.eta)}`;
  const message = field("message");
  message.textContent = data.message;
  message.dataset.state = data.status;
}

async function follow(card) {
  const url = `/lab/jobs/${card.dataset.labJob}/progress`;
  let misses = 0;
  for (;;) {
    await new Promise((resolve) => { window.setTimeout(resolve, POLL_MS); });
    let data;
    try {
      const response = await fetch(url, { headers: { Accept: "application/json" }, cache: "no-store" });
      if (!response.ok) throw new Error(String(response.status));
      data = await response.json();
      misses = 0;
    } catch {
      misses += 1;
      if (misses === 3) card.querySelector('[data-field="message"]').textContent = "Lost touch with the table; still trying.";
      continue;
    }
    render(card, data);
    if (data.status !== card.dataset.status) {
      const live = card.querySelector("[data-live]");
      if (live) live.textContent = data.message;
      // The finished page is drawn by the server: the report, the downloads.
      window.location.reload();
      return;
    }
  }
}

const form = document.querySelector("[data-lab-form]");
if (form) setUpForm(form);
const picker = document.querySelector("[data-lab-pick]");
if (picker) setUpPicker(picker);
const card = document.querySelector("[data-lab-job]");
if (card && ["running", "queued"].includes(card.dataset.status)) follow(card);
