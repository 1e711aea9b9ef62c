// Scorekeeper's own JavaScript: each part improves a page that already works without it.
(function () {
  "use strict";

  // 2. Keep the screen awake on the game page, with a toggle. The Screen Wake Lock API
  //    exists only on HTTPS and localhost; on a LAN's plain http address NoSleep.js
  //    (vendor/NoSleep.min.js) plays a tiny silent looping video instead. A video may
  //    only start after a tap, so a refusal is tried again on the next one.
  function setUpWakeLock(toggle) {
    if ("wakeLock" in navigator || window.NoSleep || !toggle.dataset.fallback) { keepAwake(toggle); return; }
    // Only phones without the API (plain http) fetch NoSleep.js, and only with the first
    // tap, which its video waits for anyway: a first visit does not carry it.
    var wanted = localStorage.getItem("scorekeeper-awake") !== "off";
    toggle.hidden = false;
    toggle.setAttribute("aria-pressed", wanted ? "true" : "false");
    toggle.dataset.awake = "off";
    document.addEventListener("click", function (event) {
      if (toggle.contains(event.target)) {
        // This tap is on the toggle itself: it says what is wanted.
        localStorage.setItem("scorekeeper-awake", wanted ? "off" : "on");
        event.stopPropagation();
      }
      var script = document.createElement("script");
      script.src = toggle.dataset.fallback;
      script.onload = function () { keepAwake(toggle); };
      document.head.append(script);
    }, { once: true, capture: true });
  }
  function keepAwake(toggle) {
    var native = "wakeLock" in navigator;
    if (!native && !window.NoSleep) { toggle.hidden = true; return; }
    var noSleep = native ? null : new window.NoSleep();
    var lock = null;
    var wanted = localStorage.getItem("scorekeeper-awake") !== "off";
    function show(held) {
      toggle.setAttribute("aria-pressed", wanted ? "true" : "false");
      toggle.dataset.awake = held && wanted ? "on" : "off";
    }
    function acquire() {
      if (!wanted || document.visibilityState !== "visible") return;
      var asked = native
        ? navigator.wakeLock.request("screen").then(function (l) {
          lock = l;
          lock.addEventListener("release", function () { show(false); });
        })
        : noSleep.enable();
      asked.then(function () {
        if (wanted) show(true); else release(); // turned off while it was being asked for
      }, function () {
        show(false);
        document.addEventListener("click", acquire, { once: true, capture: true });
      });
    }
    function release() {
      if (lock) { lock.release(); lock = null; }
      if (noSleep) noSleep.disable();
      show(false);
    }
    toggle.hidden = false;
    toggle.addEventListener("click", function () {
      wanted = !wanted;
      localStorage.setItem("scorekeeper-awake", wanted ? "on" : "off");
      if (wanted) acquire(); else release();
    });
    document.addEventListener("visibilitychange", acquire);
    show(false);
    acquire();
  }

  // 3. Hand form: show only the inputs that apply (the partner only for a numeric bid),
  //    as the engine describes them; the bidding side's own tricks are optional (they
  //    follow from the opponents'), so they wait behind a button.
  function valueOf(form, name) {
    var field = form.querySelector('[name="' + name + '"]');
    if (!field) return "";
    if (field.type === "radio" || field.type === "checkbox") {
      var checked = form.querySelector('[name="' + name + '"]:checked');
      if (field.type === "checkbox") return !!checked;
      return checked ? checked.value : "";
    }
    return field.value;
  }
  function refreshHandForm(form) {
    form.querySelectorAll("[data-shown-when]").forEach(function (el) {
      var rules = JSON.parse(el.dataset.shownWhen);
      var show = Object.keys(rules).every(function (key) {
        var value = valueOf(form, key);
        return rules[key].some(function (allowed) { return String(allowed) === String(value); });
      });
      el.hidden = !show;
    });
    var bidder = valueOf(form, "bidder");
    var partner = valueOf(form, "partner");
    form.querySelectorAll(".tricks-row[data-side]").forEach(function (row) {
      var side = row.dataset.side === bidder || (partner && row.dataset.side === partner);
      row.classList.toggle("side", !!side);
      // The bidding side's tricks follow from the rest; show them only on request.
      row.hidden = !!side && !form.dataset.showSplit && !row.querySelector("input:checked");
    });
    var reveal = form.querySelector("[data-show-split]");
    if (reveal) reveal.hidden = !form.querySelector(".tricks-row.side[hidden]");
    form.querySelectorAll('[name="partner"]').forEach(function (input) {
      input.disabled = input.value !== "" && input.value === bidder;
      if (input.disabled && input.checked) input.checked = false;
    });
  }

  // 4. Ask before what is hard to take back (replacing links; deleting a hand).
  document.addEventListener("submit", function (event) {
    var message = event.target.dataset && event.target.dataset.confirm;
    if (message && !window.confirm(message)) event.preventDefault();
  }, true);

  // 5. A message ("Hand 11 deleted…") answers the last action: it goes with the next one
  //    (a tap on a chip, a save), and a confirmation also by itself once it has been in
  //    view long enough to be read, and read aloud (role=status). What was refused (a
  //    warning, an error) stays until the next action: it says that nothing happened.
  var MESSAGE_STAYS = 8000;
  function fadeMessages(root) {
    root.querySelectorAll(".messages:not([data-fading])").forEach(function (list) {
      list.dataset.fading = "";
      setTimeout(function () {
        list.querySelectorAll("li.success, li.info").forEach(function (item) { item.remove(); });
        if (!list.querySelector("li")) list.remove();
      }, MESSAGE_STAYS);
    });
  }
  function dropMessages() {
    document.querySelectorAll(".messages").forEach(function (list) { list.remove(); });
  }
  // In the capture phase, so that it runs before the form's own handlers (htmx, table.js),
  // which may say something new; and after the question above (a "no" is no action).
  document.addEventListener("submit", function (event) {
    if (!event.defaultPrevented) dropMessages();
  }, true);
  document.addEventListener("change", dropMessages, true);

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-show-split]");
    if (!button) return;
    var form = button.closest("form");
    form.dataset.showSplit = "1";
    refreshHandForm(form);
  });

  // Two teams share every trick: tapping one team's count lights up the other's.
  function shareTricks(input) {
    var fieldset = input.closest("[data-shared-total]");
    if (!fieldset || !input.closest(".tricks-row")) return;
    var rest = Number(fieldset.dataset.sharedTotal) - Number(input.value);
    fieldset.querySelectorAll(".tricks-row").forEach(function (row) {
      if (row.contains(input)) return;
      var other = row.querySelector('input[value="' + rest + '"]');
      if (other) other.checked = true;
    });
  }

  // A preset ticks several house rules at once: show their values in the form.
  function applyPreset(box) {
    var rules = JSON.parse(box.dataset.preset);
    Object.keys(rules).forEach(function (name) {
      var field = box.form.querySelector('[name="rule_' + name + '"]');
      if (!field) return;
      if (!field.dataset.before) field.dataset.before = field.value;
      field.value = box.checked ? rules[name] : field.dataset.before;
    });
  }

  document.addEventListener("change", function (event) {
    if (event.target.matches && event.target.matches("input[data-preset]")) applyPreset(event.target);
    var form = event.target.closest && event.target.closest("form[data-hand-form]");
    if (!form) return;
    shareTricks(event.target);
    refreshHandForm(form);
  });
  function setUp(root) {
    root.querySelectorAll("[data-wake-lock]").forEach(setUpWakeLock);
    root.querySelectorAll("form[data-hand-form]").forEach(refreshHandForm);
    fadeMessages(root);
  }
  document.addEventListener("DOMContentLoaded", function () { setUp(document); });
  // For table.js, which resets and replaces parts of the game page, and says things of
  // its own for as long as a message stays.
  window.scorekeeper = {
    refreshHandForm: refreshHandForm,
    setUp: setUp,
    fadeMessages: fadeMessages,
    dropMessages: dropMessages,
    messageStays: MESSAGE_STAYS
  };
  document.addEventListener("htmx:after:settle", function (event) {
    event.target.querySelectorAll("form[data-hand-form]").forEach(refreshHandForm);
    fadeMessages(event.target);
  });
})();
