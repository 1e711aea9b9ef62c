// Scorekeeper's own JavaScript: each part improves a page that already works without it (the hand
// form shows the inputs that apply by its own style, HandForm.style; a message goes by app.css).
const AWAKE = "scorekeeper-awake";

// Keep the screen awake on the game page (a toggle): the Wake Lock API (HTTPS, localhost), else
// NoSleep.js's silent video (plain http), fetched with a first tap; refused, tried at the next tap.
const keepAwake = (toggle) => {
  const native = "wakeLock" in navigator;
  let wanted = localStorage.getItem(AWAKE) !== "off";
  let lock, noSleep;
  const show = (held) => {
    toggle.setAttribute("aria-pressed", wanted);
    toggle.dataset.awake = held && wanted ? "on" : "off";
  };
  const later = () => document.addEventListener("click", acquire, { once: true, capture: true });
  const release = () => {
    lock?.release();
    noSleep?.disable();
    show(false);
  };
  async function acquire() {
    if (!wanted || document.visibilityState !== "visible") return;
    if (!native && !window.NoSleep) {
      const script = { onload: acquire, src: toggle.dataset.fallback }; // tried within this tap
      return document.head.append(Object.assign(document.createElement("script"), script));
    }
    try {
      if (native) lock = await navigator.wakeLock.request("screen");
      else await (noSleep ??= new window.NoSleep()).enable();
      lock?.addEventListener("release", () => show(false));
      wanted ? show(true) : release(); // turned off meanwhile
    } catch {
      show(false);
      later();
    }
  }
  if (!native && !toggle.dataset.fallback) return;
  toggle.hidden = false;
  toggle.addEventListener("click", () => {
    wanted = !wanted;
    localStorage.setItem(AWAKE, wanted ? "on" : "off");
    wanted ? acquire() : release();
  });
  document.addEventListener("visibilitychange", () => (native || noSleep) && acquire());
  show(false);
  native ? acquire() : later();
};

// A message ("Hand 11 deleted…") answers the last action: it goes with the next one (not with
// its own form's). Captured, before the forms' own handlers; asks first (form, button) if dear.
const dropMessages = () => document.querySelectorAll(".messages").forEach((m) => m.remove());
const asked = (event) => event.submitter?.dataset.confirm || event.target.dataset.confirm;
const ask = (event) => asked(event) && !confirm(asked(event));
const submit = (e) => ask(e) ? e.preventDefault() : e.target.closest(".messages") || dropMessages();
addEventListener("submit", submit, true);
addEventListener("change", dropMessages, true);
const filledIn = new Set(); // the counts the phone filled in ("tricks-3=4"), kept when drawn again
const count = (input) => `${input.name}=${input.value}`;
addEventListener("change", ({ target: input }) => {
  // a preset ticks several house rules: show them (untick: the form's own), read as then changed;
  // one preset at a time
  if (input.dataset.preset) input.value = "shown";
  const presets = input.dataset.preset ? [...input.form.querySelectorAll("[data-preset]")] : [];
  presets.forEach((other) => other !== input && input.checked && (other.checked = false));
  for (const preset of presets.sort((a, b) => a.checked - b.checked)) { // unticked ones first
    for (const [name, value] of Object.entries(JSON.parse(preset.dataset.preset))) {
      const field = input.form.elements[`rule_${name}`];
      if (field.type === "checkbox") field.checked = preset.checked ? value : field.defaultChecked;
      else field.value = preset.checked ? value : field.defaultValue;
    }
  }
  // shared tricks: of two teams the other's count follows; of more, the one row left open, or
  // every one left open with none (or too many) to take, follows the others while its count is
  // the one filled in, not tapped; of the hand's total where the form has one (Oh Hell's cards)
  const shared = input.closest("[data-shared-total]");
  const row = input.closest(".tricks-row");
  filledIn.delete(count(input)); // tapped: the player's own count
  if (!row) return;
  const rows = [...(shared?.querySelectorAll(".tricks-row") ?? [])].filter((r) => r !== row);
  const chip = (r) => r.querySelector(":checked");
  const filled = (r) => filledIn.has(count(chip(r)));
  const open = rows.filter((r) => rows.length < 2 || !chip(r) || filled(r));
  const most = input.form.getAttribute(`data-most-${shared?.dataset.input}`);
  const total = most ?? shared?.dataset.sharedTotal;
  const given = rows.filter((r) => !open.includes(r)).reduce((n, r) => n + +chip(r).value, 0);
  const rest = Math.max(total - input.value - given, 0);
  const fill = open.length === 1 || rest === 0 ? open : [];
  const left = fill.map((r) => r.querySelector(`[value="${rest}"]`));
  for (const r of open) if (chip(r) && filled(r)) chip(r).checked = false;
  for (const chosen of left.every(Boolean) ? left : []) {
    filledIn.add(count(chosen));
    chosen.checked = true;
  }
}, true); // captured: done before htmx sends the form for its preview, which reads it so
// A player now bidding (or called) had their count tapped as an opponent's: it goes.
addEventListener("change", ({ target: { form, name, value } }) => {
  const side = ["bidder", "partner"].includes(name) && `[data-side="${CSS.escape(value)}"]`;
  for (const chip of side ? form.querySelectorAll(`.tricks-row${side} :checked`) : [])
    chip.checked = false;
}, true);

// A number typed, pasted or spoken (no key for the last two): its form's preview follows.
addEventListener("input", ({ target: box }) => {
  if (box.type === "number") box.form?.dispatchEvent(new Event("typed"));
});

// A score's sign, for a phone whose number keyboard has no minus: the ± beside it flips it.
addEventListener("click", ({ target }) => {
  const box = target.closest?.("[data-flip-sign]")?.previousElementSibling;
  if (box?.value) box.value = box.value.startsWith("-") ? box.value.slice(1) : `-${box.value}`;
  box?.dispatchEvent(new Event("change", { bubbles: true }));
});

// Share a result's picture where the phone can (Web Share API), with the view-only link; else
// the link downloads it. Fetched beforehand: a share must follow the tap at once.
const setUpShare = async (link) => {
  if (!navigator.canShare || "shareData" in link) return;
  link.shareData = null;
  const answer = await fetch(link.href).catch(() => null);
  if (!answer?.ok) return;
  const files = [new File([await answer.blob()], link.download, { type: "image/png" })];
  const { title, text, url } = link.dataset;
  const data = { files, title, text, url };
  if (navigator.canShare(data)) link.shareData = data;
};
addEventListener("click", (event) => {
  const link = event.target.closest?.("a[data-share]");
  if (!link?.shareData) return;
  event.preventDefault();
  navigator.share(link.shareData).catch((error) => {
    if (error.name === "AbortError") return; // the phone's own sheet was closed
    link.shareData = null;
    link.click(); // refused: the picture is downloaded instead
  });
});

// No stream heard (refused, broken, held by a proxy): the live parts ask every 2 s ("stale").
const stream = document.querySelector("#stream");
for (const name of ["open", "down", "htmx:sse:before:connection", "htmx:sse:close"])
  stream?.addEventListener(name, () => (stream.heard = name === "open"));
const stale = () => !stream?.heard && !document.hidden && stream?.dispatchEvent(new Event("stale"));
setInterval(stale, 2000);

// The page as it comes, and each part htmx swaps in; for table.js too, which replaces parts.
const setUp = (root) => {
  root.querySelectorAll("[data-wake-lock]").forEach(keepAwake);
  root.querySelectorAll("a[data-share]").forEach(setUpShare);
  root.querySelectorAll("[data-flip-sign]").forEach((button) => (button.hidden = false));
};
addEventListener("DOMContentLoaded", () => setUp(document));
addEventListener("htmx:after:settle", (event) => setUp(event.target));
window.scorekeeper = { setUp, dropMessages };
