// Step-through replay: fetches one table state per step from the JSON API and draws it.
// Keys: ←/→ step, ↑/↓ previous/next hand, Home/End, n = next anomaly or dispute.
(function () {
  "use strict";
  var root = document.getElementById("replay");
  var api = root.dataset.api;            // /api/v1/sessions/<id>/hands
  var T = window.FupanTiles;
  var _ = FupanI18n.gettext;
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
    box.title = (MELD[m.kind] || m.kind) + (m.from ? " " + _("from %(seat)s", { seat: WIND[m.from] || m.from }) : "");
    return box;
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
    el.append(h);
    var hand = T.tiles(s.concealed, state.wildcards);
    hand.classList.add("concealed"); hand.dataset.seat = seat;
    if (s.drawn) {
      var drawn = T.tile(s.drawn, (state.wildcards || []).indexOf(s.drawn) >= 0);
      drawn.classList.add("last"); hand.append(drawn);
    }
    el.append(row(_("hand"), hand));
    var melds = document.createElement("span");
    (s.melds || []).forEach(function (m) { melds.append(meldEl(m, state.wildcards)); });
    if ((s.revealed || []).length) { melds.append(T.tiles(s.revealed, [])); }
    el.append(row(_("melds and flowers"), melds));
    var discards = T.tiles(s.discards, state.wildcards);
    discards.classList.add("discards"); discards.dataset.seat = seat;
    (s.claimed || []).forEach(function (by, i) {  // a tile someone claimed stays in the river, dimmed
      if (by) { discards.children[i].classList.add("side"); discards.children[i].title += " → " + (WIND[by] || by); }
    });
    el.append(row(_("discards"), discards));
  }

  function draw(state) {
    SEATS.forEach(function (seat) { drawSeat(seat, state.seats[seat], state); });
    $("hand-no").textContent = state.hand + " / " + state.hands;
    $("step-no").textContent = state.step + " / " + state.steps;
    $("wall").textContent = state.wall == null ? "—" : state.wall;
    $("turn").textContent = state.turn ? WIND[state.turn] : "—";
    var ind = $("indicator"); ind.innerHTML = "";
    if (state.indicator) ind.append(T.tiles([state.indicator]), document.createTextNode(" " + _("wildcards") + ": "), T.tiles(state.wildcards, state.wildcards));
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
  }

  function step(delta) { if (current) go(pos.hand, Math.max(0, Math.min(current.steps, pos.step + delta))); }
  function hand(delta) { if (current) { var h = pos.hand + delta; if (h >= 1 && h <= current.hands) go(h, 0); } }
  function nextMark() {
    if (!current) return;
    var later = current.marks.filter(function (m) { return m > pos.step; });
    if (later.length) go(pos.hand, later[0]);
    else if (current.next_marked_hand) go(current.next_marked_hand, 0);
  }

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
  go(pos.hand, pos.step);
})();
