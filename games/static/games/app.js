// Scorekeeper's own JavaScript: each part improves a page that already works without it.
(function () {
  "use strict";
  var AWAKE = "scorekeeper-awake";

  // Keep the screen awake on the game page, with a toggle. The Screen Wake Lock API exists
  // only on HTTPS and localhost; on a LAN's plain http address NoSleep.js plays a tiny
  // silent looping video instead. Only phones without the API fetch it, with the first tap
  // (which its video waits for anyway): a first visit does not carry it. A video may only
  // start after a tap, so a refusal is tried again on the next one.
  function setUpWakeLock(toggle) {
    var wanted = localStorage.getItem(AWAKE) !== "off";
    if ("wakeLock" in navigator || window.NoSleep || !toggle.dataset.fallback) return keepAwake(toggle);
    toggle.hidden = false;
    toggle.setAttribute("aria-pressed", String(wanted));
    toggle.dataset.awake = "off";
    document.addEventListener("click", function (event) {
      if (toggle.contains(event.target)) { // this tap on the toggle itself says what is wanted
        localStorage.setItem(AWAKE, wanted ? "off" : "on");
        event.stopPropagation();
      }
      var script = document.createElement("script");
      script.src = toggle.dataset.fallback;
      script.onload = function () { keepAwake(toggle); };
      document.head.append(script);
    }, { once: true, capture: true });
  }
  function keepAwake(toggle) {
    var native = "wakeLock" in navigator, noSleep = native || !window.NoSleep ? null : new window.NoSleep();
    var lock = null, wanted = localStorage.getItem(AWAKE) !== "off";
    if (!native && !noSleep) { toggle.hidden = true; return; }
    function show(held) {
      toggle.setAttribute("aria-pressed", String(wanted));
      toggle.dataset.awake = held && wanted ? "on" : "off";
    }
    function acquire() {
      if (!wanted || document.visibilityState !== "visible") return;
      var asked = native ? navigator.wakeLock.request("screen").then(function (l) {
        lock = l;
        lock.addEventListener("release", function () { show(false); });
      }) : noSleep.enable();
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
      localStorage.setItem(AWAKE, wanted ? "on" : "off");
      if (wanted) acquire(); else release();
    });
    document.addEventListener("visibilitychange", acquire);
    show(false);
    acquire();
  }

  // The hand form shows only the inputs that apply (the partner only for a numeric bid), as
  // the engine describes them; the bidding side's own tricks are optional (they follow from
  // the opponents'), so they wait behind a button.
  function valueOf(form, name) {
    var field = form.querySelector('[name="' + name + '"]'), checked = form.querySelector('[name="' + name + '"]:checked');
    if (!field) return "";
    if (field.type === "checkbox") return !!checked;
    return field.type === "radio" ? (checked ? checked.value : "") : field.value;
  }
  function refreshHandForm(form) {
    var bidder = valueOf(form, "bidder"), partner = valueOf(form, "partner"), reveal = form.querySelector("[data-show-split]");
    form.querySelectorAll("[data-shown-when]").forEach(function (el) {
      var rules = JSON.parse(el.dataset.shownWhen);
      el.hidden = !Object.keys(rules).every(function (key) {
        return rules[key].some(function (allowed) { return String(allowed) === String(valueOf(form, key)); });
      });
    });
    form.querySelectorAll(".tricks-row[data-side]").forEach(function (row) {
      var side = row.dataset.side === bidder || (partner && row.dataset.side === partner);
      row.classList.toggle("side", !!side);
      row.hidden = !!side && !form.dataset.showSplit && !row.querySelector("input:checked");
    });
    if (reveal) reveal.hidden = !form.querySelector(".tricks-row.side[hidden]");
    form.querySelectorAll('[name="partner"]').forEach(function (input) {
      input.disabled = input.value !== "" && input.value === bidder;
      if (input.disabled && input.checked) input.checked = false;
    });
  }

  // A message ("Hand 11 deleted…") answers the last action: it goes with the next one (a
  // tap on a chip, a save), and a confirmation also by itself once it has been in view long
  // enough to be read, and read aloud (role=status). What was refused (a warning, an error)
  // stays until the next action: it says that nothing happened.
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
  function dropMessages() { document.querySelectorAll(".messages").forEach(function (list) { list.remove(); }); }
  // In the capture phase, before the form's own handlers (htmx, table.js) say something new.
  // First, ask before what is hard to take back (replacing links; deleting a hand): a "no"
  // is no action.
  document.addEventListener("submit", function (event) {
    var message = event.target.dataset && event.target.dataset.confirm;
    if (message && !window.confirm(message)) event.preventDefault();
    else dropMessages();
  }, true);
  document.addEventListener("change", dropMessages, true);

  document.addEventListener("click", function (event) {
    var form = event.target.closest && event.target.closest("[data-show-split]") && event.target.closest("form");
    if (!form) return;
    form.dataset.showSplit = "1";
    refreshHandForm(form);
  });
  document.addEventListener("change", function (event) {
    var input = event.target, form = input.closest && input.closest("form[data-hand-form]"), shared = input.closest && input.closest("[data-shared-total]");
    // A preset ticks several house rules at once: show their values in the form.
    if (input.matches && input.matches("input[data-preset]")) {
      var rules = JSON.parse(input.dataset.preset);
      Object.keys(rules).forEach(function (name) {
        var field = input.form.querySelector('[name="rule_' + name + '"]');
        if (!field) return;
        if (!field.dataset.before) field.dataset.before = field.value;
        field.value = input.checked ? rules[name] : field.dataset.before;
      });
    }
    if (!form) return;
    // Two teams share every trick: tapping one team's count lights up the other's.
    if (shared && input.closest(".tricks-row")) {
      shared.querySelectorAll(".tricks-row").forEach(function (row) {
        var other = !row.contains(input) && row.querySelector('input[value="' + (Number(shared.dataset.sharedTotal) - Number(input.value)) + '"]');
        if (other) other.checked = true;
      });
    }
    refreshHandForm(form);
  });
  // Share a result's picture as a file where the phone can (the Web Share API), with the
  // view-only link; elsewhere the link downloads it. The picture is fetched beforehand: a
  // share must follow the tap at once.
  function setUpShare(link) {
    if (!navigator.canShare || link.dataset.ready) return;
    link.dataset.ready = "1";
    fetch(link.href).then(function (answer) { return answer.ok ? answer.blob() : null; }).then(function (blob) {
      var file = blob && new File([blob], link.getAttribute("download"), { type: "image/png" });
      var data = { files: [file], title: link.dataset.title, text: link.dataset.text, url: link.dataset.url };
      if (file && navigator.canShare(data)) link.shareData = data;
    }, function () {});
  }
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a[data-share]");
    if (!link || !link.shareData) return;
    event.preventDefault();
    navigator.share(link.shareData).catch(function (error) {
      if (error.name === "AbortError") return; // the phone's own sheet was closed
      link.shareData = null;
      link.click(); // refused: the picture is downloaded instead
    });
  });
  function setUp(root) {
    root.querySelectorAll("[data-wake-lock]").forEach(setUpWakeLock);
    root.querySelectorAll("a[data-share]").forEach(setUpShare);
    root.querySelectorAll("form[data-hand-form]").forEach(refreshHandForm);
    fadeMessages(root);
  }
  document.addEventListener("DOMContentLoaded", function () { setUp(document); });
  document.addEventListener("htmx:after:settle", function (event) {
    event.target.querySelectorAll("form[data-hand-form]").forEach(refreshHandForm);
    fadeMessages(event.target);
    event.target.querySelectorAll("a[data-share]").forEach(setUpShare);
  });
  // For table.js, which resets and replaces parts of the game page, and says things of its
  // own for as long as a message stays.
  window.scorekeeper = { refreshHandForm: refreshHandForm, setUp: setUp, dropMessages: dropMessages, messageStays: MESSAGE_STAYS };
})();
