// Play by play (docs/recorder.md): the deal, the 得 indicator and every tap of a hand, each judged
// live by the engine (POST /api/v1/record/play), with undo of the last tap. The play lives in
// record.js's entry (window.FupanRecorder), so its draft, verdict, payments and outbox serve it.
(function () {
  "use strict";
  var R = window.FupanRecorder, root = document.getElementById("rec");
  if (!R || !root || !document.getElementById("play")) return;
  var el = R.el;  // record.js's element builder
  var SEATS = ["E", "S", "W", "N"];
  var _ = FupanI18n.gettext, colon = FupanI18n.colon;
  var WIND = { E: _("East"), S: _("South"), W: _("West"), N: _("North") };
  var ZH = { draw: _("draw"), reveal: _("reveals"), discard: _("discard"), chi: _("chow"), peng: _("pung"), gang: _("kongs"), win: _("wins"), exhausted: _("exhausted (no winner)") };
  var GANG_ZH = { exposed: _("exposed kong"), concealed: _("concealed kong"), added: _("added kong") };
  var HOW_ZH = { self_draw: _("self-drawn"), discard: _("on a discard"), robbed_kong: _("robbing a kong"), instant: _("at the deal") };
  var COUNTED = { deal: 1, indicator: 1, draw: 1, back: 1 };  // acts that take a tile from the wall
  var info = JSON.parse($("rs-info").textContent), base = root.dataset.api, sid = root.dataset.session;
  var ui = { ready: false, act: null, seat: "E", pick: [] }, live = null, sent = null, timer = null, seq = 0;

  function $(id) { return document.getElementById(id); }
  function play() { return R.state().entry.play; }
  function blankPlay() { return { deal: { E: [], S: [], W: [], N: [] }, indicator: null, taps: [] }; }
  function dealt(p, seat) { return (p.deal[seat] || []).length; }
  function dealSize(seat) { return info.hand_size + (seat === "E" ? 1 : 0); }
  function next(seat) { return SEATS[(SEATS.indexOf(seat) + 1) % 4]; }
  function seats() { var S = R.state(), srv = R.server(); return S.seats || (srv && srv.next.seats) || {}; }
  function name(seat) { return WIND[seat] + " " + (seats()[seat] || ""); }
  var tileName = FupanTiles.label;  // in the page's language
  function options() { var srv = R.server(); return (srv && srv.session.options) || {}; }
  function flash(msg) { $("play-status").textContent = msg; $("play-status").className = "warn"; }
  function lastTap(p, test) {
    for (var i = p.taps.length - 1; i >= 0; i--) if (test(p.taps[i])) return p.taps[i];
    return null;
  }

  // Copies taken from the wall: the deal, every draw, and the indicator when it is set aside.
  function used(p) {
    var n = {};
    function add(t) { n[t] = (n[t] || 0) + 1; }
    SEATS.forEach(function (s) { (p.deal[s] || []).forEach(add); });
    p.taps.forEach(function (x) { if (x.type === "draw") add(x.tile); });
    if (p.indicator && !options().indicator_in_wall) add(p.indicator);
    return n;
  }

  // What comes next after the last tap: the seat and the action a table usually plays.
  function follow(p) {
    var last = p.taps[p.taps.length - 1];
    ui.pick = [];
    if (!last) {
      var short = SEATS.filter(function (s) { return dealt(p, s) < dealSize(s); });
      if (short.length) {
        if (ui.act !== "deal" || short.indexOf(ui.seat) < 0) ui.seat = short[0];
        ui.act = "deal";
      } else if (info.has_indicator && !p.indicator) ui.act = "indicator";
      else { ui.act = "discard"; ui.seat = "E"; }
      return;
    }
    if (last.type === "discard") { ui.act = "draw"; ui.seat = next(last.seat); }
    else if (last.type === "reveal" || last.type === "gang") { ui.act = "back"; ui.seat = last.seat; }
    else if (last.type === "win" || last.type === "exhausted") ui.act = null;
    else { ui.act = "discard"; ui.seat = last.seat; }
  }

  function commit() {
    var S = R.state(), p = play(), last = p.taps[p.taps.length - 1];
    p.ended = !!last && (last.type === "win" || last.type === "exhausted");
    var win = lastTap(p, function (x) { return x.type === "win"; });
    S.entry.result = p.ended && last.type === "exhausted" ? "exhausted" : "win";
    S.entry.win.seat = p.ended && win ? win.seat : null;
    follow(p);
    $("play-status").className = "muted";
    R.changed();
  }

  function tap(t) {
    var p = play(), s = ui.seat, act = ui.act;
    if (!act || !p) { flash(_("pick an action first")); return; }
    if (COUNTED[act] && (info.counts[t] || 0) - (used(p)[t] || 0) <= 0) { flash(_("no %(tile)s left", { tile: tileName(t) })); return; }
    if (act === "deal") {
      if (dealt(p, s) >= dealSize(s)) { flash(colon(name(s)) + _("%(n)s tiles dealt, the deal is complete", { n: dealSize(s) })); return; }
      p.deal[s] = (p.deal[s] || []).concat([t]);
    } else if (act === "indicator") p.indicator = t;
    else if (act === "draw") p.taps.push({ type: "draw", seat: s, tile: t });
    else if (act === "back") p.taps.push({ type: "draw", seat: s, tile: t, from: "back" });
    else if (act === "reveal" || act === "discard") p.taps.push({ type: act, seat: s, tile: t });
    else if (act === "gang_concealed" || act === "gang_added") p.taps.push({ type: "gang", seat: s, kind: act.slice(5), tile: t });
    else if (act === "chi") {
      ui.pick.push(t);
      if (ui.pick.length < 2) { draw(); return; }
      p.taps.push({ type: "chi", seat: s, tiles: ui.pick.slice() });
    }
    commit();
  }

  // Actions that need no tile: it is the last discard, the seat's last draw or the last 加杠.
  function now(act) {
    var p = play(), s = ui.seat, x;
    var discard = lastTap(p, function (d) { return d.type === "discard"; });
    if (act === "peng") x = { type: "peng", seat: s };
    else if (act === "gang_exposed" && discard) x = { type: "gang", seat: s, kind: "exposed", tile: discard.tile };
    else if (act === "discard_win" && discard) x = { type: "win", seat: s, how: "discard", tile: discard.tile, from: discard.seat };
    else if (act === "instant") x = { type: "win", seat: s, how: "instant" };
    else if (act === "self_draw") {
      var drew = lastTap(p, function (d) { return d.type === "draw" && d.seat === s; });
      if (drew) x = { type: "win", seat: s, how: "self_draw", tile: drew.tile };
    } else if (act === "robbed_kong") {
      var kong = lastTap(p, function (d) { return d.type === "gang" && d.kind === "added"; });
      if (kong) x = { type: "win", seat: s, how: "robbed_kong", tile: kong.tile, from: kong.seat };
    }
    if (!x) { flash(_("nothing to take")); return; }
    p.taps.push(x);
    commit();
  }

  function undo() {
    var p = play();
    if (ui.pick.length) { ui.pick = []; draw(); return; }
    if (p.taps.length) p.taps.pop();
    else if (p.indicator) p.indicator = null;
    else {
      var seat = SEATS.slice().reverse().filter(function (s) { return dealt(p, s); })[0];
      if (!seat) return;
      p.deal[seat].pop();
      ui.seat = seat;
    }
    commit();
  }

  // -- drawing ------------------------------------------------------------------------------------
  function draw() {
    var p = play();
    root.classList.toggle("playing", !!p);
    root.classList.toggle("ended", !!(p && p.ended));
    $("play").hidden = !p;
    $("play-toggle").classList.toggle("on", !!p);
    if (!p) { ui.ready = false; live = null; sent = null; return; }
    if (!ui.ready) { follow(p); ui.ready = true; }  // a draft, a correction or a new play
    SEATS.forEach(function (s) {
      var b = buttons.seats[s];
      b.textContent = name(s) + (ui.act === "deal" ? " " + dealt(p, s) + "/" + dealSize(s) : "");
      b.classList.toggle("on", s === ui.seat);
    });
    $("play-acts").querySelectorAll(".tgt").forEach(function (b) {
      b.classList.toggle("on", b.dataset.act === ui.act);
      if (b.hasAttribute("data-indicator-only")) b.hidden = !info.has_indicator;
    });
    drawKeys(p);
    drawHands(p);
    drawTaps(p);
    if (JSON.stringify(p) !== sent) { clearTimeout(timer); timer = setTimeout(check, 150); }
  }

  // The seat chips and the keys are made once and changed in place: the engine's answer redraws
  // the play while a finger may be on a key, and a key replaced under it loses the tap.
  var buttons = { seats: {}, keys: {} };
  SEATS.forEach(function (s) {
    var b = el("button", "chip");
    b.type = "button"; b.dataset.seat = s;
    b.addEventListener("click", function () { ui.seat = s; ui.pick = []; draw(); });
    $("play-seat").append(b);
    buttons.seats[s] = b;
  });
  info.tiles.forEach(function (t) {
    var key = el("button", "key"), rest = el("small");
    key.type = "button"; key.dataset.t = t;
    key.append(FupanTiles.tile(t), rest);
    key.addEventListener("click", function () { tap(t); });
    $("play-keys").append(key);
    buttons.keys[t] = { key: key, rest: rest };
  });

  function drawKeys(p) {
    var n = used(p), counted = COUNTED[ui.act];
    var held = (live && live.concealed[ui.seat]) || [];
    $("play-keys").hidden = !ui.act || p.ended;
    info.tiles.forEach(function (t) {
      var b = buttons.keys[t], rest = info.counts[t] - (n[t] || 0);
      b.key.classList.toggle("held", !counted && held.indexOf(t) >= 0);
      b.key.disabled = !!counted && rest <= 0;
      b.rest.textContent = String(rest);
    });
    var status = ui.pick.length ? _("chow") + " " + ui.pick.map(tileName).join("") + " + …"
      : p.ended ? _("hand over — check the payments below")
      : live && live.wall_left !== null ? _("wall") + " " + live.wall_left + (live.turn ? " · " + _("turn") + " " + name(live.turn) : "") : "";
    if ($("play-status").className !== "warn") $("play-status").textContent = status;
  }

  function drawHands(p) {
    var box = $("play-hands"), wild = (live && live.wildcards) || [];
    box.textContent = "";
    SEATS.forEach(function (s) {
      var div = el("div", "seat" + (live && live.turn === s ? " turn" : ""));
      div.id = "play-hand-" + s;
      var concealed = live ? live.concealed[s] : (p.deal[s] || []);
      div.append(el("h2", null, name(s) + " (" + concealed.length + ")"));
      var row = FupanTiles.tiles(concealed, wild);
      row.classList.add("concealed");
      div.append(row);
      if (live) {
        var extra = el("div", "tiles");
        live.melds[s].forEach(function (m) {
          var span = el("span", "meld");
          span.title = m.kind;
          m.tiles.forEach(function (t) { span.append(FupanTiles.tile(t, wild.indexOf(t) >= 0)); });
          extra.append(span);
        });
        live.revealed[s].forEach(function (t) { extra.append(FupanTiles.tile(t)); });
        if (extra.children.length) div.append(extra);
        var discards = FupanTiles.tiles(live.discards[s], wild);
        discards.classList.add("discards");
        div.append(discards);
      }
      box.append(div);
    });
  }

  function tapText(x) {
    if (x.type === "exhausted") return ZH.exhausted;
    var what = x.type === "gang" ? GANG_ZH[x.kind] : x.type === "win" ? HOW_ZH[x.how] || ZH.win : ZH[x.type];
    if (x.type === "draw" && x.from === "back") what = _("replacement");
    var tiles = x.tiles ? x.tiles.map(tileName).join("") : x.tile ? tileName(x.tile) : "";
    return name(x.seat) + " " + what + " " + tiles + (x.from && x.type === "win" ? " ← " + WIND[x.from] : "");
  }

  function drawTaps(p) {
    var ol = $("play-taps"), problems = $("play-problems");
    var bad = {}, dealing = SEATS.some(function (s) { return dealt(p, s) < dealSize(s); }) && !p.taps.length;
    problems.textContent = "";
    ((live && live.anomalies) || []).forEach(function (a) {
      if (a.tap === null && dealing) return;  // a deal is short until all of it is entered
      if (a.tap !== null) bad[a.tap] = true;
      var li = el("li", null, (a.tap !== null ? colon("#" + (a.tap + 1) + " " + tapText(p.taps[a.tap] || {})) : "") + (FupanI18n.lang === "zh" && a.zh ? a.zh : a.message));
      li.dataset.code = a.code;
      problems.append(li);
    });
    ol.textContent = "";
    p.taps.forEach(function (x, i) {
      var li = el("li", bad[i] ? "bad" : null, tapText(x));
      ol.append(li);
    });
    ol.scrollTop = ol.scrollHeight;
  }

  // -- the engine's view of the play so far ---------------------------------------------------------
  function check() {
    var S = R.state(), p = play();
    if (!p) return;
    var body = { session_id: sid, entry: { play: p } }, mine = ++seq, json = JSON.stringify(p);
    if (S.seatChange) { body.entry.seat_change = true; body.entry.seats = S.seats; }
    if (S.fixing) body.no = S.fixing;
    R.api("POST", base + "/play", body).then(function (v) {
      if (mine !== seq) return;
      sent = json;
      if (v.status !== 200) { live = null; flash(v.message || "…"); draw(); return; }
      live = v;
      draw();
    }).catch(function () { if (mine === seq) flash(_("offline — checked when connected")); });
  }

  // -- wiring ------------------------------------------------------------------------------------------
  root.addEventListener("rec-drawn", draw);
  $("play-toggle").addEventListener("click", function () {
    var S = R.state();
    if (S.entry.play) {
      if ((S.entry.play.taps.length || dealt(S.entry.play, "E")) && !window.confirm(_("Drop the play?"))) return;
      delete S.entry.play;
      S.entry.result = "win"; S.entry.win.seat = null;
    } else S.entry.play = blankPlay();
    ui.ready = false;
    R.changed();
  });
  $("play-acts").addEventListener("click", function (e) {
    var b = e.target.closest(".tgt");
    if (!b || !play()) return;
    $("play-status").className = "muted";
    if (b.classList.contains("now")) { now(b.dataset.act); return; }
    ui.act = b.dataset.act; ui.pick = [];
    draw();
  });
  $("play-undo").addEventListener("click", function () { if (play()) undo(); });
  $("play-exhausted").addEventListener("click", function () {
    var p = play();
    if (!p || p.ended) return;
    p.taps.push({ type: "exhausted" });
    commit();
  });
  draw();
})();
