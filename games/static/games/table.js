// The game page and the big screen: what htmx cannot do (docs/design.md, "Scripts"): the offline
// queue of hands, what the phone says about them and about the connection, the offline copy.
(() => {
  const QUEUE = "scorekeeper-queue"; // hands waiting, oldest first
  const SENT = "scorekeeper-entries"; // the newest 50 entry keys sent
  const $ = (selector) => document.querySelector(selector);
  const all = (selector, root = document) => [...(root?.querySelectorAll(selector) ?? [])];
  const texts = $("#texts").dataset; // the page's words, in its language
  const game = $("[data-live-url]").dataset.liveUrl;
  const and = new Intl.ListFormat(document.documentElement.lang); // "2, 3 and 4", in its words
  const fill = (text, values) => text.replace(/%\((\w+)\)s/g, (all, name) => values[name]);
  const handForm = () => $("#entry form[data-hand-form]");
  const adjustForm = () => $("#entry form[data-adjust-form]"); // a penalty: saved like a hand
  const newKey = () => crypto.getRandomValues(new Uint32Array(3)).join("-"); // randomUUID: https
  const held = () => $("[data-conflict], #entry .errorlist, #main > .errorlist"); // hands wait
  // The hand's own taps (the dealer comes filled in), of inputs shown.
  const taps = (form) =>
    all("[name]:checked:not([name=dealer])", form).filter((i) => i.checkVisibility());
  // A list in localStorage (or another), and what `change` makes of it (some private modes refuse).
  function store(name, change, storage = "localStorage") {
    try {
      const list = JSON.parse(window[storage].getItem(name)) ?? [];
      return change ? window[storage].setItem(name, JSON.stringify(change(list))) : list;
    } catch {
      return [];
    }
  }
  // A game by its code, not its link: a hand kept under a link replaced since goes by the new one.
  const [code, link] = [(url) => url?.match(/\/games\/([^/?]+)/)?.[1], /\/g\/[^/]+\//];
  const editing = !!$("#main[data-edit]"); // hands are kept and sent where the link can save
  const queued = () => store(QUEUE).filter((item) => editing && code(item.game) === code(game));
  // gone: the link replaced; away: 503; saveAt, shown: Save's place and the outcome before a swap.
  let since, offline, gone, sending, saidTimer, chart, away, saveAt, shown, savedAt;
  const saveTop = () => $("[data-hand-form] button[name=save]")?.getBoundingClientRect().top;

  // What the phone says goes as a message does (app.js); what asks for something stays in view.
  function say(text, lasting = false) {
    const said = Object.assign($("#status [data-said]"), { textContent: text, hidden: false });
    said.toggleAttribute("data-lasting", lasting);
    scorekeeper.dropMessages();
    clearTimeout(saidTimer);
    if (!lasting) saidTimer = setTimeout(unsay, 8000); // as long as a message stays (app.js)
  }
  const unsay = () => all("#status [data-said], #same-hand").forEach((p) => (p.hidden = true));
  // Offline: two failed requests in a row (one may be a lost answer), or the phone saying so.
  function lost() {
    offline ||= !gone && (!!since || !navigator.onLine);
    since ??= new Date();
    showQueue();
  }
  function showQueue() {
    const [items, net, box] = [queued(), $("#status [data-offline]"), $("#status [data-queue]")];
    const time = since?.toTimeString().slice(0, 5).replace(":", texts.clock ?? ":"); // "20.49"
    const down = fill(texts[away ? "awaySince" : "offlineSince"], { time });
    net.textContent = gone ? texts.linkReplaced : offline ? down : "";
    net.hidden = !net.textContent || (!gone && items.length > 0); // the hands waiting say it
    if (!box) return; // the big screen
    const unsent = away ? "away" : offline ? "queued" : "unanswered";
    const state = held() ? "held" : sending ? "sending" : unsent;
    const words = texts[state + (items[1] ? "Many" : "")];
    const numbers = and.format(items.map((item) => `${item.number}`)); // "2 og 3"
    box.textContent = items.length ? fill(words, { numbers }) : "";
    box.hidden = !items.length || gone;
    $("#hands [data-waiting]").hidden = !items.length;
    $("#hands [data-waiting]").replaceChildren(...items.toReversed().map(waiting));
    for (const form of all("#entry form.entry")) form.toggleAttribute("hx-morph-skip", !!items[0]);
  }
  function waiting(item) {
    const row = document.createElement("li");
    row.append(document.createElement("strong"), ` ${item.line}`);
    row.firstChild.textContent = fill(texts.waiting, item);
    return row;
  }
  // "Bidder Bjørn, Bid 8, Partner Dina, Tricks: Anne 2, Cato 1": inputs (or choices) by what
  // they answer, a rows' legend once before its first (bids and tricks apart), with `what`.
  const head = (input) => input.closest("fieldset").querySelector("legend:not(.visually-hidden)");
  const told = (list, what) =>
    list.map((el, n) => {
      const row = el.closest(".tricks-row");
      if (!row) return `${head(el)?.textContent ?? ""} ${what(el)}`.trim();
      const first = list[n - 1]?.closest("fieldset") !== el.closest("fieldset");
      return `${first ? head(el)?.textContent + ": " : ""}${row.dataset.side} ${what(el)}`.trim();
    });
  const untapped = (form) =>
    all(".choices:not(:has(:checked))", form).filter((choices) => choices.checkVisibility());
  // Worth keeping unchecked: a redeal, an outcome previewed, or every choice shown answered.
  const complete = (form, body) =>
    body.get("redeal") === "on" || !!form.querySelector("#preview strong") || !untapped(form)[0];
  // A hand with no answer, or with hands waiting before it, waits here; the form goes on.
  function keep(form, { request }) {
    const body = new URLSearchParams(request.body);
    const missing = fill(texts.missing, { what: told(untapped(form), () => "").join(", ") });
    if (!complete(form, body))
      return say(`${texts[offline ? "incomplete" : "incompleteUnanswered"]} ${missing}`, true);
    body.delete("follow_held"); // tapped Save on it: sent later, it is the hand the form said
    const chip = (input) => input.closest("label").textContent.trim();
    const line = body.has("reason") ? `⚖ ${body.get("reason")}` : told(taps(form), chip).join(", ");
    const item = { game, url: request.action, body: `${body}`, line, entry: body.get("entry") };
    item.number = +body.get("number");
    store(QUEUE, (list) => [...list.filter((other) => other.entry !== item.entry), item]);
    scorekeeper.dropMessages();
    startAfter(form, item);
    showQueue();
  }
  // The oldest waiting hand goes, then the next, each with its entry key (the server answers one it
  // has as saved); our own fetch: htmx has no queue that outlives the page.
  async function send() {
    const item = queued()[0];
    if (sending || held() || gone || !item) return showQueue();
    sending = true;
    showQueue();
    const [body, headers] = [new URLSearchParams(item.body), { "HX-Request": "true" }];
    const url = item.url.replace(link, location.pathname.match(link)[0]); // this page's link
    const signal = AbortSignal.timeout(htmx.config.defaultTimeout); // a server asleep: no answer
    const answer = await fetch(url, { method: "POST", body, headers, signal }).catch(() => null);
    const text = await answer?.text().catch(() => null); // read first: a poll's send() waits
    sending = false;
    gone ||= !!answer?.headers.get("X-Link-Replaced"); // then kept here, for the new link to send
    if (!answer || answer.status >= 500 || gone) return lost(); // worth another try; a refusal not
    store(QUEUE, (list) => list.filter((other) => other.entry !== item.entry));
    const page = new DOMParser().parseFromString(text ?? "", "text/html");
    const [fresh, said] = [page.querySelector("#main"), page.querySelector("#main .messages li")];
    const card = fresh?.querySelector("[data-conflict], .errorlist");
    const done = answer.headers.get("X-Hand-Entry") === "done";
    if (!answer.ok) say(`${texts.notSent} ${item.line}`, true);
    else if (done && said) say(said.textContent.trim(), !said.matches(".success, .info"));
    else if (!done && fresh) {
      // A conflict: its form holds the hand, unless the open form has taps of its own.
      if (card && taps(handForm()).length) $("#main").prepend(card);
      else $("#main").replaceWith(fresh);
      asSent(handForm()); // a refusal drawn here keeps its taps too
      htmx.process($("#main"));
      scorekeeper.setUp($("#main"));
      $("#main [data-conflict]")?.focus(); // into view, as htmx shows one
    }
    send();
  }

  const turn = (row) => +getComputedStyle(row).order;
  // The next hand's clean form (its dealer an attribute, as the server draws it), heading, badge.
  function startNext(form, number, dealer) {
    const [heading, badge] = [$("#main .hand-no"), $("#main tr[data-side] .badge.dealer")];
    if (form.sent) // what a refused form was drawn holding is no default of the next hand's
      for (const input of all("input:not([type=hidden]), textarea", form))
        toggled(input) ? (input.defaultChecked = false) : (input.defaultValue = "");
    form.reset();
    form.sent = 0;
    for (const input of all("#entry form.entry [name=number]")) input.value = number; // a penalty's
    form.elements.entry.value = newKey();
    form.tappedAt = undefined;
    for (const input of all("[name=dealer]", form)) input.defaultChecked = input.value === dealer;
    for (const input of all("[name^=follow_]", form)) input.value = "";
    form.elements.rotation_dealer.value = form.elements.follow_rotation.value = dealer;
    for (const note of all("[data-game-moved]", form)) note.hidden = true;
    for (const rows of all(".side-rows", form)) // in turn for the new dealer, as the server draws
      rows.append(...all(".tricks-row", rows).sort((a, b) => turn(a) - turn(b)));
    form.querySelector("[data-label]").textContent = fill(texts.saveHand, { number });
    form.querySelector("#preview").replaceChildren($("#blank-preview").content.cloneNode(true));
    if (heading) heading.textContent = heading.textContent.replace(/\d+/, number);
    const dealing = (tr) => [tr.dataset.side, ...(tr.dataset.members?.split("\n") ?? [])];
    const side = all("#main tr[data-side]").find((tr) => dealing(tr).includes(dealer));
    if (badge && side) side.querySelector("td").firstChild.after(badge);
    for (const name of all("[data-dealer]", badge)) name.textContent = dealer;
    saveAt = 0; // sent to the top: Save is not kept in place (after:swap)
    scrollTo(0, 0);
    // The most an input takes was this hand's (Oh Hell's cards): the next one's is the server's.
    for (const name of form.getAttributeNames().filter((n) => n.startsWith("data-most-")))
      form.removeAttribute(name);
  }
  // The hand after one kept here: the next seat deals (the same after a redeal, in some games).
  function startAfter(form, item) {
    const sent = new URLSearchParams(item.body);
    if (sent.has("reason")) return afterAdjustment(item.number + 1);
    const seats = all("[name=dealer]", form).map((input) => input.value);
    const at = seats.indexOf(sent.get("dealer"));
    const same = at < 0 || (sent.get("redeal") === "on" && form.dataset.redealKeepsDealer);
    const dealer = same ? (sent.get("dealer") ?? "") : seats[(at + 1) % seats.length];
    startNext(form, item.number + 1, dealer);
  }
  // A penalty kept here deals nothing: the hand form keeps its dealer and taps, one number on.
  function afterAdjustment(number) {
    adjustForm()?.reset();
    adjustForm()?.elements.entry.setAttribute("value", newKey());
    for (const input of all("#entry form.entry [name=number]")) input.value = number;
    const [label, heading] = [$("#entry [data-hand-form] [data-label]"), $("#main .hand-no")];
    if (label) label.textContent = fill(texts.saveHand, { number });
    if (heading) heading.textContent = heading.textContent.replace(/\d+/, number);
  }
  // After a poll: hands kept here that the server has (answers lost) leave the queue, or the form;
  // the open form's outcome is asked again if the game changed or it was lost (not after a 304).
  function follow(entry, status) {
    const row = (key) => key && $(`#hands tr[data-entry="${CSS.escape(key)}"]`);
    const rows = [...queued().map((item) => item.entry), entry].map(row).filter(Boolean);
    store(QUEUE, (list) => list.filter((item) => !row(item.entry)));
    const [form, next] = [queued().length ? null : handForm(), $("#entry")?.dataset];
    const stale = status === 200 || $("#preview")?.textContent === texts.noPreview;
    // A form kept while its hand waited, on a game that has ended since: the live part again.
    if (form && next?.state === "closed") $("[data-poll]").setAttribute("hx-headers", "{}");
    if (form && next?.state === "closed") nudge();
    else if (form && row(entry)) startNext(form, +next.next, next.dealer);
    else if (taps(form).length && stale) form.dispatchEvent(new Event("followed"));
    if (rows.length) say(fill(texts.ownSaved, rows.at(-1).dataset));
    if (rows.length) saveAt = 0; // as startNext
    if (rows.length) scrollTo(0, 0);
    if ($("#winner")) unsay(); // the banner says it; a message that says more stays (data-stands)
    if ($("#winner")) all(".messages li:not([data-stands])").forEach((li) => li.remove());
  }

  // The group's stream (games/stream.py) says when this game changed, and the poll goes then;
  // while it works the poll lets one through every 30 s besides, without it every 2 s.
  const stream = $("#stream");
  let [streaming, due, asked, heard] = [false, true, 0, 0];
  function nudge() {
    due = true;
    htmx.trigger($("[data-poll]"), "nudge");
  }
  function hear(name, then) {
    stream?.addEventListener(name, (event) => {
      heard = Date.now();
      then(event);
    });
  }
  hear("ping", () => {}); // every 20 s: the stream is alive
  hear("game", nudge); // this game's alone (games/stream.py)
  addEventListener("online", nudge); // at once: what waits here goes with the answer
  hear("open", () => {
    streaming = true;
    setTimeout(nudge, Math.random() * 2000); // not every phone at the same instant
  });
  for (const name of ["down", "htmx:sse:before:connection", "htmx:sse:close"])
    stream?.addEventListener(name, () => (streaming = false));
  const isPoll = (ctx) => ctx.sourceElement.matches("[data-poll]");
  const isHand = (ctx) =>
    ctx.sourceElement.matches("form[data-hand-form]:has([name=entry]), form[data-adjust-form]");
  // Saves, undos and previews under way (htmx marks them): a poll waits, and its answer is older.
  const busy = () => $(".htmx-request:not([data-poll], #chart, #stream)");
  document.addEventListener("htmx:config:request", (event) => {
    const { ctx } = event.detail;
    if (isPoll(ctx)) {
      if (streaming && Date.now() - heard > 45_000) {
        streaming = false; // no ping for two: the stream died without a word, open it again
        htmx.process(stream, true);
      }
      const quiet = streaming && !due && Date.now() - asked < 30_000;
      if (busy() || document.visibilityState !== "visible" || quiet) return event.preventDefault();
      [due, asked] = [false, Date.now()];
    }
    if (!isHand(ctx)) return;
    store(SENT, (list) => [...list, ctx.request.body.get("entry")].slice(-50));
    // Hands waiting: this one goes after them (unless unfinished or held: the server says why).
    if (!queued().length || held() || !complete(ctx.sourceElement, ctx.request.body)) return;
    event.preventDefault();
    keep(ctx.sourceElement, ctx);
    send();
  });
  document.addEventListener("htmx:before:swap", (event) => {
    if (isPoll(event.detail.ctx) && busy()) event.preventDefault();
    chart = $("#chart > svg"); // a save's answer comes without it: the one shown stays
    saveAt = saveTop(); // Save in view stays under the finger (below)
    if (isPoll(event.detail.ctx)) shown = [$("#preview")?.textContent, $("#preview")?.scrollTop];
  });
  // After every answer (htmx swaps none of a 304 or a refusal, a replaced link's 410 included).
  document.addEventListener("htmx:after:swap", ({ detail: { ctx } }) => {
    const [{ status, headers }, poll, source] = [ctx.response, isPoll(ctx), ctx.sourceElement];
    gone ||= !!headers.get("X-Link-Replaced");
    away = status === 503; // the server answers, its database not
    if (isHand(ctx) && (status >= 500 || gone)) keep(source, ctx); // as if sent offline
    if (source.id === "preview" && status >= 400) source.textContent = texts.noPreview; // not stale
    // The outcome asked again after a poll and the same (a note changed elsewhere): as it was read.
    if (source.id === "preview" && source.textContent === shown?.[0]) source.scrollTop = shown[1];
    if (source.id === "preview") shown = null;
    if ((poll && status >= 400) || status >= 500) return lost();
    since = offline = null; // an answer came
    if (poll) follow(new URL(ctx.request.action, location).searchParams.get("entry"), status);
    // A line said above Save (its bar not stuck at the foot) moves the page, not Save under a tap.
    if (poll && saveAt > 0 && saveAt < innerHeight) scrollBy(0, saveTop() - saveAt);
    if (chart && !$("#chart svg")) $("#chart")?.prepend(chart);
    if (poll && status === 200 && chart) htmx.trigger("#chart", "retry"); // kept by the morph
    // Focus gone with what was sent (a save, a refusal, an undo): back into the hand form
    const next = $("#entry form fieldset:has(.errorlist) input, #entry form fieldset :checked");
    if (ctx.request.method === "POST" && !document.activeElement?.closest("form"))
      next?.focus({ preventScroll: true });
    asSent(handForm()); // a refusal's taps are kept through a reload
    if (headers.get("X-Hand-Entry") === "done") savedAt = Date.now();
    if (headers.get("X-Hand-Entry") === "done") keepCopy([location.href]).catch(() => {});
    send(); // hands waiting go now (and the status lines follow)
  });
  // No answer (offline, or lost after the server saved it): the hand waits here, with its key.
  document.addEventListener("htmx:error", ({ detail: { ctx } }) => {
    if (!ctx || ctx.response) return;
    if (isPoll(ctx) || isHand(ctx)) lost();
    if (isHand(ctx)) keep(ctx.sourceElement, ctx);
    else if (ctx.sourceElement.matches("form")) say(texts.notDone); // an undo: not kept here
    if (ctx.sourceElement.id === "preview") ctx.sourceElement.textContent = texts.noPreview;
  });
  // A tap more on Save just after it saved: the next hand's empty form is not sent (it was
  // refused), and the line saying what was saved stays.
  document.addEventListener("click", (event) => {
    const form = event.target.closest?.("[data-hand-form] button[name=save]")?.form;
    const typed = form && all("input[type=number]", form).some((box) => box.value); // Points
    if (form && !taps(form)[0] && !typed && Date.now() - savedAt < 2000) event.preventDefault();
  }, true);
  // The next action ends what the phone said, as a message (app.js). A dealer tapped is picked by
  // hand: the lines that it followed the rotation, or that the rotation names another, go.
  document.addEventListener("submit", (event) => event.defaultPrevented || unsay(), true);
  // Taps kept saved as the next hand after all ("Save them as hand 4"): those behind go after it.
  document.addEventListener("submit", ({ target: form }) => {
    const waiting = queued().map((item) => item.entry);
    if (!form.querySelector("[data-as-next]") || !waiting[0]) return;
    let number = +new FormData(form).get("number");
    store(QUEUE, (list) => list.map((item) => {
      if (!waiting.includes(item.entry)) return item;
      const body = new URLSearchParams(item.body);
      body.set("number", ++number);
      return { ...item, number, body: `${body}` };
    }));
  });
  document.addEventListener("change", ({ target: { form, name, value } }) => {
    unsay();
    const note = form?.elements.follow_dealer;
    if (name !== "dealer" || !note) return;
    form.elements.rotation_dealer.value = "";
    if (note.value !== "followed" && value !== form.elements.follow_rotation.value) return;
    note.value = "";
    form.querySelector("[data-dealer-moved]").hidden = true;
  });

  // A page opened again (an offline copy) may carry a key sent already, or a number taken.
  const [form, last] = [handForm(), queued().at(-1)];
  if (form && last && +form.elements.number.value <= last.number) startAfter(form, last);
  else if (store(SENT).includes(form?.elements.entry.value)) form.elements.entry.value = newKey();
  last && !navigator.onLine ? lost() : showQueue();
  // Taps outlive a reload (a phone's browser may drop a page left in the background): what the
  // form holds unlike as drawn, kept for this tab as the page goes out of sight, comes back to
  // the same hand's untouched form if the game has not changed since (its tag, data-etag).
  const TAPS = `scorekeeper-taps ${location.pathname}`;
  const toggled = (input) => /radio|checkbox/.test(input.type);
  // A form drawn as it was sent (refused) holds nothing but taps: all of them are kept.
  const changed = (form) =>
    all("input[name]:not([type=hidden]), textarea[name]", form).filter((i) => form.sent
      ? (toggled(i) ? i.checked : i.value)
      : toggled(i) ? i.checked !== i.defaultChecked : i.value !== i.defaultValue);
  // The hand and the game's version (its tag but the language: taps outlive a switch).
  const version = () =>
    [handForm()?.elements.number.value, $("[data-poll]")?.dataset.etag.match(/\d+/)?.[0]];
  function asSent(form) { // once: the next hand's form started in it (startNext) is sent no more
    if (form?.matches("[data-sent]") && form.sent === undefined)
      [form.sent, form.tappedAt] = [1, version()[1]];
  }
  asSent(handForm());
  // The game's tag at the form's first tap: taps the game moved under since (a hand saved or
  // corrected elsewhere, heard before the page went out of sight) are not kept.
  document.addEventListener("input", ({ target: { form: tapped } }) =>
    tapped && tapped === handForm() && (tapped.tappedAt ??= version()[1]));
  function keepTaps() {
    const form = handForm();
    const tapped = form && form.tappedAt === version()[1] ? changed(form) : [];
    const kept = tapped.map((i) => [i.name, i.value, i.checked]);
    store(TAPS, () => [...version(), kept], "sessionStorage");
  }
  addEventListener("pagehide", keepTaps);
  document.addEventListener("visibilitychange", () => document.hidden && keepTaps());
  const [number, etag, tapped] = store(TAPS, null, "sessionStorage");
  const same = `${[number, etag]}` === `${version()}`;
  if (form && tapped?.length && same && !changed(form).length) {
    for (const [name, value, checked] of tapped) {
      const input = all(`[name="${name}"]`, form).find((i) => !toggled(i) || i.value === value);
      if (input) Object.assign(input, toggled(input) ? { checked } : { value });
      input?.closest("details")?.setAttribute("open", ""); // a note written shows
    }
    addEventListener("DOMContentLoaded", () => form.dispatchEvent(new Event("followed"))); // htmx's
    form.tappedAt = etag;
  }
  addEventListener("offline", lost);
  // The offline copy (sw.js answers with it without a connection; https or localhost only),
  // refreshed by each save. sw.js keeps a page it answered; a first visit keeps itself.
  const worker = texts.serviceWorker && navigator.serviceWorker?.register(texts.serviceWorker);
  async function keepCopy(urls) {
    if (!(await worker)) return; // not on http
    await navigator.serviceWorker.ready;
    await (await caches.open("scorekeeper-v1")).addAll(urls); // the name sw.js reads
  }
  const kept = all("script[src], link[rel=stylesheet]").map((el) => el.src || el.href);
  keepCopy(navigator.serviceWorker?.controller ? kept : [location.href, ...kept]).catch(() => {});
})();
