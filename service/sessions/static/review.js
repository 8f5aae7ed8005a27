// The efficiency review (效率复盘) below the replay: fetched once from the API when it comes
// into view (each decision's figures, as the workers store them; a step's options and their
// useful tiles are fetched for the step shown, .../review/hands/<hand>/steps/<step>), it marks the current step's discard (efficient / fewer useful tiles / further from
// ready), lists the discards the seat had with their useful tiles, names a missed win or an avoidable deal-in,
// sums up the hand per seat and the session per player. Keys: m / M = next / previous point
// to look at of the chosen seat (a less efficient discard, a missed win, an avoidable deal-in, a
// claim that put the hand further from ready).
(function () {
  "use strict";
  var root = document.getElementById("replay");
  var box = document.getElementById("review");
  if (!root || !box || !root.dataset.review) return;
  var T = window.FupanTiles;
  var _ = FupanI18n.gettext, colon = FupanI18n.colon;
  var SEATS = ["E", "S", "W", "N"];
  var WIND = { E: _("East"), S: _("South"), W: _("West"), N: _("North") };
  // the kind of a missed win, in the words the replay names a win with
  var HOW = { self_draw: _("self-drawn"), discard: _("on a discard"), robbed_kong: _("robbing a kong") };
  var CLAIM = { chi: _("chow"), peng: _("pung"), gang: _("kong") };
  var MAX_KINDS = 12;  // useful kinds drawn per option (a hand with 得 can have 30 and more)
  var MAX_OPTIONS = 6;  // discards listed at a step, the chosen one added below them
  var review = null, at = null, seat = "", pending = 0;
  var details = {};  // "hand:step" -> the step's decisions with their options (or "loading")

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text != null) e.textContent = text;
    return e;
  }
  function $(id) { return document.getElementById(id); }
  function hand(no) { return review && review.hands[no - 1]; }
  function readyText(n) {
    return n === -1 ? _("complete") : n === 0 ? _("ready") : _("%(n)s from ready", { n: n });
  }

  // an option's useful kinds that can still come, each with its unseen copies (most first); a
  // kind every copy of which is in sight helps nothing and is left out
  function kindsView(tiles, wild) {
    var box = el("span", "review-kinds");
    var kinds = Object.keys(tiles).filter(function (k) { return tiles[k] > 0; })
      .sort(function (a, b) { return tiles[b] - tiles[a]; });
    kinds.slice(0, MAX_KINDS).forEach(function (k) {
      var one = el("span", "review-kind");
      one.append(T.tile(k, wild.indexOf(k) >= 0), el("small", null, "×" + tiles[k]));
      one.title = T.label(k) + " · " + _("%(n)s unseen", { n: tiles[k] });
      box.append(one);
    });
    if (kinds.length > MAX_KINDS) box.append(el("small", "muted", _("and %(n)s more kinds", { n: kinds.length - MAX_KINDS })));
    return box;
  }

  // the points worth a look in one hand: [{step, seat}]
  function points(h) {
    var out = [];
    if (!h || h.summary) return out;
    SEATS.forEach(function (s) {
      var r = h.seats[s];
      if (!r) return;
      r.decisions.forEach(function (d) { if (d.mark !== "best") out.push({ step: d.step, seat: s }); });
      r.missed_wins.forEach(function (m) { out.push({ step: m.step, seat: s }); });
      r.deal_ins.forEach(function (d) { if (d.safe.length) out.push({ step: d.step, seat: s }); });
      (r.claims || []).forEach(function (c) { if (c.raised) out.push({ step: c.step, seat: s }); });
    });
    return out.sort(function (a, b) { return a.step - b.step; });
  }

  function jump(delta) {
    if (!review && box.dataset.state !== "failed") { pending = delta; load(); return; }  // m before the panel was reached
    if (!review || !at) return;
    var all = [];
    review.hands.forEach(function (h, i) {
      points(h).forEach(function (p) { if (!seat || p.seat === seat) all.push({ hand: i + 1, step: p.step }); });
    });
    var here = function (p) { return p.hand * 1e6 + p.step; }, now = at.hand * 1e6 + at.step;
    var next = delta > 0 ? all.filter(function (p) { return here(p) > now; })[0]
      : all.filter(function (p) { return here(p) < now; }).pop();
    if (next) root.replayGo(next.hand, next.step);
  }

  function stepView(h, state) {
    var out = el("div", "review-step");
    var wild = state.wildcards || [];
    SEATS.forEach(function (s) {
      var r = h.seats[s];
      if (!r) return;
      r.decisions.forEach(function (d) {
        if (d.step !== at.step) return;
        var head = el("p", "review-mark mark-" + d.mark);
        var what = d.mark === "best" ? _("efficient discard")
          : d.mark === "fewer" ? _("fewer useful tiles: %(n)s fewer than the best", { n: d.lost })
          : _("a step further from ready than the best");
        head.append(el("b", null, colon(WIND[s] + " " + r.player)), document.createTextNode(what + " · "),
          document.createTextNode(readyText(d.shanten_after) + " · " + _("useful tiles left: %(n)s", { n: d.effective })));
        out.append(head);
        var full = detail(d);
        if (full === false) { out.append(el("p", "muted", _("could not load the review"))); return; }
        if (!full) { out.append(el("p", "muted review-loading", _("working out the discards this seat had…"))); return; }
        d = full;
        var table = el("table", "grid review-options");
        var tr = el("tr");
        [_("discard"), _("distance to ready"), _("useful tiles (unseen)")].forEach(function (c) { tr.append(el("th", null, c)); });
        table.append(tr);
        // the best few, and the chosen discard wherever it ranks
        d.options.filter(function (o, i) { return i < MAX_OPTIONS || o.tile === d.discard; }).forEach(function (o) {
          var row = el("tr", o.tile === d.discard ? "chosen" : d.best.indexOf(o.tile) >= 0 ? "best" : null);
          var c1 = el("td"); c1.append(T.tile(o.tile, wild.indexOf(o.tile) >= 0));
          var c3 = el("td");
          c3.append(el("span", "num", String(o.effective) + " "));
          c3.append(kindsView(o.tiles, wild));
          row.append(c1, el("td", null, readyText(o.shanten)), c3);
          table.append(row);
        });
        out.append(table);
        if (d.tenpai.length > 1) {
          var best = d.tenpai.slice().sort(function (a, b) { return b.weight - a.weight; })[0];
          var p = el("p", "muted", _("ready either way; waits weighed by unseen copies × what the win pays favour discarding") + " ");
          p.append(T.tile(best.discard, wild.indexOf(best.discard) >= 0));
          out.append(p);
        }
      });
      r.claims.forEach(function (c) {
        if (c.step !== at.step || !c.raised) return;
        out.append(el("p", "review-mark mark-claim", colon(WIND[s] + " " + r.player) +
          _("the %(claim)s put the hand further from ready: %(before)s → %(after)s",
            { claim: CLAIM[c.kind] || c.kind, before: readyText(c.shanten_before), after: readyText(c.shanten_after) })));
      });
      r.missed_wins.forEach(function (m) {
        if (m.step !== at.step) return;
        var p = el("p", "review-mark mark-missed", colon(WIND[s] + " " + r.player) + _("missed win on") + " ");
        p.append(T.tile(m.tile, wild.indexOf(m.tile) >= 0));
        var by = m.from_seat && h.seats[m.from_seat];
        p.append(document.createTextNode(" (" + (HOW[m.how] || "") +
          (by ? " · " + WIND[m.from_seat] + " " + by.player : "") + ")"));
        out.append(p);
      });
      r.deal_ins.forEach(function (d) {
        if (d.step !== at.step) return;
        var p = el("p", "review-mark " + (d.safe.length ? "mark-dealin" : "muted"),
          colon(WIND[s] + " " + r.player) + (d.safe.length
            ? _("dealt in; the winner's own discards were at least as efficient:") + " "
            : _("dealt in; no tile the winner had discarded was at least as efficient")));
        if (d.safe.length) p.append(T.tiles(d.safe, wild));
        out.append(p);
      });
    });
    if (!out.children.length) out.append(el("p", "muted", _("no discard reviewed at this step")));
    return out;
  }

  // a decision with its options: the stored review has its figures only; the step's detail is
  // computed on view and kept (null while it loads: the step is drawn again when it comes;
  // false when the server had none)
  function detail(d) {
    if (d.options) return d;
    var key = at.hand + ":" + d.step, got = details[key];
    if (got && got !== "loading") return got.filter(function (x) { return x.seat === d.seat; })[0] || false;
    if (!got) {
      details[key] = "loading";
      var shown = { hand: at.hand, step: at.step };
      fetch(root.dataset.review + "/hands/" + shown.hand + "/steps/" + d.step, { credentials: "same-origin" })
        .then(function (r) { return r.json(); })
        .then(function (data) {
          details[key] = data.decisions || [];
          if (last && at && at.hand === shown.hand && at.step === shown.step) render(last);
        })
        .catch(function () { delete details[key]; });
    }
    return null;
  }

  // the players' column has no visible header; a screen reader still hears what it holds
  function header(c) {
    var th = el("th", null, c);
    if (!c) th.append(el("span", "visually-hidden", _("player")));
    return th;
  }

  function handTable(h) {
    var table = el("table", "grid review-hand");
    var tr = el("tr");
    ["", _("discards"), _("efficient"), _("useful tiles given up"), _("missed wins"), _("avoidable deal-ins")]
      .forEach(function (c) { tr.append(header(c)); });
    table.append(tr);
    SEATS.forEach(function (s) {
      var r = h.seats[s];
      if (!r) return;
      var best = r.decisions.filter(function (d) { return d.mark === "best"; }).length;
      var lost = r.decisions.reduce(function (n, d) { return n + d.lost; }, 0);
      var row = el("tr");
      [WIND[s] + " " + r.player, r.decisions.length, best, lost, r.missed_wins.length,
        r.deal_ins.filter(function (d) { return d.safe.length; }).length]
        .forEach(function (v, i) { row.append(el("td", i ? "num" : null, String(v))); });
      table.append(row);
    });
    return table;
  }

  function sessionTable() {
    var table = el("table", "grid review-players");
    var tr = el("tr");
    ["", _("discards"), _("share efficient"), _("useful tiles given up per discard"), _("missed wins"), _("avoidable deal-ins")]
      .forEach(function (c) { tr.append(header(c)); });
    table.append(tr);
    Object.keys(review.players).forEach(function (name) {
      var f = review.players[name];
      var row = el("tr");
      [name, f.decisions, f.best_share == null ? "—" : Math.round(100 * f.best_share) + "%",
        f.average_lost == null ? "—" : f.average_lost.toFixed(1), f.missed_wins, f.avoidable_deal_ins]
        .forEach(function (v, i) { row.append(el("td", i ? "num" : null, String(v))); });
      table.append(row);
    });
    return table;
  }

  function render(state) {
    var body = $("review-body");
    if (!review) return;  // still loading ("Reviewing…"), or the message it could not load
    body.innerHTML = "";
    if (!review.reviewable) { body.append(el("p", "muted", _("no play recorded: nothing to review"))); return; }
    var h = hand(at.hand);
    if (!h || h.summary) { body.append(el("p", "muted", _("no play recorded: nothing to review"))); return; }
    body.append(stepView(h, state));
    body.append(el("h3", null, _("This hand")), handTable(h));
    body.append(el("h3", null, _("This session, per player")), sessionTable());
  }

  var last = null;
  function shown(state) {
    at = { hand: state.hand, step: state.step }; last = state;
    render(state);
  }
  root.addEventListener("replay:step", function (e) { shown(e.detail); });
  function load() {
    if (box.dataset.state !== "waiting") return;
    box.dataset.state = "loading";
    fetch(root.dataset.review, { credentials: "same-origin" })
      .then(function (r) { return r.json(); })
      .then(function (data) {
        if (data.error) { $("review-body").textContent = _("could not load the review"); box.dataset.state = "failed"; return; }
        review = data; if (last) render(last); box.dataset.state = "loaded";
        if (pending) { var d = pending; pending = 0; jump(d); }
      })
      .catch(function () { $("review-body").textContent = _("could not load the review"); box.dataset.state = "failed"; });
  }
  // fetched once the panel's body comes into view, watched from the table's first
  // drawing on (before it the empty table would leave the panel in view: below the drawn table
  // a phone does not fetch it at once); data-state: waiting, loading, loaded or failed
  box.dataset.state = "waiting";
  function watch() {
    if (!("IntersectionObserver" in window)) { load(); return; }
    var near = new IntersectionObserver(function (entries) {
      if (entries.some(function (e) { return e.isIntersecting; })) { near.disconnect(); load(); }
    });
    near.observe($("review-body"));
  }
  // The replay's first step may be drawn before this script runs (its fetch can answer while
  // the parser still waits for this file): then start from that step, else wait for it.
  if (root.replayState) { shown(root.replayState); watch(); }
  else root.addEventListener("replay:step", watch, { once: true });

  box.querySelectorAll("[data-seat-filter]").forEach(function (b) {
    b.addEventListener("click", function () {
      seat = b.dataset.seatFilter;
      box.querySelectorAll("[data-seat-filter]").forEach(function (o) { o.setAttribute("aria-pressed", o === b ? "true" : "false"); });
    });
  });
  box.querySelectorAll("[data-review-jump]").forEach(function (b) {
    b.addEventListener("click", function () { jump(+b.dataset.reviewJump); });
  });
  document.addEventListener("keydown", function (e) {
    if (e.target.tagName === "INPUT" && e.target.type !== "range") return;
    if (e.key === "m") { e.preventDefault(); jump(1); }
    else if (e.key === "M") { e.preventDefault(); jump(-1); }
  });
})();
