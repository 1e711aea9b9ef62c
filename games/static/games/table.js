// The game page and the big screen: what htmx cannot do (docs/design.md, "Scripts": the polls'
// ETag, the offline queue).
(function () {
  "use strict";
  var sk = window.scorekeeper; // app.js
  var QUEUE = "scorekeeper-queue"; // hands waiting, oldest first
  var SENT = "scorekeeper-entries"; // the newest 50 entry keys sent
  var CACHE = "scorekeeper-v1"; // as in sw.js
  function $(selector) {
    return document.querySelector(selector);
  }
  function texts() {
    var el = $("#texts");
    return el ? el.dataset : {};
  } // the page's words, in its language
  function fill(text, values) {
    return String(text || "").replace(/%\((\w+)\)s/g, function (all, name) {
      return values[name];
    });
  }
  function read(name) {
    try {
      return JSON.parse(localStorage.getItem(name) || "[]");
    } catch (e) {
      return [];
    }
  }
  function write(name, list) {
    try {
      localStorage.setItem(name, JSON.stringify(list));
    } catch (e) {
      /* private mode */
    }
  }
  function main() {
    return $("[data-live-url]");
  }
  function handForm() {
    return $("#entry form[data-hand-form]");
  }
  function part(name) {
    return $("#status [data-" + name + "]");
  }
  function each(list, fn) {
    return Array.prototype.map.call(list, fn);
  }
  function newKey() {
    return each(crypto.getRandomValues(new Uint8Array(12)), function (b) {
      return (b + 256).toString(16).slice(1);
    }).join("");
  } // randomUUID needs https
  function taps(form) {
    return Array.prototype.filter.call(
      form.querySelectorAll('input:checked:not([name=dealer]):not([value=""])'),
      function (input) {
        return !input.closest("[hidden]");
      }
    );
  } // of the hand itself (the dealer comes filled in), shown

  // What the phone says goes as a message does (app.js); what asks for something stays in view.
  var saidTimer = null;
  function say(text, lasting) {
    var said = part("said");
    if (said) {
      sk.dropMessages();
      said.textContent = text;
      said.hidden = false;
      said.toggleAttribute("data-lasting", !!lasting);
    }
    clearTimeout(saidTimer);
    if (!lasting) saidTimer = setTimeout(unsay, sk.messageStays);
  }
  function unsay() {
    document.querySelectorAll("#status [data-said], #same-hand").forEach(function (p) {
      p.hidden = true;
    });
  }

  var failures = 0,
    offlineSince = null,
    offline = false,
    // offline: two failed requests in a row (one may be a lost answer), or the phone saying so
    gone = false;
  function lost() {
    failures += 1;
    offlineSince = offlineSince || new Date();
    if ((failures < 2 && navigator.onLine) || gone) return;
    offline = true; // and what waits here waits for the connection now:
    showQueue(
      fill(texts().offlineSince, {
        time: offlineSince.toLocaleTimeString(document.documentElement.lang, {
          hour: "2-digit",
          minute: "2-digit",
          hourCycle: "h23"
        })
      })
    );
  }
  function replaced() {
    gone = true;
    showQueue(texts().linkReplaced);
  } // no blip: what waits here stays
  function connected() {
    var chart = $("#chart[data-failed]");
    failures = 0;
    offlineSince = null;
    offline = false;
    if (chart) {
      delete chart.dataset.failed;
      htmx.trigger(chart, "retry");
    } // a chart that could not come
    showQueue("");
    send();
  }

  // Hands saved without a connection, kept in localStorage with their entry keys; held: behind a
  // conflict, until the form's hand is in.
  var sending = false,
    held = false;
  function queued() {
    var here = main();
    return here
      ? read(QUEUE).filter(function (item) {
          return item.game === here.dataset.liveUrl;
        })
      : [];
  }
  function unqueue(entry) {
    write(
      QUEUE,
      read(QUEUE).filter(function (item) {
        return item.entry !== entry;
      })
    );
  }
  function showQueue(connection) {
    // the status lines and the hands waiting; how the connection stands, if it changed
    var items = queued(),
      box = part("queue"),
      list = $("#hands [data-waiting]"),
      line = part("offline");
    var words =
      texts()[
        (held ? "held" : sending ? "sending" : offline ? "queued" : "unanswered") +
          (items.length > 1 ? "Many" : "")
      ]; // no connection only once the phone knows
    if (line && connection !== undefined) line.textContent = connection;
    // hands waiting say "no connection" already
    if (line) line.hidden = !line.textContent || (!gone && !!items.length);
    if (box)
      box.textContent = items.length
        ? fill(words, {
            numbers: each(items, function (item) {
              return item.number;
            }).join(", ")
          })
        : "";
    if (box) box.hidden = !items.length || gone;
    if (list) list.hidden = !items.length;
    if (list)
      list.replaceChildren.apply(
        list,
        each(items.slice().reverse(), function (item) {
          var row = document.createElement("li"),
            what = row.appendChild(document.createElement("strong"));
          what.textContent = fill(texts().waiting, { number: item.number });
          row.append(" " + item.line);
          return row;
        })
      );
  }
  function complete(form, body) {
    // worth keeping unchecked: every visible choice answered, or an outcome previewed
    var settled = function (input) {
      return (
        input.disabled ||
        !!input.closest("[hidden]") ||
        !!form.querySelector('input[name="' + input.name + '"]:checked')
      );
    };
    return (
      new URLSearchParams(body).get("redeal") === "on" ||
      !!form.querySelector("#preview strong") ||
      Array.prototype.every.call(form.querySelectorAll("input[type=radio]"), settled)
    );
  }
  function keep(form, pending) {
    if (!complete(form, pending.body))
      return say(texts()[offline ? "incomplete" : "incompleteUnanswered"], true);
    if (
      !read(QUEUE).some(function (item) {
        return item.entry === pending.entry;
      })
    )
      write(QUEUE, read(QUEUE).concat([pending]));
    sk.dropMessages();
    startNext(form, pending.number + 1, dealerAfter(form, pending));
    showQueue();
    window.scrollTo(0, 0);
  }
  // The oldest waiting hand goes, then the next, each with its entry key (one the server has is
  // answered as saved, not added again); our own fetch: htmx has no queue that outlives the page.
  function send() {
    var item = queued()[0];
    if (sending || held || gone || !item) return;
    sending = true;
    showQueue();
    fetch(item.url, {
      method: "POST",
      body: item.body,
      credentials: "same-origin",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "HX-Request": "true" }
    })
      .then(function (response) {
        // worth another try; a refusal is not
        if (response.status >= 500) throw new Error(String(response.status));
        // kept here: the new link can send it
        if (response.headers.get("X-Link-Replaced")) return replaced();
        unqueue(item.entry);
        if (!response.ok) return say(texts().notSent + " " + item.line, true);
        return response.text().then(function (html) {
          answered(html, response.headers.get("X-Hand-Entry") === "done");
        });
      })
      .then(
        function () {
          sending = false;
          showQueue();
          send();
        },
        function () {
          sending = false;
          lost();
          showQueue();
        }
      );
  }
  // Its answer: saved (a poll brings the game), or a conflict, whose form holds the hand unless the
  // open form has taps of its own.
  function answered(html, done) {
    var fresh = new DOMParser().parseFromString(html, "text/html").querySelector("#main"),
      form = handForm(),
      said,
      card;
    if (!fresh) return;
    said = fresh.querySelector(".messages li");
    card = fresh.querySelector("[data-conflict], .errorlist");
    if (done) {
      if (said) say(said.textContent.trim(), !said.matches(".success, .info"));
      return pollNow();
    }
    held = true;
    if (form && taps(form).length && card) main().prepend(card);
    else {
      main().replaceWith(fresh);
      htmx.process(fresh);
      sk.setUp(fresh);
    }
    var conflict = $("#main [data-conflict]"); // as htmx shows one (the form's hx-swap, autofocus)
    if (conflict) {
      conflict.scrollIntoView({ block: "start" });
      conflict.focus({ preventScroll: true });
    }
  }
  // htmx's morph leaves the form alone while hands wait here: it is ahead on purpose.
  htmx.registerExtension("scorekeeper-queue", {
    htmx_before_morph_node: function (elt) {
      return !(elt.matches && elt.matches("form[data-hand-form]") && queued().length);
    }
  });
  function dealerAfter(form, pending) {
    // the next seat, or the same after a redeal where the game says so
    var sent = new URLSearchParams(pending.body),
      dealer = sent.get("dealer") || "";
    var seats = each(form.querySelectorAll("input[name=dealer]"), function (i) {
        return i.value;
      }),
      at = seats.indexOf(dealer);
    return sent.get("redeal") === "on" && form.dataset.redealKeepsDealer
      ? dealer
      : at < 0
        ? ""
        : seats[(at + 1) % seats.length];
  }
  // A clean form for the next hand, its own entry key, the dealer as its attribute (a poll's morph
  // moves it with the rotation, as the server does); the heading's number and the dealer's badge go
  // on with it.
  function startNext(form, number, dealer) {
    var no = $("#main .game-title .hand-no"),
      badge = $("#main tr[data-side] .badge.dealer"),
      cell = dealer && $('#main tr[data-side="' + CSS.escape(dealer) + '"] td');
    form.reset();
    form.elements.number.value = String(number);
    form.elements.entry.value = newKey();
    form.elements.rotation_dealer.value = dealer;
    form.querySelectorAll("input[name=dealer]").forEach(function (input) {
      input.defaultChecked = input.value === dealer;
    });
    form.querySelector("button[name=save] [data-label]").textContent = fill(texts().saveHand, {
      number: number
    });
    form.querySelectorAll("[data-game-moved]").forEach(function (note) {
      note.hidden = true;
    }); // and what polls carry of them:
    form.querySelectorAll("input[name^=follow_]").forEach(function (input) {
      input.value = input.name === "follow_rotation" ? dealer : "";
    });
    form.querySelector("#preview").innerHTML = '<span class="muted"></span>';
    form.querySelector("#preview span").textContent = texts().previewBlank;
    sk.refreshHandForm(form);
    if (no) no.textContent = no.textContent.replace(/\d+/, String(number));
    if (badge && cell) cell.insertBefore(badge, cell.firstChild.nextSibling);
  }
  function ownSaved(row) {
    say(fill(texts().ownSaved, { number: row.dataset.number, summary: row.dataset.summary }));
    window.scrollTo(0, 0);
  }
  function savedRow(entry) {
    return entry ? $('#hands tr[data-entry="' + CSS.escape(entry) + '"]') : null;
  }
  // After a poll's morph: hands kept here that the server has leave the queue, and so does the open
  // form's own hand (its answer lost); the preview follows the form's new place.
  function follow(entry) {
    queued().forEach(function (item) {
      var row = savedRow(item.entry);
      if (row) {
        unqueue(item.entry);
        ownSaved(row);
      }
    });
    if ($("#winner")) {
      sk.dropMessages();
      unsay();
    } // the banner says it all
    var form = handForm(),
      own = savedRow(entry),
      next = $("#entry");
    if (!form || queued().length) return;
    if (own) {
      startNext(form, Number(next.dataset.next), next.dataset.dealer || "");
      return ownSaved(own);
    }
    if (taps(form).length) form.dispatchEvent(new Event("followed"));
  }

  function pollNow() {
    var poller = $("[data-poll]");
    if (poller) htmx.trigger(poller, "every", {}, false);
  }
  function isPoll(ctx) {
    return !!ctx && ctx.sourceElement.matches("[data-poll]");
  }
  function isChart(ctx) {
    return !!ctx && ctx.sourceElement.id === "chart";
  }
  function isEntryForm(elt) {
    return elt.matches("form[data-hand-form]") && !!elt.elements.entry;
  }
  var busy = new Set(),
    chartShown = null,
    was = null;
  document.addEventListener("htmx:config:request", function (event) {
    var ctx = event.detail.ctx,
      form = ctx.sourceElement,
      shown = form.closest("[data-etag]");
    if (isPoll(ctx)) {
      // has the game changed since the version shown? 304 while it has not
      if (busy.size || document.visibilityState !== "visible") event.preventDefault();
      if (shown.dataset.etag) ctx.request.headers["If-None-Match"] = shown.dataset.etag;
      return;
    }
    // Asked too before hx-sync drops a second submit (Redeal tapped while the save is under way):
    // no save, nor its place.
    if (
      !isEntryForm(form) ||
      Array.from(busy).some(function (c) {
        return c.sourceElement === form;
      })
    )
      return;
    var line = each(taps(form), function (input) {
      // the hand in a few words: "Bjørn, 8, Dina, Anne 2, Cato 1"
      var row = input.closest(".tricks-row"),
        label = input.closest("label");
      return row
        ? row.dataset.side + " " + input.value
        : label
          ? label.textContent.trim()
          : input.value;
    }).join(", ");
    var pending = (form.pending = {
      game: main().dataset.liveUrl,
      url: ctx.request.action,
      body: new URLSearchParams(ctx.request.body).toString(),
      number: Number(form.elements.number.value),
      entry: form.elements.entry.value,
      line: line
    });
    write(SENT, read(SENT).concat([pending.entry]).slice(-50));
    // Hands waiting: this one goes after them (an unfinished one, or one behind a conflict, now:
    // the server says why).
    if (queued().length && !held && complete(form, pending.body)) {
      event.preventDefault();
      keep(form, pending);
      send();
    }
  });
  document.addEventListener("htmx:before:request", function (event) {
    if (!isPoll(event.detail.ctx) && !isChart(event.detail.ctx)) busy.add(event.detail.ctx);
  });
  document.addEventListener("htmx:finally:request", function (event) {
    busy.delete(event.detail.ctx);
  }); // however it ended
  document.addEventListener("htmx:after:request", function (event) {
    var ctx = event.detail.ctx,
      status = ctx.response.status;
    if (ctx.response.headers.get("X-Link-Replaced")) replaced();
    else if (isPoll(ctx)) {
      if (status === 200 || status === 304) connected();
      else lost();
    }
  });
  document.addEventListener("htmx:before:swap", function (event) {
    var ctx = event.detail.ctx;
    // A replaced link's answer takes nothing away; a save's or an undo's answer, under way or come
    // first, is newer than a poll's.
    if (
      ctx.response.headers.get("X-Link-Replaced") ||
      (isPoll(ctx) && (busy.size || !ctx.sourceElement.isConnected))
    )
      return event.preventDefault();
    if (isPoll(ctx)) {
      was = handForm() && handForm().elements.entry.value;
      return;
    }
    if (isChart(ctx)) return;
    chartShown = $("#chart > svg"); // a save's or an undo's answer: the chart shown stays shown
    // A save gone through updates the offline copy, and hands held back behind a conflict go on.
    if (!isEntryForm(ctx.sourceElement) || ctx.response.headers.get("X-Hand-Entry") !== "done")
      return;
    if (window.caches && navigator.serviceWorker && navigator.serviceWorker.controller)
      caches
        .open(CACHE)
        .then(function (cache) {
          return cache.add(location.href);
        })
        .catch(function () {});
    if (held) {
      held = false;
      setTimeout(send, 0);
    }
  });
  document.addEventListener("htmx:after:swap", function (event) {
    var ctx = event.detail.ctx,
      box = $("#chart"),
      next = $("[data-follow]");
    if (isPoll(ctx)) {
      // the version now shown
      ctx.sourceElement.closest("[data-etag]").dataset.etag =
        ctx.response.headers.get("ETag") || "";
      follow(was);
      // the morph kept the old chart
      if (box && box.querySelector("svg")) htmx.trigger(box, "retry");
      if (next) window.location.assign(next.href); // the big screen goes on to the next game
    } else if (!isChart(ctx) && chartShown && box && !box.querySelector("svg"))
      box.prepend(chartShown);
    chartShown = null;
    showQueue();
  });
  // No answer (offline, or lost after the server saved the hand): the hand waits here and goes
  // again with its key.
  document.addEventListener("htmx:error", function (event) {
    var ctx = event.detail.ctx,
      form = ctx && ctx.sourceElement,
      saving = form && isEntryForm(form) && form.pending;
    if (!ctx || ctx.response) return;
    if (isChart(ctx)) form.dataset.failed = "";
    if (isPoll(ctx) || saving) lost();
    if (saving) keep(form, form.pending);
  });
  document.addEventListener("htmx:response:error", function (event) {
    if (isChart(event.detail.ctx)) event.detail.ctx.sourceElement.dataset.failed = "";
  });
  document.addEventListener("htmx:after:settle", function () {
    if ($("#main > .messages")) unsay();
  }); // the server's answer says what happened now
  // The next action ends what the phone said, as a message (app.js); captured, before a save's own
  // handlers say more.
  document.addEventListener(
    "submit",
    function (event) {
      if (!event.defaultPrevented) unsay();
    },
    true
  );
  document.addEventListener("change", unsay, true);
  // A dealer tapped here is picked by hand: the line of why the dealer followed the rotation goes,
  // and the one that the rotation names someone else once that one is picked (follow_dealer).
  document.addEventListener("change", function (event) {
    var form = event.target.form,
      note = form && form.elements.follow_dealer;
    if (event.target.name !== "dealer" || !note) return;
    form.elements.rotation_dealer.value = "";
    if (note.value === "followed" || event.target.value === form.elements.follow_rotation.value) {
      note.value = "";
      form.querySelector("[data-dealer-moved]").hidden = true;
    }
  });

  document.addEventListener("DOMContentLoaded", function () {
    var form = handForm(),
      waiting = queued(),
      last = waiting[waiting.length - 1],
      worker = texts().serviceWorker;
    if (!main()) return;
    // A page opened again (offline copy, browser's) may carry a key sent already, and a number
    // taken by hands waiting.
    if (form && last && Number(form.elements.number.value) <= last.number)
      startNext(form, last.number + 1, dealerAfter(form, last));
    else if (form && read(SENT).indexOf(form.elements.entry.value) >= 0)
      form.elements.entry.value = newKey();
    showQueue();
    if (waiting.length && !navigator.onLine) lost();
    window.addEventListener("online", pollNow);
    window.addEventListener("offline", lost);
    // a copy to open offline (https or localhost)
    if (!worker || !("serviceWorker" in navigator) || !window.caches) return;
    navigator.serviceWorker
      .register(worker)
      .then(function () {
        return navigator.serviceWorker.ready;
      })
      .then(function () {
        return caches.open(CACHE);
      })
      .then(function (cache) {
        return cache.addAll(
          [location.href].concat(
            each(document.querySelectorAll("script[src], link[rel=stylesheet]"), function (el) {
              return el.src || el.href;
            })
          )
        );
      })
      .catch(function () {});
  });
})();
