// Scorekeeper's own JavaScript: each part improves a page that already works without it.
(function () {
  "use strict";

  // 1. Live scoreboard: ask every two seconds whether the game changed. The server
  //    answers 304 with no body while it has not, thanks to If-None-Match. The region
  //    is looked up on every tick, so it survives being swapped by htmx.
  var polling = false;
  // htmx requests under way (a save, an undo): their answer is newer than a poll's.
  var sending = new Set();
  document.addEventListener("htmx:beforeRequest", function (event) { sending.add(event.detail.xhr); });
  document.addEventListener("htmx:afterRequest", function (event) { sending.delete(event.detail.xhr); });
  function busy() {
    // A request whose end never reached the document (its element was swapped out
    // first) must not stop the polling for good: a finished xhr is done (4) or unsent (0).
    sending.forEach(function (xhr) { if (xhr.readyState === 4 || xhr.readyState === 0) sending.delete(xhr); });
    return sending.size > 0;
  }
  function poll() {
    var main = document.querySelector("[data-live-url]");
    if (polling || busy() || !main || document.visibilityState !== "visible") return;
    polling = true;
    var asked = main.dataset.etag || "";
    var etag = "";
    fetch(main.dataset.liveUrl, { headers: asked ? { "If-None-Match": asked } : {}, cache: "no-store" })
      .then(function (response) {
        if (response.status !== 200) return null;
        etag = response.headers.get("ETag") || "";
        return response.text();
      })
      .then(function (html) {
        // An htmx answer that came in meanwhile (a swapped #main, a newer ETag) wins.
        if (!html || !main.isConnected || (main.dataset.etag || "") !== asked) return;
        var holder = document.createElement("div");
        holder.innerHTML = html;
        holder.querySelectorAll("[data-live-part]").forEach(function (fresh) {
          var old = document.getElementById(fresh.id);
          if (!old) return;
          // A form that is open stays as it is: someone may be halfway through a hand.
          if (fresh.dataset.state && fresh.dataset.state === old.dataset.state) {
            renumber(old, fresh);
            return;
          }
          // A game that reopened (a correction took the winner below the target) needs
          // its form back: the poll does not carry one, so load the page afresh.
          if (fresh.querySelector("[data-reload]")) { window.location.reload(); return; }
          old.replaceWith(fresh);
          if (window.htmx) window.htmx.process(fresh);
          fresh.querySelectorAll("form[data-hand-form]").forEach(refreshHandForm);
        });
        main.dataset.etag = etag;
      })
      .catch(function () {})
      .finally(function () { polling = false; });
  }

  // The hand this open form was for was saved meanwhile (on another phone, or on this
  // one with its answer lost): the form moves on to the next hand and says so, or an
  // identical next hand would be taken for a double tap of the saved one. After an
  // undo elsewhere it keeps its number, and saving it shows the conflict.
  function renumber(entry, fresh) {
    var form = entry.querySelector("form[data-hand-form]");
    var number = form && form.querySelector('input[name="number"]');
    var next = Number(fresh.dataset.next);
    if (!number || !(next > Number(number.value))) return;
    number.value = String(next);
    entry.dataset.next = fresh.dataset.next;
    entry.dataset.saveLabel = fresh.dataset.saveLabel;
    var button = form.querySelector('button[name="save"]');
    if (button) button.textContent = fresh.dataset.saveLabel;
    var notice = form.querySelector("[data-renumbered]");
    if (!notice) return;
    notice.querySelector("[data-saved]").textContent = String(next - 1);
    notice.querySelector("[data-next]").textContent = String(next);
    notice.hidden = false;
  }

  // 2. Keep the screen awake on the game page (Screen Wake Lock), with a toggle.
  function setUpWakeLock(toggle) {
    if (!("wakeLock" in navigator)) { toggle.hidden = true; return; }
    var lock = null;
    var wanted = localStorage.getItem("scorekeeper-awake") !== "off";
    function acquire() {
      if (!wanted || document.visibilityState !== "visible") return;
      navigator.wakeLock.request("screen").then(function (l) { lock = l; show(); }).catch(show);
    }
    function show() { toggle.setAttribute("aria-pressed", wanted ? "true" : "false"); }
    toggle.hidden = false;
    toggle.addEventListener("click", function () {
      wanted = !wanted;
      localStorage.setItem("scorekeeper-awake", wanted ? "on" : "off");
      if (wanted) acquire(); else if (lock) { lock.release(); lock = null; }
      show();
    });
    document.addEventListener("visibilitychange", acquire);
    acquire();
    show();
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
  }
  document.addEventListener("DOMContentLoaded", function () {
    setUp(document);
    setInterval(poll, 2000);
  });
  document.addEventListener("htmx:afterSettle", function (event) {
    event.target.querySelectorAll("form[data-hand-form]").forEach(refreshHandForm);
  });
})();
