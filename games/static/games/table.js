// The game page at a real table: the live scoreboard, the hand form's saves, and hands
// kept on the phone while it has no connection. Each part improves a page that works
// as plain forms without it. Words come from the page (#texts), in its language.
(function () {
  "use strict";

  // Polls every two seconds; `make run` keeps idle connections open for 30 s (keepalive
  // in scorekeeper/gunicorn.py), so a poll never meets a connection the server closes.
  var POLL_EVERY = 2000;
  var QUEUE = "scorekeeper-queue"; // hands waiting to be sent, oldest first
  var SENT = "scorekeeper-entries"; // entry keys this phone has sent (the newest 50)
  var CACHE = "scorekeeper-v1"; // as in sw.js

  function texts() { var el = document.getElementById("texts"); return el ? el.dataset : {}; }
  function fill(text, values) {
    return String(text || "").replace(/%\((\w+)\)s/g, function (all, name) { return values[name]; });
  }
  function read(name) {
    try { return JSON.parse(localStorage.getItem(name) || "[]"); } catch (e) { return []; }
  }
  function write(name, list) {
    try { localStorage.setItem(name, JSON.stringify(list)); } catch (e) { /* private mode */ }
  }
  function main() { return document.querySelector("[data-live-url]"); }
  function handForm() { return document.querySelector("#entry form[data-hand-form]"); }
  function statusPart(name) { return document.querySelector("#status [data-" + name + "]"); }
  function newKey() {
    var bytes = new Uint8Array(12);
    crypto.getRandomValues(bytes); // unlike randomUUID, there on plain http too
    return Array.prototype.map.call(bytes, function (b) { return (b + 256).toString(16).slice(1); }).join("");
  }
  function refresh(root) {
    if (!window.scorekeeper) return;
    root.querySelectorAll("form[data-hand-form]").forEach(window.scorekeeper.refreshHandForm);
    window.scorekeeper.fadeMessages(root);
  }

  // The chart comes by itself when it scrolls into view (game.html). A page swapped in (a
  // save's answer, a poll's) asks for it afresh: until it comes, the chart shown before
  // stays in its place rather than a gap.
  function isChart(elt) { return !!elt && elt.id === "chart"; }
  // A chart that could not come (no connection, a refusal) is asked for again once a
  // poll gets through: a box like the page's own, asking when it is in view.
  function askChartAgain() {
    var box = document.getElementById("chart");
    if (!box || !("failed" in box.dataset) || !window.htmx) return;
    var fresh = box.cloneNode(true);
    delete fresh.dataset.failed;
    box.replaceWith(fresh);
    window.htmx.process(fresh);
  }
  function carryChart(fresh) {
    var shown = document.querySelector("#chart > svg");
    var box = fresh.querySelector("#chart");
    if (shown && box && !box.querySelector("svg")) box.prepend(shown);
  }

  // --- What the phone says --------------------------------------------------------------

  // What the phone says goes as a message does (app.js): with the next action, and a
  // confirmation also after a while; what asks for something (`lasting`) stays until then.
  var saidTimer = null;
  function say(text, lasting) {
    var said = statusPart("said");
    if (!said) return;
    clearMessages();
    said.textContent = text;
    said.hidden = false;
    showStatus();
    clearTimeout(saidTimer);
    if (!lasting && window.scorekeeper) saidTimer = setTimeout(unsay, window.scorekeeper.messageStays);
  }
  function unsay() {
    var said = statusPart("said");
    if (!said || said.hidden) return;
    clearTimeout(saidTimer);
    said.hidden = true;
    said.textContent = "";
    showStatus();
  }
  // The last answer's messages ("Hand 5 saved") are out of date once the phone speaks.
  function clearMessages() {
    if (window.scorekeeper) window.scorekeeper.dropMessages();
  }
  function showStatus() {
    // Hands waiting say "no connection" already; the stale-totals line is for watchers.
    var offline = statusPart("offline");
    if (offline && offline.textContent) offline.hidden = !!queued().length;
    var box = document.getElementById("status");
    if (box) box.hidden = !box.querySelector("[data-said]:not([hidden]), [data-offline]:not([hidden]), [data-queue]:not([hidden])");
  }
  // After a save the new totals and the line saying what was saved are in view.
  function toTop() { window.scrollTo(0, 0); }

  // --- The connection: a failed poll or save counts, a good answer ends it ---------------

  var failures = 0;
  var offlineSince = null;
  function lost() {
    failures += 1;
    if (!offlineSince) offlineSince = new Date();
    // One failed poll may be a blip; two in a row, or the phone saying so, is offline.
    if (failures < 2 && navigator.onLine) return;
    var line = statusPart("offline");
    if (!line) return;
    var time = offlineSince.toLocaleTimeString(document.documentElement.lang, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
    line.textContent = fill(texts().offlineSince, { time: time });
    showStatus();
  }
  function connected() {
    failures = 0;
    offlineSince = null;
    var line = statusPart("offline");
    if (line) { line.hidden = true; line.textContent = ""; }
    showStatus();
    send();
    askChartAgain();
  }

  // --- The queue: hands saved without a connection, kept in localStorage -----------------

  function queued() {
    var here = main();
    return here ? read(QUEUE).filter(function (item) { return item.game === here.dataset.liveUrl; }) : [];
  }
  function unqueue(entry) { write(QUEUE, read(QUEUE).filter(function (item) { return item.entry !== entry; })); }

  function showQueue() {
    var items = queued();
    var box = statusPart("queue");
    if (box) {
      box.hidden = !items.length;
      // One hand or several: each line has its two forms in the page's words.
      var line = (held ? "held" : sending ? "sending" : "queued") + (items.length > 1 ? "Many" : "");
      box.textContent = items.length ? fill(texts()[line], {
        numbers: items.map(function (item) { return item.number; }).join(", ")
      }) : "";
    }
    var list = document.querySelector("#hands [data-waiting]");
    if (list) {
      list.textContent = "";
      items.slice().reverse().forEach(function (item) {
        var row = document.createElement("li");
        row.dataset.entry = item.entry;
        var what = document.createElement("strong");
        what.textContent = fill(texts().waiting, { number: item.number });
        row.append(what, " " + item.line);
        list.append(row);
      });
      list.hidden = !items.length;
    }
    showStatus();
  }

  // Every visible choice answered: what is worth keeping while nothing can check it.
  function complete(form, body) {
    if (new URLSearchParams(body).get("redeal") === "on") return true;
    var answered = {};
    form.querySelectorAll("input[type=radio]").forEach(function (input) {
      if (input.disabled || input.closest("[hidden]")) return;
      answered[input.name] = answered[input.name] || !!form.querySelector('input[name="' + input.name + '"]:checked');
    });
    return Object.keys(answered).every(function (name) { return answered[name]; });
  }
  // The hand in a few words, from what was tapped: "Bjørn, 8, Dina, Anne 2, Cato 1".
  function describe(form) {
    var words = [];
    form.querySelectorAll("input:checked").forEach(function (input) {
      if (input.name === "dealer" || !input.value || input.closest("[hidden]")) return;
      var row = input.closest(".tricks-row");
      var label = input.closest("label");
      words.push(row ? row.dataset.side + " " + input.value : (label ? label.textContent.trim() : input.value));
    });
    return words.join(", ");
  }

  function keep(form, pending) {
    if (!complete(form, pending.body)) {
      say(texts().incomplete, true);
      return;
    }
    var all = read(QUEUE);
    if (!all.some(function (item) { return item.entry === pending.entry; })) all.push(pending);
    write(QUEUE, all);
    clearMessages();
    startNext(form, pending.number + 1, dealerAfter(form, pending));
    showNext(form);
    showQueue();
    toTop();
  }

  // While hands wait on this phone, the heading's hand number and the dealer's badge
  // follow its form, as the page will once they are in. (A team's badge, which names the
  // dealer within the team, waits for the page.)
  function showNext(form) {
    var no = document.querySelector("#main .game-title .hand-no");
    if (no) no.textContent = no.textContent.replace(/\d+/, form.elements.number.value);
    var dealer = checkedValue(form, "dealer");
    var badge = document.querySelector("#main tr[data-side] .badge.dealer");
    var cell = dealer && document.querySelector('#main tr[data-side="' + CSS.escape(dealer) + '"] td');
    if (badge && cell) cell.insertBefore(badge, cell.firstChild.nextSibling);
  }

  // Sends the oldest waiting hand, then the next. The entry key goes with it, so a hand
  // that did reach the server before is answered as saved, not added again.
  var sending = false;
  // After a conflict the hands behind the refused one wait until it is settled (saved
  // from the form, in order), or they would go in before it.
  var held = false;
  function send() {
    var item = queued()[0];
    if (sending || held || !item) return;
    sending = true;
    showQueue();
    fetch(item.url, {
      method: "POST",
      body: item.body,
      credentials: "same-origin",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "HX-Request": "true" }
    }).then(function (response) {
      // A server error is worth another try later; a refusal (403, 404) is not.
      if (response.status >= 500) throw new Error(String(response.status));
      unqueue(item.entry);
      if (!response.ok) { say(texts().notSent + " " + item.line, true); return null; }
      var done = response.headers.get("X-Hand-Entry") === "done";
      return response.text().then(function (html) { answered(html, done); });
    }).then(function () {
      sending = false;
      showQueue();
      send();
    }, function () {
      sending = false;
      lost();
      showQueue();
    });
  }

  // The server's answer to a hand from the queue: the game as it is now, and a message;
  // or a conflict or refusal, shown where the eyes are.
  function answered(html, done) {
    var holder = document.createElement("div");
    holder.innerHTML = html;
    var fresh = holder.querySelector("#main");
    if (!fresh) return;
    if (done) {
      apply(holder, fresh.dataset.etag);
      var said = holder.querySelector(".messages li");
      if (said) say(said.textContent.trim(), !said.matches(".success, .info"));
      toTop();
      return;
    }
    held = true;
    var form = handForm();
    // Nothing tapped in the open form yet: the answer's form, with the hand, replaces it.
    if (!form || !tapped(form)) {
      carryChart(fresh);
      main().replaceWith(fresh);
      if (window.htmx) window.htmx.process(fresh);
      refresh(fresh);
    } else {
      var card = fresh.querySelector("[data-conflict], .errorlist");
      if (card) main().prepend(card);
      apply(holder, fresh.dataset.etag);
    }
    showConflict();
  }

  // Something of the hand itself is tapped in (the dealer comes filled in).
  function tapped(form) {
    return !!form.querySelector('input:checked:not([name=dealer]):not([value=""])');
  }

  function showConflict() {
    var card = document.querySelector("#main [data-conflict]");
    if (!card) return;
    card.scrollIntoView({ block: "start" });
    card.focus({ preventScroll: true });
  }
  // A save refused for what its form holds ("choose the partner") shows the first reason,
  // not the top of the page, where a saved hand's totals are and nothing changed.
  var refused = false;
  function showRefusal() {
    if (!refused) return;
    refused = false;
    if (document.querySelector("#main [data-conflict]")) return;
    var reason = document.querySelector("#main form[data-hand-form] .errorlist");
    if (reason) reason.scrollIntoView({ block: "center" });
  }

  // --- The open form follows the game -----------------------------------------------------

  function check(form, name, value) {
    var input = form.querySelector('input[name="' + name + '"][value="' + CSS.escape(value) + '"]');
    if (input) input.checked = true;
  }
  function checkedValue(form, name) {
    var input = form.querySelector('input[name="' + name + '"]:checked');
    return input ? input.value : "";
  }
  // The form keeps the dealer the rotation named while that is its dealer (none checked
  // while it names nobody), and forgets it once someone picks one here by hand; a refused
  // save's form comes back the same way.
  function rotationPicks(form, dealer) {
    if (dealer) check(form, "dealer", dealer);
    else form.querySelectorAll("input[name=dealer]:checked").forEach(function (input) { input.checked = false; });
    if (form.elements.rotation_dealer) form.elements.rotation_dealer.value = checkedValue(form, "dealer");
  }
  function dealerChosen(form) {
    var named = form.elements.rotation_dealer;
    return !!named && named.value !== checkedValue(form, "dealer");
  }
  // Who deals after `pending`, as the engine's rotation does: the next seat, or the same
  // dealer after a redeal where the game says so.
  function dealerAfter(form, pending) {
    var sent = new URLSearchParams(pending.body);
    var dealer = sent.get("dealer") || "";
    if (sent.get("redeal") === "on" && form.dataset.redealKeepsDealer) return dealer;
    var seats = Array.prototype.map.call(form.querySelectorAll("input[name=dealer]"), function (i) { return i.value; });
    var at = seats.indexOf(dealer);
    return at < 0 ? "" : seats[(at + 1) % seats.length];
  }

  // A clean form for the next hand, with an entry key of its own.
  function startNext(form, number, dealer) {
    form.reset();
    form.elements.number.value = String(number);
    form.elements.entry.value = newKey();
    delete form.dataset.showSplit;
    rotationPicks(form, dealer);
    var button = form.querySelector("button[name=save]");
    if (button) button.textContent = fill(texts().saveHand, { number: number });
    form.querySelectorAll("[data-renumbered], [data-removed], [data-dealer-moved]").forEach(function (el) { el.hidden = true; });
    var preview = form.querySelector("#preview");
    if (preview) preview.innerHTML = '<span class="muted"></span>';
    if (preview) preview.firstChild.textContent = texts().previewBlank;
    refresh(form.parentNode);
  }

  function savedRow(holder, entry) {
    return entry ? holder.querySelector('#hands tr[data-entry="' + CSS.escape(entry) + '"]') : null;
  }
  function ownSaved(row) {
    say(fill(texts().ownSaved, { number: row.dataset.number, summary: row.dataset.summary }));
    toTop();
  }

  function sameInputs(form, query) {
    var mine = new URLSearchParams();
    form.querySelectorAll("input:checked").forEach(function (input) {
      if (input.value && !input.closest("[hidden]")) mine.set(input.name, input.value);
    });
    return sameQuery(query, mine.toString());
  }
  // Two hands' inputs alike, in whatever order they come (a database may keep a hand's
  // keys in an order of its own).
  function sameQuery(one, other) {
    var a = new URLSearchParams(one), b = new URLSearchParams(other);
    a.sort();
    b.sort();
    return a.toString() === b.toString();
  }

  // What this phone said of a hand saved elsewhere exactly as its form holds it, and that
  // hand (its number and inputs): the line stands while that hand is the newest, under the
  // number it has now (an earlier hand deleted moves it down).
  var sameHand = null;
  function sameHandLine(newest, next) {
    return fill(texts().sameHand, { number: newest.dataset.number, summary: newest.dataset.summary, next: next });
  }
  function followSameHand(holder, next) {
    var newest = holder.querySelector("#hands tr[data-inputs]");
    var said = statusPart("said");
    var showing = said && said.textContent === sameHand.line;
    if (!newest || !sameQuery(newest.dataset.inputs, sameHand.inputs)) {
      if (showing) unsay();
      sameHand = null;
    } else if (newest.dataset.number !== sameHand.number) {
      sameHand.number = newest.dataset.number;
      sameHand.line = sameHandLine(newest, next);
      if (showing) say(sameHand.line, true);
    }
  }

  // The game changed (a poll, or an answer from the queue) while this form was open: on, as
  // another phone saved a hand; back, as one undid or deleted a hand; or with the same
  // hand next and a hand before it changed (corrected, or undone and entered again).
  function follow(entry, fresh, holder) {
    var form = entry.querySelector("form[data-hand-form]");
    if (!form) return;
    var next = Number(fresh.dataset.next);
    // Whom the rotation names now, and whether that moved since this form last looked.
    var dealer = fresh.dataset.dealer || "";
    var rotated = dealer !== (entry.dataset.dealer || "");
    entry.dataset.next = fresh.dataset.next;
    entry.dataset.dealer = dealer;
    // Its own hand was saved (the answer was lost on the way): ready for the next hand.
    var own = savedRow(holder, form.elements.entry && form.elements.entry.value);
    if (own) {
      startNext(form, next, dealer);
      ownSaved(own);
      return;
    }
    var number = form.elements.number;
    var was = Number(number.value);
    var onward = next > was;
    var renumbered = next !== was;
    // Hands waiting on this phone hold the numbers up to the form's: it is ahead on purpose.
    if (renumbered && !onward && queued().length) return;
    // The line saying this form holds a hand saved elsewhere goes with that hand (undone,
    // corrected, or followed by another), and follows its number.
    if (sameHand) followSameHand(holder, next);
    if (onward) {
      // The other phone saved the very hand this form holds: say so where the eyes are,
      // as the taps stay (a second "Anne won" may well be the next hand).
      var newest = holder.querySelector("#hands tr[data-inputs]");
      if (newest && Number(newest.dataset.number) === was && sameInputs(form, newest.dataset.inputs)) {
        sameHand = {
          line: sameHandLine(newest, next),
          number: newest.dataset.number,
          inputs: newest.dataset.inputs
        };
        say(sameHand.line, true);
      }
    }
    if (renumbered) {
      // The form is for the hand the game expects now: on, or an identical next hand would
      // be taken for the saved one sent twice; back, or its save would be refused.
      number.value = String(next);
      var button = form.querySelector('button[name="save"]');
      if (button) button.textContent = fresh.dataset.saveLabel;
      // Its note says which way the game went.
      var saved = form.querySelector("[data-renumbered]");
      if (saved) {
        saved.querySelector("[data-saved]").textContent = String(next - 1);
        saved.querySelector("[data-next]").textContent = String(next);
        saved.hidden = !onward;
      }
      var removed = form.querySelector("[data-removed]");
      if (removed) {
        removed.querySelector("[data-next]").textContent = String(next);
        removed.hidden = onward;
      }
    }
    // A form for the same hand keeps its dealer while the rotation names the same one.
    if (renumbered || rotated) followDealer(form, dealer, renumbered);
    // What the hand would score is asked again, for its new place in the game (a preview
    // drawn before names the hand it was then, and the totals before it). An untouched
    // form has no preview yet.
    if (tapped(form)) form.dispatchEvent(new Event("followed"));
  }

  // The dealer follows the rotation, unless someone chose it here by hand: then the form
  // says whom the rotation names, while that is someone else. A rotation that names nobody
  // (a hand before said no dealer) leaves the form without its pick, as a page drawn now.
  // A form still for the same hand says why its dealer changed (a renumbered one's note
  // says what happened).
  function followDealer(form, dealer, renumbered) {
    var moved = form.querySelector("[data-dealer-moved]");
    if (!dealerChosen(form)) {
      var before = checkedValue(form, "dealer");
      rotationPicks(form, dealer);
      if (!moved) return;
      moved.textContent = dealer ? fill(texts().dealerFollowed, { name: dealer }) : "";
      moved.hidden = renumbered || !dealer || !before || before === dealer;
      moved.dataset.followed = "";
      return;
    }
    if (!moved) return;
    moved.textContent = dealer ? fill(texts().dealerMoved, { name: dealer }) : "";
    moved.hidden = !dealer || checkedValue(form, "dealer") === dealer;
    delete moved.dataset.followed;
  }

  // The live parts of a fresh #main (a poll's or a queued save's answer) go in; an open
  // form stays as it is, following the game.
  function apply(holder, etag) {
    var here = main();
    // Hands from the queue that the server has (the answer to their save was lost),
    // found before the fresh parts leave `holder` for the page.
    var arrived = queued().map(function (item) { return savedRow(holder, item.entry); });
    holder.querySelectorAll("[data-live-part]").forEach(function (fresh) {
      var old = document.getElementById(fresh.id);
      if (!old) return;
      if (fresh.dataset.state && fresh.dataset.state === old.dataset.state) {
        follow(old, fresh, holder);
        return;
      }
      // A game that reopened (a correction took the winner below the target) needs
      // its form back: a poll does not carry one, so load the page afresh.
      if (fresh.querySelector("[data-reload]")) { window.location.reload(); return; }
      carryChart(fresh);
      old.replaceWith(fresh);
      if (window.htmx) window.htmx.process(fresh);
      refresh(fresh);
    });
    arrived.forEach(function (row) {
      if (!row) return;
      unqueue(row.dataset.entry);
      ownSaved(row);
    });
    if (here && etag) here.dataset.etag = etag;
    // The game is won: the banner says it all, and no older message stands beside it.
    if (document.getElementById("winner")) {
      clearMessages();
      unsay();
    }
    showQueue();
  }

  // --- Polling: has the game changed? 304 with no body while it has not -----------------

  var polling = false;
  // htmx requests under way (a save, an undo): their answer is newer than a poll's. htmx
  // says when each one is over, however it ended, on the document if its element was
  // swapped out meanwhile.
  var busy = new Set();
  // (The chart's own request changes nothing a poll brings.)
  document.addEventListener("htmx:before:request", function (event) {
    if (!isChart(event.detail.ctx.sourceElement)) busy.add(event.detail.ctx);
  });
  document.addEventListener("htmx:finally:request", function (event) { busy.delete(event.detail.ctx); });
  function isBusy() { return busy.size > 0 || sending; }
  function underWay(elt) {
    return Array.from(busy).some(function (ctx) { return ctx.sourceElement === elt; });
  }
  function poll() {
    var here = main();
    if (polling || isBusy() || !here || document.visibilityState !== "visible") return;
    polling = true;
    var asked = here.dataset.etag || "";
    var etag = "";
    fetch(here.dataset.liveUrl, { headers: asked ? { "If-None-Match": asked } : {}, cache: "no-store" })
      .then(function (response) {
        if (response.status !== 200 && response.status !== 304) throw new Error(String(response.status));
        connected();
        if (response.status !== 200) return null;
        etag = response.headers.get("ETag") || "";
        return response.text();
      })
      .then(function (html) {
        // An answer that came in meanwhile (a swapped #main, a newer ETag) wins.
        if (!html || !here.isConnected || (here.dataset.etag || "") !== asked) return;
        var holder = document.createElement("div");
        holder.innerHTML = html;
        apply(holder, etag);
      }, lost)
      .finally(function () { polling = false; });
  }

  // --- Saving: say so, and keep the hand when the server cannot be reached ---------------

  function isEntryForm(elt) {
    return elt && elt.matches && elt.matches("form[data-hand-form]") && elt.elements.entry;
  }
  document.addEventListener("htmx:config:request", function (event) {
    var ctx = event.detail.ctx;
    var form = ctx.sourceElement;
    // htmx asks before hx-sync drops a second submit of a form whose save is under way
    // (a tap on Redeal meanwhile): that one is no save, and must not take the hand's place.
    if (!isEntryForm(form) || underWay(form)) return;
    var pending = {
      game: main().dataset.liveUrl,
      url: ctx.request.action,
      body: new URLSearchParams(ctx.request.body).toString(),
      number: Number(form.elements.number.value),
      entry: form.elements.entry.value,
      line: describe(form)
    };
    var sent = read(SENT);
    sent.push(pending.entry);
    write(SENT, sent.slice(-50));
    form.pending = pending;
    // Hands are waiting: this one goes after them, in order (an unfinished one goes to
    // the server now, which says what is missing; so does the one a conflict held back).
    if (queued().length && !held && complete(form, pending.body)) {
      event.preventDefault();
      keep(form, pending);
      send();
    }
  });
  document.addEventListener("htmx:before:request", function (event) {
    var form = event.detail.ctx.sourceElement;
    if (!isEntryForm(form)) return;
    var button = form.querySelector("button[name=save]");
    if (!button) return;
    form.dataset.label = button.textContent;
    button.textContent = texts().saving;
  });
  // However the request ended (with no answer too, after the hand was kept below).
  document.addEventListener("htmx:finally:request", function (event) {
    var form = event.detail.ctx.sourceElement;
    if (!isEntryForm(form)) return;
    var button = form.querySelector("button[name=save]");
    if (button && form.dataset.label && button.textContent === texts().saving) button.textContent = form.dataset.label;
  });
  // A save's answer (before it replaces the form, which takes the form's own events out
  // of the document). Refused: its reason is shown once it is in. Gone through: the
  // page's offline copy follows, and hands held back behind a conflict go on.
  document.addEventListener("htmx:before:swap", function (event) {
    var ctx = event.detail.ctx;
    if (!isEntryForm(ctx.sourceElement)) return;
    refused = ctx.response.headers.get("X-Hand-Entry") !== "done";
    if (refused) return;
    keepCopy();
    if (held) {
      held = false;
      setTimeout(send, 0);
    }
  });
  // No answer: the phone is offline, or the answer was lost after the server saved it.
  // Either way the hand waits here and goes again with its key. (htmx:error also tells
  // of an answer it could not swap in; that hand reached the server.)
  document.addEventListener("htmx:error", function (event) {
    var ctx = event.detail.ctx;
    if (ctx && isChart(ctx.sourceElement)) ctx.sourceElement.dataset.failed = "";
    if (!ctx || ctx.response) return;
    var form = ctx.sourceElement;
    if (!isEntryForm(form) || !form.pending) return;
    lost();
    keep(form, form.pending);
  });
  // The next action (a tap on a chip, a save) ends what the phone said, as it ends a
  // message (app.js); in the capture phase, before the save's own handlers say more.
  document.addEventListener("submit", function (event) {
    if (!event.defaultPrevented) unsay();
  }, true);
  document.addEventListener("change", unsay, true);
  document.addEventListener("htmx:response:error", function (event) {
    var ctx = event.detail.ctx;
    if (ctx && isChart(ctx.sourceElement)) ctx.sourceElement.dataset.failed = "";
  });
  // htmx swaps a save's or an undo's answer in itself: the chart shown goes on showing.
  // (A chart's own answer, swapped in meanwhile, leaves this alone.)
  var chartShown = null;
  function ownSwap(event) { var ctx = event.detail.ctx; return !!ctx && !isChart(ctx.sourceElement); }
  document.addEventListener("htmx:before:swap", function (event) {
    if (ownSwap(event)) chartShown = document.querySelector("#chart > svg");
  });
  document.addEventListener("htmx:after:swap", function (event) {
    if (!ownSwap(event)) return;
    var box = document.getElementById("chart");
    if (chartShown && box && !chartShown.isConnected && !box.querySelector("svg")) box.prepend(chartShown);
    chartShown = null;
  });
  document.addEventListener("htmx:after:settle", function (event) {
    if (isChart(event.detail.ctx && event.detail.ctx.sourceElement)) return;
    // The server's answer says what happened now; an older line of this phone's goes.
    if (document.querySelector("#main > .messages")) unsay();
    showConflict();
    // After htmx's own scroll to the top, which follows this event.
    setTimeout(showRefusal, 0);
    showQueue();
  });
  // A dealer tapped here is picked by hand, even the one the rotation named.
  document.addEventListener("change", function (event) {
    var input = event.target;
    var named = input.name === "dealer" && input.form && input.form.elements.rotation_dealer;
    if (!named) return;
    named.value = "";
    // Why the form's dealer changed is left behind by a pick; that the rotation names
    // someone else stays true while the pick is someone else.
    var moved = input.form.querySelector("[data-dealer-moved]");
    if (!moved || moved.hidden) return;
    var entry = input.form.closest("#entry");
    moved.hidden = "followed" in moved.dataset || !entry || input.value === entry.dataset.dealer;
  });

  // --- A copy of the page for opening it again offline (HTTPS or localhost only) ----------

  function keepCopy() {
    if (!window.caches || !navigator.serviceWorker || !navigator.serviceWorker.controller) return;
    caches.open(CACHE).then(function (cache) { return cache.add(location.href); }).catch(function () {});
  }
  function offlineCopy(url) {
    if (!url || !("serviceWorker" in navigator) || !window.caches) return;
    navigator.serviceWorker.register(url)
      .then(function () { return navigator.serviceWorker.ready; })
      .then(function () { return caches.open(CACHE); })
      .then(function (cache) {
        var urls = [location.href];
        document.querySelectorAll("script[src], link[rel=stylesheet]").forEach(function (el) { urls.push(el.src || el.href); });
        return cache.addAll(urls);
      })
      .catch(function () {});
  }

  document.addEventListener("DOMContentLoaded", function () {
    if (!main()) return;
    var form = handForm();
    // A page opened again (from the offline copy, or the browser's) may carry a key that
    // was sent already, and a number that hands waiting here have taken.
    var waiting = queued();
    var last = waiting[waiting.length - 1];
    if (form && last && Number(form.elements.number.value) <= last.number) {
      startNext(form, last.number + 1, dealerAfter(form, last));
      showNext(form);
    } else if (form && read(SENT).indexOf(form.elements.entry.value) >= 0) {
      form.elements.entry.value = newKey();
    }
    showQueue();
    if (waiting.length && !navigator.onLine) lost();
    setInterval(poll, POLL_EVERY);
    window.addEventListener("online", poll);
    window.addEventListener("offline", lost);
    offlineCopy(texts().serviceWorker);
  });
})();
