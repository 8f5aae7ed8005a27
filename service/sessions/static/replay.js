// Step-through replay: fetches one table state per step from the JSON API and draws it.
// Keys: ←/→ step, ↑/↓ previous/next hand, Home/End, n = next anomaly or dispute (across hands);
// on a touch screen, a swipe left/right steps. The last step of a hand shows its result.
(function () {
  "use strict";
  var root = document.getElementById("replay");
  var api = root.dataset.api;            // /api/v1/sessions/<id>/hands
  var T = window.FupanTiles;
  var _ = FupanI18n.gettext, colon = FupanI18n.colon;
  var SEATS = ["E", "S", "W", "N"];
  var WIND = { E: _("East"), S: _("South"), W: _("West"), N: _("North") };
  var MELD = { chi: _("chow"), peng: _("pung"), gang_exposed: _("exposed kong"),
    gang_concealed: _("concealed kong"), gang_added: _("added kong") };
  var pos = { hand: +root.dataset.hand, step: +root.dataset.step };
  var current = null, cache = {}, seq = 0;

  function $(id) { return document.getElementById(id); }

  function fetchState(hand, step) {
    var key = hand + ":" + step;
    if (!cache[key]) {
      cache[key] = fetch(api + "/" + hand + "/steps/" + step, { credentials: "same-origin" })
        .then(function (r) { return r.json().then(function (body) { if (!r.ok) throw body; return body; }); });
      cache[key].catch(function () { delete cache[key]; });
    }
    return cache[key];
  }

  function go(hand, step) {
    var mine = ++seq;
    fetchState(hand, step).then(function (state) {
      if (mine !== seq) return;
      current = state; pos = { hand: state.hand, step: state.step };
      draw(state);
      history.replaceState(null, "", "?hand=" + state.hand + "&step=" + state.step);
      if (state.step < state.steps) fetchState(state.hand, state.step + 1);  // prefetch
    }).catch(function (err) {
      $("replay-error").textContent = (err && err.message) || _("could not load this step");
    });
  }

  function meldEl(m, wild) {
    var box = T.tiles(m.tiles, wild);
    box.classList.add("meld");
    box.dataset.kind = m.kind;
    box.title = (MELD[m.kind] || m.kind) + (m.from ? " " + _("from %(seat)s", { seat: WIND[m.from] || m.from }) : "");
    if (m.from) { var from = document.createElement("small"); from.textContent = "←" + WIND[m.from]; box.append(from); }
    return box;
  }
  function mark(box, tile, cls) {  // the last tile ``tile`` of a row gets ``cls``
    var found = Array.prototype.filter.call(box.querySelectorAll(".tile"), function (t) { return t.dataset.t === tile; });
    if (found.length) found[found.length - 1].classList.add(cls);
  }

  function row(label, content) {
    var r = document.createElement("div");
    r.className = "row";
    var l = document.createElement("span");
    l.className = "label"; l.textContent = label;
    r.append(l, content);
    return r;
  }

  function drawSeat(seat, s, state) {
    var el = $("seat-" + seat);
    el.className = "seat seat-" + seat + (state.turn === seat ? " turn" : "");
    el.innerHTML = "";
    var h = document.createElement("h3");
    h.textContent = WIND[seat] + " · " + s.player;
    var info = document.createElement("span");
    info.className = "shanten";
    info.dataset.seat = seat;
    info.textContent = (s.waits || []).length ? _("ready, waits on:") + " " : s.shanten === -1 ? _("complete")
      : s.shanten != null ? _("%(n)s from ready", { n: s.shanten }) : "";
    h.append(info);
    if ((s.waits || []).length) { var w = T.tiles(s.waits, state.wildcards); w.classList.add("waits"); h.append(w); }
    var wins = (state.win_tiles || []).filter(function (x) { return x.seat === seat; });
    if (wins.length) {  // a declared win that is no win (false, barred, outranked) is not 胡家
      var tag = document.createElement("span"); tag.className = "winner-tag";
      tag.textContent = wins[0].stands === false ? _("declared win does not stand") : _("winner"); h.append(tag);
    }
    el.append(h);
    var hand = T.tiles(s.concealed, state.wildcards);
    hand.classList.add("concealed"); hand.dataset.seat = seat;
    if (s.drawn) {
      var drawn = T.tile(s.drawn, (state.wildcards || []).indexOf(s.drawn) >= 0);
      drawn.classList.add("last"); hand.append(drawn);
    }
    wins.forEach(function (x) { if (x.tile) mark(hand, x.tile, "winning"); });
    // the claimed melds and the flowers sit next to the hand, as on the table
    var exposed = document.createElement("span");
    exposed.className = "exposed"; exposed.dataset.seat = seat;
    (s.melds || []).forEach(function (m) { exposed.append(meldEl(m, state.wildcards)); });
    if ((s.revealed || []).length) { var fl = T.tiles(s.revealed, []); fl.classList.add("flowers"); exposed.append(fl); }
    var line = document.createElement("div");
    line.className = "hand-row";
    line.append(hand, exposed);
    el.append(row(_("hand"), line));
    var discards = T.tiles(s.discards, state.wildcards);
    discards.classList.add("discards"); discards.dataset.seat = seat;
    (s.claimed || []).forEach(function (by, i) {  // a tile someone claimed stays in the river, dimmed
      if (by) { discards.children[i].classList.add("side"); discards.children[i].title += " → " + (WIND[by] || by); }
    });
    var last = state.last_discard;
    if (last && last.seat === seat && discards.children[last.index]) discards.children[last.index].classList.add("last-discard");
    el.append(row(_("discards"), discards));
  }

  var HOW = { self_draw: _("self-drawn"), discard: _("on a discard"), robbed_kong: _("robbing a kong"), instant: _("at the deal") };
  var UNIT = { "胡": _("hu"), "番": _("fan"), "台": _("tai"), "腊子": _("limit hand") };
  function drawResult(state) {
    var box = $("result");
    box.innerHTML = "";
    box.hidden = state.step !== state.steps;
    if (box.hidden) return;
    var r = state.result, names = {};
    SEATS.forEach(function (s) { names[s] = WIND[s] + " " + state.seats[s].player; });
    var h = document.createElement("h2");
    h.textContent = _("Hand %(no)s result", { no: state.hand });
    box.append(h);
    if (!r) { box.append(text("p", "muted", _("Being verified: the result shows once the check has run."))); }
    else if (r.result !== "win" || !r.wins.length) { box.append(text("p", "win-line", _("drawn hand: no winner"))); }
    else {
      r.wins.forEach(function (w) {
        var p = text("p", "win-line", _("%(player)s wins %(how)s", { player: names[w.seat], how: HOW[w.how] || w.how }) + (w.from ? " ← " + names[w.from] : "") + " ");
        if (w.tile) p.append(T.tile(w.tile, (state.wildcards || []).indexOf(w.tile) >= 0));
        if (w.stands === false) p.append(" (" + _("declared win does not stand") + ")");
        box.append(p);
        var items = (r.items || {})[w.seat] || [];
        if (items.length) {
          var ul = document.createElement("ul");
          items.forEach(function (it) { ul.append(text("li", null, FupanI18n.label(it) + " · " + it.value + " " + (UNIT[it.unit] || it.unit || ""))); });
          box.append(ul);
        }
      });
    }
    if (r) {
      var table = document.createElement("table");
      table.className = "grid payments";
      var head = document.createElement("tr");
      var who = document.createElement("th");  // no visible header; a screen reader hears one
      who.append(text("span", "visually-hidden", _("player")));
      head.append(who);
      [_("paid"), _("expected")].forEach(function (c) { head.append(text("th", "num", c)); });
      table.append(head);
      SEATS.forEach(function (s) {
        var tr = document.createElement("tr");
        var rec = r.recorded_net ? r.recorded_net[s] : null, exp = r.expected_net ? r.expected_net[s] : null;
        tr.append(text("td", null, names[s]), text("td", "num", rec == null ? "—" : signed(rec)), text("td", "num", exp == null ? "—" : signed(exp)));
        table.append(tr);
      });
      box.append(table);
      (r.disputes || []).forEach(function (d) {
        var why = d.explanation ? " — " + FupanI18n.label(d.explanation) : "";
        box.append(text("p", "dispute-line", _("dispute") + " " + colon(names[d.from] + " → " + names[d.to]) + _("expected %(expected)s, paid %(recorded)s", { expected: d.expected, recorded: d.recorded }) + why));
      });
    }
    var links = document.createElement("div");
    links.className = "links";
    var a = text("a", null, _("Hand %(no)s in full: items, payments, disputes", { no: state.hand }));
    a.href = root.dataset.sessionUrl + "/hands/" + state.hand;
    links.append(a);
    if (state.hand < state.hands) {
      var next = text("a", null, _("Next hand →"));
      next.href = "?hand=" + (state.hand + 1) + "&step=0";
      next.addEventListener("click", function (e) { e.preventDefault(); hand(1); });
      links.append(next);
    }
    box.append(links);
  }
  function text(tag, cls, content) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    e.textContent = content;
    return e;
  }
  function signed(n) { return n > 0 ? "+" + n : "" + n; }

  function draw(state) {
    SEATS.forEach(function (seat) { drawSeat(seat, state.seats[seat], state); });
    $("hand-no").textContent = state.hand + " / " + state.hands;
    $("step-no").textContent = state.step + " / " + state.steps;
    $("wall").textContent = state.wall == null ? "—" : state.wall;
    $("turn").textContent = state.turn ? WIND[state.turn] : "—";
    var ind = $("indicator"); ind.innerHTML = "";
    if (state.indicator) ind.append(T.tiles([state.indicator]), document.createTextNode(" " + colon(_("wildcards"))), T.tiles(state.wildcards, state.wildcards));
    else ind.textContent = "—";
    var slider = $("slider"); slider.max = state.steps; slider.value = state.step;
    var rec = $("record"); rec.innerHTML = "";
    rec.textContent = state.record ? state.record.text : _("before the deal");
    if (state.record && state.record.tile) rec.append(" ", T.tile(state.record.tile, (state.wildcards || []).indexOf(state.record.tile) >= 0));
    var list = $("anomalies"); list.innerHTML = "";
    (state.anomalies || []).forEach(function (a) {
      var li = document.createElement("li");
      li.textContent = FupanI18n.lang === "zh" && a.zh ? a.zh : a.message;
      list.append(li);
    });
    $("replay-error").textContent = "";
    drawResult(state);
    root.replayState = state;  // the step shown, for review.js when it runs after the first one
    root.dispatchEvent(new CustomEvent("replay:step", { detail: state }));  // review.js listens
  }

  function step(delta) { if (current) go(pos.hand, Math.max(0, Math.min(current.steps, pos.step + delta))); }
  function hand(delta) { if (current) { var h = pos.hand + delta; if (h >= 1 && h <= current.hands) go(h, 0); } }
  function nextMark() {
    if (!current) return;
    var later = current.marks.filter(function (m) { return m > pos.step; });
    if (later.length) go(pos.hand, later[0]);
    else if (current.next_mark) go(current.next_mark.hand, current.next_mark.step);  // straight to it
    else $("replay-error").textContent = _("No anomaly or dispute after this step.");
  }

  // a swipe on the table: left = next step, right = previous (vertical scrolling untouched)
  var touch = null, felt = root.querySelector(".table-felt");
  felt.addEventListener("touchstart", function (e) {
    touch = e.touches.length === 1 ? { x: e.touches[0].clientX, y: e.touches[0].clientY } : null;
  }, { passive: true });
  felt.addEventListener("touchend", function (e) {
    if (!touch) return;
    var dx = e.changedTouches[0].clientX - touch.x, dy = e.changedTouches[0].clientY - touch.y;
    touch = null;
    if (Math.abs(dx) > 40 && Math.abs(dx) > 2 * Math.abs(dy)) step(dx < 0 ? 1 : -1);
  }, { passive: true });

  document.addEventListener("keydown", function (e) {
    if (e.target.tagName === "INPUT" && e.target.type !== "range") return;
    var map = { ArrowLeft: function () { step(-1); }, ArrowRight: function () { step(1); },
      ArrowUp: function () { hand(-1); }, ArrowDown: function () { hand(1); },
      Home: function () { step(-1e9); }, End: function () { step(1e9); }, n: nextMark };
    if (map[e.key]) { e.preventDefault(); map[e.key](); }
  });
  $("slider").addEventListener("input", function (e) { go(pos.hand, +e.target.value); });
  root.querySelectorAll("[data-do]").forEach(function (b) {
    b.addEventListener("click", function () {
      var d = b.dataset.do;
      if (d === "prev") step(-1); else if (d === "next") step(1);
      else if (d === "first") step(-1e9); else if (d === "last") step(1e9);
      else if (d === "prev-hand") hand(-1); else if (d === "next-hand") hand(1);
      else if (d === "mark") nextMark();
    });
  });
  root.replayGo = go;  // review.js jumps with it
  go(pos.hand, pos.step);
})();
