// Scorekeeper's own JavaScript: each part improves a page that already works without it.
(function () {
  "use strict";
  var AWAKE = "scorekeeper-awake",
    MESSAGE_STAYS = 8000;

  // Keep the screen awake on the game page, with a toggle: the Screen Wake Lock API (HTTPS and
  // localhost only), else NoSleep.js's
  // silent looping video (a LAN's plain http), fetched with the first tap, not a first visit; it
  // starts after a tap only: tried again on the next.
  function keepAwake(toggle) {
    var wanted = localStorage.getItem(AWAKE) !== "off",
      native = "wakeLock" in navigator,
      lock = null,
      noSleep = null;
    function show(held) {
      toggle.setAttribute("aria-pressed", String(wanted));
      toggle.dataset.awake = held && wanted ? "on" : "off";
    }
    function later() {
      document.addEventListener("click", acquire, { once: true, capture: true });
    }
    function acquire() {
      if (!wanted || document.visibilityState !== "visible") return;
      if (!native && !window.NoSleep) {
        // fetched with this tap, then tried within it
        return document.head.append(
          Object.assign(document.createElement("script"), {
            onload: acquire,
            src: toggle.dataset.fallback
          })
        );
      }
      noSleep = noSleep || (native ? null : new window.NoSleep());
      var asked = noSleep
        ? noSleep.enable()
        : navigator.wakeLock.request("screen").then(function (held) {
            lock = held;
            held.addEventListener("release", function () {
              show(false);
            });
          });
      asked.then(
        function () {
          if (wanted) show(true);
          else release();
        },
        function () {
          show(false);
          later();
        }
      ); // turned off meanwhile; refused
    }
    function release() {
      if (lock) lock.release();
      if (noSleep) noSleep.disable();
      lock = null;
      show(false);
    }
    if (!native && !toggle.dataset.fallback) return;
    toggle.hidden = false;
    toggle.addEventListener("click", function () {
      wanted = !wanted;
      localStorage.setItem(AWAKE, wanted ? "on" : "off");
      if (wanted) acquire();
      else release();
    });
    document.addEventListener("visibilitychange", function () {
      if (native || noSleep) acquire();
    });
    show(false);
    if (native) acquire();
    else later();
  }

  // The hand form shows only the inputs that apply (the partner only for a numeric bid), as the
  // engine describes them; the
  // bidding side's own tricks are optional (they follow from the opponents'), so they wait behind a
  // button.
  function valueOf(form, name) {
    var field = form.querySelector('[name="' + name + '"]'),
      checked = form.querySelector('[name="' + name + '"]:checked');
    return !field
      ? ""
      : field.type === "checkbox"
        ? !!checked
        : field.type === "radio"
          ? checked
            ? checked.value
            : ""
          : field.value;
  }
  function refreshHandForm(form) {
    var bidder = valueOf(form, "bidder"),
      partner = valueOf(form, "partner"),
      reveal = form.querySelector("[data-show-split]");
    form.querySelectorAll("[data-shown-when]").forEach(function (el) {
      var rules = JSON.parse(el.dataset.shownWhen);
      el.hidden = !Object.keys(rules).every(function (key) {
        return rules[key].map(String).indexOf(String(valueOf(form, key))) >= 0;
      });
    });
    form.querySelectorAll(".tricks-row[data-side]").forEach(function (row) {
      var side = row.dataset.side === bidder || (!!partner && row.dataset.side === partner);
      row.classList.toggle("side", side);
      row.hidden = side && !form.dataset.showSplit && !row.querySelector("input:checked");
    });
    if (reveal) reveal.hidden = !form.querySelector(".tricks-row.side[hidden]");
    form.querySelectorAll('[name="partner"]').forEach(function (input) {
      // no partner of oneself
      input.disabled = input.value !== "" && input.value === bidder;
      if (input.disabled) input.checked = false;
    });
  }

  // A message ("Hand 11 deleted…") answers the last action: it goes with the next one (a tap, a
  // save), and a confirmation
  // also by itself once in view long enough to be read aloud (role=status); what was refused stays
  // until the next action.
  function fadeMessages(root) {
    root.querySelectorAll(".messages:not([data-fading])").forEach(function (list) {
      list.dataset.fading = "";
      setTimeout(function () {
        list.querySelectorAll("li.success, li.info").forEach(function (item) {
          item.remove();
        });
        if (!list.querySelector("li")) list.remove();
      }, MESSAGE_STAYS);
    });
  }
  function dropMessages() {
    document.querySelectorAll(".messages").forEach(function (list) {
      list.remove();
    });
  }
  // Captured, before the form's own handlers (htmx, table.js); first asks before what is hard to
  // take back (data-confirm).
  document.addEventListener(
    "submit",
    function (event) {
      var message = event.target.dataset && event.target.dataset.confirm;
      if (message && !window.confirm(message)) event.preventDefault();
      else dropMessages();
    },
    true
  );
  document.addEventListener("change", dropMessages, true);
  document.addEventListener("click", function (event) {
    var form =
      event.target.closest &&
      event.target.closest("[data-show-split]") &&
      event.target.closest("form");
    if (form) {
      form.dataset.showSplit = "1";
      refreshHandForm(form);
    }
  });
  document.addEventListener("change", function (event) {
    var input = event.target,
      form = input.form,
      shared = input.closest && input.closest("[data-shared-total]");
    if (input.matches && input.matches("input[data-preset]")) {
      // a preset ticks several house rules at once: show their values
      var rules = JSON.parse(input.dataset.preset);
      Object.keys(rules).forEach(function (name) {
        var field = form.querySelector('[name="rule_' + name + '"]');
        if (field && !field.dataset.before) field.dataset.before = field.value;
        if (field) field.value = input.checked ? rules[name] : field.dataset.before;
      });
    }
    if (!form || !form.matches("[data-hand-form]")) return;
    if (shared && input.closest(".tricks-row")) {
      // two teams share every trick: one team's count lights up the other's
      shared.querySelectorAll(".tricks-row").forEach(function (row) {
        var other =
          !row.contains(input) &&
          row.querySelector(
            'input[value="' + (Number(shared.dataset.sharedTotal) - Number(input.value)) + '"]'
          );
        if (other) other.checked = true;
      });
    }
    refreshHandForm(form);
  });
  // Share a result's picture as a file where the phone can (the Web Share API), with the view-only
  // link; elsewhere the link
  // downloads it. The picture is fetched beforehand: a share must follow the tap at once.
  function setUpShare(link) {
    if (!navigator.canShare || link.dataset.ready) return;
    link.dataset.ready = "1";
    fetch(link.href)
      .then(function (answer) {
        return answer.ok ? answer.blob() : null;
      })
      .then(
        function (blob) {
          var file = blob && new File([blob], link.getAttribute("download"), { type: "image/png" });
          var data = {
            files: [file],
            title: link.dataset.title,
            text: link.dataset.text,
            url: link.dataset.url
          };
          if (file && navigator.canShare(data)) link.shareData = data;
        },
        function () {}
      );
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
    // the page as it comes, and each part htmx swaps in
    root.querySelectorAll("[data-wake-lock]").forEach(keepAwake);
    root.querySelectorAll("a[data-share]").forEach(setUpShare);
    root.querySelectorAll("form[data-hand-form]").forEach(refreshHandForm);
    fadeMessages(root);
  }
  document.addEventListener("DOMContentLoaded", function () {
    setUp(document);
  });
  document.addEventListener("htmx:after:settle", function (event) {
    setUp(event.target);
  });
  // For table.js, which resets and replaces parts of the game page, and speaks as a message does.
  window.scorekeeper = {
    refreshHandForm: refreshHandForm,
    setUp: setUp,
    dropMessages: dropMessages,
    messageStays: MESSAGE_STAYS
  };
})();
