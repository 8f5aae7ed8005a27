// The table recorder (docs/recorder.md): a thumb-sized tile keyboard, the engine's live verdict,
// the payments the table made, and an outbox in localStorage so a hand survives a lost connection.
(function () {
  "use strict";
  var SEATS = ["E", "S", "W", "N"];
  var _ = FupanI18n.gettext, label = FupanI18n.label, colon = FupanI18n.colon, listed = FupanI18n.listed;
  var WIND = { E: _("East"), S: _("South"), W: _("West"), N: _("North") };
  var HOW = { self_draw: _("self-drawn"), discard: _("on a discard"), robbed_kong: _("robbing a kong"), instant: _("at the deal") };
  var UNIT = { "胡": _("hu"), "番": _("fan"), "台": _("tai"), "腊子": _("limit hand") };
  var MELD = { chi: 3, peng: 3, gang_exposed: 4, gang_concealed: 4, gang_added: 4 };
  var MELD_ZH = { chi: _("chow"), peng: _("pung"), gang_exposed: _("exposed kong"), gang_concealed: _("concealed kong"), gang_added: _("added kong") };
  var CHAINS = { gang_concealed: true, gang_added: true };  // the kongs a seat can make on a replacement
  var csrf = document.querySelector('meta[name="csrf-token"]').content;

  function $(id) { return document.getElementById(id); }
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function api(method, url, body) {
    return fetch(url, {
      method: method, credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrf },
      body: body === undefined ? undefined : JSON.stringify(body)
    }).then(function (r) {
      return r.json().catch(function () { return {}; }).then(function (b) { b.status = r.status; return b; });
    });
  }
  function newId() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    return Date.now().toString(36) + "-" + Math.random().toString(36).slice(2, 12);
  }
  function load(key, fallback) {
    try { return JSON.parse(localStorage.getItem(key)) || fallback; } catch (e) { return fallback; }
  }
  function keep(key, value) { localStorage.setItem(key, JSON.stringify(value)); }

  if ($("rec-start")) startPage();
  if ($("rec")) tablePage();

  // -- /record: continue a session or open one ---------------------------------------------------
  function startPage() {
    var base = $("rec-start").dataset.api, form = $("open-form"), rulesets = {};
    var last = load("fupan-rec-last", null);
    api("GET", base + "/sessions").then(function (b) {
      var ul = $("rec-sessions");
      ul.textContent = "";
      (b.sessions || []).forEach(function (s) {
        var option = form.ruleset.querySelector("option[value='" + s.ruleset + "']");  // its title
        var li = el("li"), a = el("a", null, s.club + " · " + _("table %(table)s", { table: s.table }) + " · " +
          (option ? option.textContent : s.ruleset) + " · " + (s.started_at || "").slice(0, 16).replace("T", " "));
        a.href = "/record/" + s.id;
        li.append(a, el("div", "muted", s.players.join(" · ")));
        ul.append(li);
      });
      if (!ul.children.length) ul.append(el("li", "muted", _("none yet")));
    });
    api("GET", base + "/rulesets").then(function (b) { rulesets = b; drawOptions(); });
    if (last) {
      form.club.value = last.club || form.club.value;
      form.table.value = last.table || "";
      form.ruleset.value = last.ruleset || form.ruleset.value;
      form.querySelectorAll("input[name=player]").forEach(function (i, k) { i.value = (last.players || [])[k] || ""; });
    }
    form.ruleset.addEventListener("change", drawOptions);
    function drawOptions() {
      var box = $("options"), info = rulesets[form.ruleset.value];
      box.textContent = "";
      if (!info) return;
      // Each option by its label in the page's language; a choice by its values' labels (the
      // codes stay in the values), a flag as a box, a number as a number.
      info.options.forEach(function (o) {
        var label = el("label", "opt"), input;
        if (o.choices && o.choices.length) {
          input = el("select");
          o.choices.forEach(function (c) {
            var opt = el("option", null, FupanI18n.label(c));
            opt.value = c.value;
            opt.selected = c.value === o.default;
            input.append(opt);
          });
        } else {
          input = el("input");
          if (typeof o.default === "boolean") { input.type = "checkbox"; input.checked = o.default; }
          else { input.type = typeof o.default === "number" ? "number" : "text"; input.value = o.default; }
        }
        input.name = "opt-" + o.name;
        input.dataset.option = o.name;
        input.dataset.default = String(o.default);
        var text = el("span", null, FupanI18n.label(o.text));
        if (input.type === "checkbox") label.append(input, " ", text);
        else label.append(text, " ", input);
        box.append(label);
      });
    }
    form.addEventListener("submit", function (e) {
      e.preventDefault();
      var options = {};
      $("options").querySelectorAll("input, select").forEach(function (i) {
        var v = i.type === "checkbox" ? i.checked : i.type === "number" ? +i.value : i.value;
        if (String(v) !== i.dataset.default) options[i.dataset.option] = v;
      });
      var body = {
        club: form.club.value, table: form.table.value, ruleset: form.ruleset.value, options: options,
        players: Array.prototype.map.call(form.querySelectorAll("input[name=player]"), function (i) { return i.value.trim(); })
      };
      keep("fupan-rec-last", body);
      api("POST", base + "/sessions", body).then(function (b) {
        if (b.status !== 201) { $("open-error").textContent = b.message || _("could not open"); return; }
        location.href = "/record/" + b.session.id;
      });
    });
  }

  // -- /record/<id>: enter hands -------------------------------------------------------------------
  function tablePage() {
    var root = $("rec"), sid = root.dataset.session, base = root.dataset.api;
    var info = JSON.parse($("rs-info").textContent);
    var draftKey = "fupan-rec-draft-" + sid, outKey = "fupan-rec-outbox-" + sid;
    var S = load(draftKey, null) || blank();
    var server = null, verdict = null, timer = null, seq = 0, flushing = false;
    var ui = { showSeat: null, target: "concealed", meldFrom: null };

    function blank() {
      return { clientId: newId(), no: null, fixing: null, seats: null, seatChange: false, payments: null, note: "",
               entry: { result: "win", indicator: null, win: blankWin(), shows: {} } };
    }
    function blankWin() { return { seat: null, how: "discard", tile: null, from: null, flags: [], also: [] }; }
    function also() {  // the other seats that won on the same discard (一炮多响)
      var w = S.entry.win;
      if (!info.multiple_winners || (w.how !== "discard" && w.how !== "robbed_kong")) return [];
      return (w.also || []).filter(function (s) { return s !== w.seat && s !== w.from; });
    }
    function touched() {
      return !!(S.entry.win.seat || S.entry.indicator || Object.keys(S.entry.shows).length || S.entry.play ||
                S.entry.result === "exhausted");
    }
    function seats() { return S.seats || (server && server.next.seats) || {}; }
    function show(seat) {  // a seat's tiles, created on the first tap
      if (!S.entry.shows[seat]) S.entry.shows[seat] = { concealed: [], melds: [], revealed: [] };
      return S.entry.shows[seat];
    }
    function shown(seat) { return S.entry.shows[seat] || { concealed: [], melds: [], revealed: [] }; }
    function options() { return (server && server.session.options) || {}; }

    function used() {
      var n = {};
      function add(t) { n[t] = (n[t] || 0) + 1; }
      Object.keys(S.entry.shows).forEach(function (seat) {
        var sh = S.entry.shows[seat];
        sh.concealed.forEach(add); sh.revealed.forEach(add);
        sh.melds.forEach(function (m) { m.tiles.forEach(add); });
      });
      if (S.entry.win.tile) add(S.entry.win.tile);
      if (S.entry.indicator && !options().indicator_in_wall) add(S.entry.indicator);
      return n;
    }
    function left(t, n) { return info.counts[t] - (n[t] || 0); }

    // -- drawing ----------------------------------------------------------------------------------
    function chips(box, list, current, onPick) {
      box.textContent = "";
      list.forEach(function (seat) {
        var b = el("button", "chip" + (seat === current ? " on" : ""), WIND[seat] + " " + (seats()[seat] || ""));
        b.type = "button"; b.dataset.seat = seat;
        b.addEventListener("click", function () { onPick(seat); });
        box.append(b);
      });
    }
    function draw() {
      var win = S.entry.win, isWin = S.entry.result === "win";
      $("hand-no").textContent = S.fixing ? _("correcting hand %(no)s", { no: S.fixing }) : _("Hand %(no)s", { no: server ? server.next.no : "…" });
      var stale = !S.fixing && touched() && S.no && server && S.no !== server.next.no;
      $("stale").hidden = !stale;
      if (stale) $("stale").textContent = _("hand %(no)s was saved meanwhile (another phone?): this entry is now for hand %(next)s — check the seats", { no: S.no, next: server.next.no });
      var seatBox = $("seats");
      seatBox.textContent = "";
      SEATS.forEach(function (s) {
        seatBox.append(el("span", "seat-tag" + (s === "E" ? " dealer" : ""), WIND[s] + (s === "E" ? " (" + _("dealer") + ") " : " ") + (seats()[s] || "")));
      });
      drawReseat();
      chips($("winner"), SEATS, win.seat, function (s) {
        win.seat = s; if (win.from === s) win.from = null;
        ui.showSeat = s; changed();
      });
      $("how").querySelectorAll("button").forEach(function (b) { b.classList.toggle("on", b.dataset.how === win.how); });
      $("from-row").hidden = win.how === "self_draw" || win.how === "instant";
      win.flags = win.flags || [];
      $("flags").querySelectorAll("button").forEach(function (b) { b.classList.toggle("on", win.flags.indexOf(b.dataset.flag) >= 0); });
      if (win.flags.length) $("flags-box").open = true;
      chips($("from"), SEATS.filter(function (s) { return s !== win.seat; }), win.from, function (s) { win.from = s; changed(); });
      var multi = info.multiple_winners && (win.how === "discard" || win.how === "robbed_kong");
      $("also-row").hidden = !multi || !win.seat || !win.from;
      chips($("also"), SEATS.filter(function (s) { return s !== win.seat && s !== win.from; }), null, function (s) {
        var list = win.also = also(), i = list.indexOf(s);
        if (i >= 0) list.splice(i, 1); else list.push(s);
        changed();
      });
      $("also").querySelectorAll("button").forEach(function (b) { b.classList.toggle("on", also().indexOf(b.dataset.seat) >= 0); });
      var showable = info.nonwinners_score ? SEATS : (win.seat ? [win.seat].concat(also()) : []);
      if (!ui.showSeat || showable.indexOf(ui.showSeat) < 0) ui.showSeat = win.seat || null;
      chips($("show-seat"), showable, ui.showSeat, function (s) { ui.showSeat = s; draw(); });
      $("targets").querySelectorAll(".tgt").forEach(function (b) {
        b.classList.toggle("on", b.dataset.target === ui.target);
        if (b.hasAttribute("data-indicator-only")) b.hidden = !info.has_indicator;
        if (b.hasAttribute("data-winner-only")) b.hidden = ui.showSeat !== win.seat || win.how === "instant";
      });
      var meld = MELD[ui.target] && ui.target !== "gang_concealed";
      $("meld-from-row").hidden = !meld;
      if (meld) {
        var others = SEATS.filter(function (s) { return s !== ui.showSeat; });
        if (ui.target === "chi") ui.meldFrom = prevSeat(ui.showSeat);
        if (others.indexOf(ui.meldFrom) < 0) ui.meldFrom = others[0];
        chips($("meld-from"), others, ui.meldFrom, function (s) { ui.meldFrom = s; draw(); });
      }
      $("win-box").hidden = !isWin;
      document.querySelector("[data-result=win]").classList.toggle("on", isWin);
      $("drawn").classList.toggle("on", !isWin);
      root.classList.toggle("drawn-mode", !isWin && !S.entry.play);
      $("drawn-confirm").hidden = isWin || !!S.entry.play;
      var no = S.fixing || (server ? server.next.no : "…");
      $("drawn-text").textContent = S.fixing ? _("Correct hand %(no)s to a drawn hand: no winner, the payments undone?", { no: no })
        : _("Hand %(no)s ends drawn: no winner. Save it?", { no: no });
      $("drawn-save").textContent = S.fixing ? _("Save the correction") : _("Save as a drawn hand");
      drawEntered();
      drawKeyboard();
      $("save").textContent = S.fixing ? _("Save correction") : _("Save");
      $("clear").textContent = S.fixing ? _("cancel") : _("clear");
      $("note").value = S.note || "";
      root.dispatchEvent(new Event("rec-drawn"));  // record_play.js draws the play on top
    }
    function drawReseat() {
      var box = $("reseat");
      $("seat-change").hidden = !!S.fixing;
      $("seat-change").classList.toggle("on", !!S.seatChange);
      box.hidden = !S.seatChange;
      box.textContent = "";
      if (!S.seatChange || !server) return;
      SEATS.forEach(function (seat) {
        var sel = el("select");
        sel.dataset.seat = seat;
        server.session.players.forEach(function (p) { var o = el("option", null, p); o.value = p; sel.append(o); });
        sel.value = S.seats[seat];
        sel.addEventListener("change", function () { S.seats[seat] = sel.value; changed(); });
        var label = el("label", "reseat", WIND[seat] + (seat === "E" ? " (" + _("dealer") + ") " : " "));
        label.append(sel);
        box.append(label);
      });
    }
    function prevSeat(s) { return SEATS[(SEATS.indexOf(s) + 3) % 4]; }
    function removable(t, wild, onRemove) {
      var tile = FupanTiles.tile(t, wild);
      tile.setAttribute("role", "button");
      tile.addEventListener("click", function () { onRemove(); changed(); });
      return tile;
    }
    function drawEntered() {
      var box = $("entered"), wild = (verdict && verdict.wildcards) || [];
      box.textContent = "";
      if (info.has_indicator) {
        var ind = el("div", "slot", colon(_("wildcard indicator")));
        if (S.entry.indicator) ind.append(removable(S.entry.indicator, false, function () { S.entry.indicator = null; }));
        box.append(ind);
      }
      if (!ui.showSeat) { box.append(el("div", "muted", _("pick the winner"))); return; }
      var sh = shown(ui.showSeat), row = el("div", "slot", colon(WIND[ui.showSeat] + " " + (seats()[ui.showSeat] || "") + " (" + sh.concealed.length + ")"));
      row.id = "concealed";
      sh.concealed.forEach(function (t, i) { row.append(removable(t, wild.indexOf(t) >= 0, function () { sh.concealed.splice(i, 1); })); });
      box.append(row);
      if (ui.showSeat === S.entry.win.seat && S.entry.win.how !== "instant") {
        var w = el("div", "slot", colon(_("winning tile")));
        w.id = "win-tile";
        if (S.entry.win.tile) w.append(removable(S.entry.win.tile, wild.indexOf(S.entry.win.tile) >= 0, function () { S.entry.win.tile = null; }));
        box.append(w);
      }
      if (sh.melds.length) {
        var melds = el("div", "slot", colon(_("melds")));
        sh.melds.forEach(function (m, i) {
          var span = el("span", "meld");
          span.title = MELD_ZH[m.kind] + (m.from ? " ← " + WIND[m.from] : "");
          m.tiles.forEach(function (t) { span.append(FupanTiles.tile(t)); });
          span.append(el("small", null, MELD_ZH[m.kind] + (m.from ? "←" + WIND[m.from] : "")));
          span.addEventListener("click", function () { sh.melds.splice(i, 1); changed(); });
          melds.append(span);
          if (info.kong_chains && chained(sh.melds, i)) melds.append(chainToggle(m));
        });
        box.append(melds);
      }
      if (sh.revealed.length) {
        var rv = el("div", "slot", colon(_("flowers")));
        sh.revealed.forEach(function (t, i) { rv.append(removable(t, false, function () { sh.revealed.splice(i, 1); })); });
        box.append(rv);
      }
    }
    // 杠上杠: a 暗杠/加杠 entered right after a kong of the same seat may have been made at once on
    // that kong's replacement (docs/log-format.md, on_replacement); a bloom after it is paid as
    // the chain's first kong says (zhoushan 杠上开花包三家, xizhou 送杠胡); only where the ruleset
    // pays a chain (kong_chains: elsewhere it changes nothing). Melds go in as made.
    function chained(melds, i) { return i > 0 && !!CHAINS[melds[i].kind] && melds[i - 1].kind.indexOf("gang_") === 0; }
    function chainToggle(m) {
      var box = el("label", "chain"), input = el("input");
      input.type = "checkbox"; input.checked = !!m.on_replacement;
      input.addEventListener("change", function () {
        if (input.checked) m.on_replacement = true; else delete m.on_replacement;
        changed();
      });
      box.append(input, " ", _("kong on a kong (made on the replacement of the kong before)"),
                 el("span", "visually-hidden", " — " + FupanTiles.label(m.tiles[0]) + " " + MELD_ZH[m.kind]));
      return box;
    }
    function unchain() {  // a meld taken out or moved: the flag stays only where the log allows it
      Object.keys(S.entry.shows || {}).forEach(function (seat) {
        var melds = S.entry.shows[seat].melds || [];
        melds.forEach(function (m, i) { if (m.on_replacement && !chained(melds, i)) delete m.on_replacement; });
      });
    }
    function drawKeyboard() {
      var box = $("keyboard"), n = used();
      box.textContent = "";
      info.tiles.forEach(function (t) {
        var key = el("button", "key");
        key.type = "button"; key.dataset.t = t;
        var rest = left(t, n);
        key.append(FupanTiles.tile(t), el("small", null, String(rest)));
        key.disabled = rest <= 0;
        key.addEventListener("click", function () { tap(t); });
        box.append(key);
      });
    }
    function flash(msg) {
      $("verdict").textContent = msg;
      $("verdict").className = "verdict warn";
    }
    function tap(t) {
      var n = used(), target = ui.target;
      if (left(t, n) <= 0) { flash(_("no such tile left")); return; }
      if (target === "indicator") { S.entry.indicator = t; ui.target = "concealed"; changed(); return; }
      if (!ui.showSeat) { flash(_("pick the winner first")); return; }
      var sh = show(ui.showSeat);
      if (target === "concealed") { sh.concealed.push(t); sh.concealed.sort(byTile); }
      else if (target === "revealed") sh.revealed.push(t);
      else if (target === "win") { S.entry.win.tile = t; ui.target = "concealed"; }
      else {
        var tiles = meldTiles(target, t);
        if (!tiles) { flash(_("a chow starts on 1 to 7 of a suit")); return; }
        for (var i = 0; i < tiles.length; i++) {
          var k = tiles.slice(0, i + 1).filter(function (x) { return x === tiles[i]; }).length;
          if (left(tiles[i], n) < k) { flash(_("not enough of these tiles left")); return; }
        }
        var m = { kind: target, tiles: tiles };
        if (target !== "gang_concealed") m.from = ui.meldFrom;
        sh.melds.push(m);
      }
      changed();
    }
    function meldTiles(kind, t) {
      if (kind !== "chi") return Array(MELD[kind]).fill(t);
      if ("mps".indexOf(t[1]) < 0 || +t[0] > 7) return null;
      return [t, (+t[0] + 1) + t[1], (+t[0] + 2) + t[1]];
    }
    function byTile(a, b) { return info.tiles.indexOf(a) - info.tiles.indexOf(b); }

    // -- the engine's verdict -------------------------------------------------------------------------
    function entry() {
      var e = JSON.parse(JSON.stringify(S.entry));
      e.client_id = S.clientId;
      if (e.win.how === "self_draw" || e.win.how === "instant") delete e.win.from;
      if (e.win.how === "instant") delete e.win.tile;
      e.win.also = also();
      Object.keys(e.shows).forEach(function (seat) {  // a seat looked at but not entered shows nothing
        var sh = e.shows[seat];
        if (!sh.concealed.length && !sh.melds.length && !sh.revealed.length) delete e.shows[seat];
      });
      if (e.result !== "win") { delete e.win; e.shows = {}; }
      e.payments = S.payments;
      if (S.note) e.note = S.note;
      if (!S.fixing && server) e.no = S.no || server.next.no;  // the seats were this hand's
      if (S.seatChange) { e.seat_change = true; e.seats = S.seats; }
      return e;
    }
    function changed() {
      unchain();
      if (!S.fixing && server) S.no = !touched() ? null : S.no || server.next.no;  // the hand it is for
      keep(draftKey, S);
      draw();
      clearTimeout(timer);
      timer = setTimeout(evaluate, 200);
    }
    function evaluate() {
      var play = S.entry.play;  // play by play (record_play.js): judged once the hand ended
      if (play ? !play.ended : S.entry.result !== "win" || !S.entry.win.seat) return;
      var mine = ++seq, body = { session_id: sid, entry: entry() };
      if (S.fixing) body.no = S.fixing;
      api("POST", base + "/evaluate", body).then(function (v) {
        if (mine !== seq) return;
        if (v.status !== 200) { verdict = null; flash(v.message || "…"); clearLive(); return; }
        verdict = v;
        drawVerdict();
        drawEntered();
      }).catch(function () { if (mine === seq) flash(_("offline — the result comes when connected")); });
    }
    function clearLive() { $("items").textContent = ""; $("disputes").textContent = ""; }
    function name(seat) { return WIND[seat] + " " + (seats()[seat] || ""); }
    function drawVerdict() {
      var v = verdict, box = $("verdict"), tileName = FupanTiles.label;
      var w = v.winning, winner = S.entry.win.seat;
      box.className = "verdict " + (w && w.ok ? "ok" : "warn");
      box.textContent = S.entry.result === "exhausted" ? _("exhausted (no winner)") : w && w.ok ? _("a winning hand") : _("not a winning hand") + (w && w.shanten !== null ? " (" + _("%(n)s from ready", { n: w.shanten }) + ")" : "");
      var reading = (v.reading[winner] || []).map(function (r) {
        var p = r.split("→"); return tileName(p[0]) + "→" + tileName(p[1]);
      });
      if (reading.length) box.append(el("div", "reading", colon(_("wildcards")) + listed(reading)));
      var items = $("items");
      items.textContent = "";
      Object.keys(v.items).forEach(function (seat) {
        var t = el("table", "grid items");
        var cap = el("caption", null, name(seat) + " — " + (v.points[seat] || 0) + (v.limits[seat] ? " (" + v.limits[seat] + ")" : ""));
        t.append(cap);
        v.items[seat].forEach(function (line) {
          var tr = el("tr");
          var item = el("a", null, label(line));  // its entry on the rules page, in a new tab (the draft stays)
          item.href = root.dataset.rulesUrl + "#item-" + line.code;
          item.target = "_blank";
          item.rel = "noopener";
          var td = el("td");
          td.append(item);
          tr.append(td, el("td", "num", line.value + " " + (UNIT[line.unit] || line.unit) + (line.count > 1 ? " ×" + line.count : "")));
          t.append(tr);
        });
        items.append(t);
      });
      var total = el("div", "total", colon(_("total")) + SEATS.map(function (s) {
        var n = v.expected_net[s] || 0; return WIND[s] + " " + (n > 0 ? "+" : "") + n;
      }).join("  "));
      total.id = "total";
      items.append(total);
      (v.anomalies || []).forEach(function (a) { items.append(el("div", "error", FupanI18n.lang === "zh" && a.zh ? a.zh : a.message)); });
      drawPayments();
      drawDisputes();
    }
    function drawPayments() {
      var box = $("payments"), rows = S.payments || (verdict ? verdict.expected_payments : []);
      box.textContent = "";
      $("reset-pay").hidden = !S.payments;
      rows.forEach(function (p, i) {
        var row = el("div", "pay");
        row.append(seatSelect(p.from, _("from"), function (s) { edit(i, "from", s); }), el("span", null, "→"),
                   seatSelect(p.to, _("to"), function (s) { edit(i, "to", s); }));
        var amount = el("input");
        amount.type = "number"; amount.min = 0; amount.inputMode = "numeric"; amount.value = p.amount;
        amount.className = "amount"; amount.dataset.i = i; amount.setAttribute("aria-label", _("amount"));
        amount.addEventListener("change", function () { edit(i, "amount", Math.max(0, parseInt(amount.value, 10) || 0)); });
        var del = el("button", "link", "×");
        del.type = "button"; del.title = _("remove this payment");
        del.addEventListener("click", function () { own(); S.payments.splice(i, 1); changed(); });
        row.append(amount, del);
        box.append(row);
      });
    }
    function own() {
      if (!S.payments) S.payments = (verdict ? verdict.expected_payments : []).map(function (p) { return { from: p.from, to: p.to, amount: p.amount }; });
    }
    function edit(i, field, value) { own(); S.payments[i][field] = value; changed(); }
    function seatSelect(value, label, onPick) {
      var sel = el("select");
      sel.setAttribute("aria-label", label);
      SEATS.forEach(function (s) { var o = el("option", null, name(s)); o.value = s; sel.append(o); });
      sel.value = value;
      sel.addEventListener("change", function () { onPick(sel.value); });
      return sel;
    }
    function drawDisputes() {
      var box = $("disputes");
      box.textContent = "";
      if (!verdict || !verdict.disputes.length) return;
      var d0 = verdict.disputes[0], ex = d0.explanation;
      box.append(el("h2", "minor error", _("Dispute — saved as disputed")));
      verdict.disputes.forEach(function (d) {
        box.append(el("div", "dispute-line", colon(name(d.from) + " → " + name(d.to)) + _("expected %(expected)s, paid %(recorded)s", { expected: d.expected, recorded: d.recorded })));
      });
      box.append(el("div", "explanation", ex ? colon(_("likely")) + label(ex) : _("no known mistake explains it")));
    }

    // -- saving: the outbox ------------------------------------------------------------------------------
    function outbox() { return load(outKey, []); }
    function save() {
      if (S.fixing) { saveCorrection(); return; }
      var e = entry(), box = outbox();
      box.push(e);
      keep(outKey, box);
      S = blank();
      verdict = null;
      ui.showSeat = null; ui.target = "concealed";
      keep(draftKey, S);
      clearLive();
      $("verdict").textContent = _("saved to the outbox");
      draw();
      flush();
    }
    function flush() {
      var box = outbox();
      showOutbox(box);
      if (flushing || !box.length) return;
      flushing = true;
      var e = box[0];
      send(e).then(function (b) {
        flushing = false;
        if (b.status === 201 || b.status === 200) {
          drop(e.client_id);
          if (e.kind === "correction") notice(b.corrections ? _("hand %(no)s corrected", { no: e.no }) : _("hand %(no)s was already like that: nothing changed", { no: e.no }));
          poll(); flush(); return;
        }
        var refused = b.status === 422 || b.status === 400 || (b.status === 409 && b.field !== null);
        if (refused && e.kind === "correction") { drop(e.client_id); flash(colon(_("hand %(no)s not corrected", { no: e.no })) + b.message); return; }
        if (refused) {  // back to the form
          drop(e.client_id);
          S.entry = e; S.clientId = e.client_id; S.payments = e.payments || null;
          S.seatChange = !!e.seat_change; S.seats = e.seats || null;
          delete S.entry.client_id; delete S.entry.payments; delete S.entry.no;
          delete S.entry.seat_change; delete S.entry.seats;
          S.no = null;
          if (!S.entry.win) S.entry.win = blankWin();
          changed();
          flash(colon(_("not saved")) + b.message);
          return;
        }
        setTimeout(flush, 4000);
      }).catch(function () { flushing = false; showOutbox(outbox()); setTimeout(flush, 4000); });
    }
    function send(item) {  // a hand, or a correction of a saved hand
      if (item.kind !== "correction") return api("POST", base + "/sessions/" + sid + "/hands", item);
      return api("POST", base + "/sessions/" + sid + "/hands/" + item.no + "/correction", { entry: item.entry, reason: item.reason });
    }
    function drop(clientId) { keep(outKey, outbox().filter(function (x) { return x.client_id !== clientId; })); showOutbox(outbox()); }
    function notice(msg) { $("notice").textContent = msg; $("notice").hidden = false; }
    function showOutbox(box) {
      $("outbox").textContent = box.length ? _("%(n)s waiting to be saved — kept on this phone", { n: box.length }) : _("all saved");
      $("outbox").className = box.length ? "warn" : "muted";
    }
    function saveCorrection() {
      var reason = window.prompt(_("Why is the hand corrected?"));
      if (!reason) return;
      var box = outbox();
      box.push({ kind: "correction", client_id: newId(), no: S.fixing, entry: entry(), reason: reason });
      keep(outKey, box);
      S = blank(); verdict = null; ui.showSeat = null; keep(draftKey, S); clearLive(); draw();
      $("verdict").textContent = _("correction saved to the outbox");
      flush();
    }

    // -- the session: saved hands, polled (a second phone sees the same) -------------------------------------------
    function poll() {
      return api("GET", base + "/sessions/" + sid).then(function (b) {
        if (b.status !== 200) return;
        var moved = !server || JSON.stringify(server.next) !== JSON.stringify(b.next);
        server = b;
        drawSaved();
        if (moved) draw();  // not on every poll: a redraw under a thumb could eat a tap
      }).catch(function () {});
    }
    function drawSaved() {
      var ol = $("saved");
      ol.textContent = "";
      server.hands.slice().reverse().forEach(function (h, k) {
        var li = el("li"), index = server.hands.length - k;
        li.dataset.no = h.no;
        var title = h.result === "win" ? listed(h.wins.map(function (w) { return _("%(player)s won (%(how)s)", { player: h.seats[w.seat], how: (HOW[w.how] || w.how) + (w.from ? " ← " + h.seats[w.from] : "") }); })) : _("exhausted (no winner)");
        var a = el("a", null, "#" + h.no + " " + title);
        a.href = root.dataset.sessionUrl + "/hands/" + index;
        li.append(a);
        (h.recorded_payments || []).forEach(function (p) { li.append(el("div", "muted", h.seats[p.from] + " → " + h.seats[p.to] + " " + p.amount)); });
        if (h.disputes.length) li.append(el("span", "badge dispute", _("dispute")));
        var fix = el("button", "link", _("correct"));
        fix.type = "button";
        fix.addEventListener("click", function () {
          S = blank(); S.fixing = h.no; S.seats = h.seats; S.entry = h.entry;
          if (!S.entry.win) S.entry.win = blankWin();
          SEATS.forEach(function (s) { if (S.entry.shows[s]) S.entry.shows[s].melds = S.entry.shows[s].melds.map(function (m) { if (!m.from) delete m.from; return m; }); });
          S.payments = h.recorded_payments ? h.recorded_payments.map(function (p) { return { from: p.from, to: p.to, amount: p.amount }; }) : null;
          ui.showSeat = S.entry.win.seat;
          window.scrollTo(0, 0);
          changed();
        });
        li.append(" ", fix);
        ol.append(li);
      });
    }

    // -- wiring -----------------------------------------------------------------------------------------
    $("seat-change").addEventListener("click", function () {
      if (!server) return;
      S.seatChange = !S.seatChange;
      S.seats = S.seatChange ? Object.assign({}, server.next.seats) : null;
      changed();
    });
    $("how").addEventListener("click", function (e) {
      var b = e.target.closest("button"); if (!b) return;
      S.entry.win.how = b.dataset.how;
      if (b.dataset.how === "instant") { S.entry.win.tile = null; if (ui.target === "win") ui.target = "concealed"; }
      changed();
    });
    $("flags").addEventListener("click", function (e) {
      var b = e.target.closest("button"); if (!b) return;
      var flags = S.entry.win.flags = S.entry.win.flags || [], i = flags.indexOf(b.dataset.flag);
      if (i >= 0) flags.splice(i, 1); else flags.push(b.dataset.flag);
      changed();
    });
    $("targets").addEventListener("click", function (e) {
      var b = e.target.closest(".tgt"); if (!b) return;
      ui.target = b.dataset.target; draw();
    });
    // 黄牌 does not save at once: it shows the confirmation (a slip next to 胡 cost a hand)
    function result(r) {  // the payments of the other result do not carry over
      if (S.entry.result !== r) { S.entry.result = r; S.payments = null; verdict = null; clearLive(); }
      changed();
    }
    $("drawn").addEventListener("click", function () { result("exhausted"); });
    document.querySelector("[data-result=win]").addEventListener("click", function () { result("win"); });
    $("drawn-back").addEventListener("click", function () { result("win"); });
    $("drawn-save").addEventListener("click", save);
    $("save").addEventListener("click", save);
    $("clear").addEventListener("click", function () {
      if (!S.fixing && touched() && !window.confirm(_("Clear this entry?"))) return;
      S = blank(); verdict = null; ui.showSeat = null; clearLive(); changed();
      $("verdict").textContent = "";
    });
    $("reset-pay").addEventListener("click", function () { S.payments = null; changed(); });
    $("add-pay").addEventListener("click", function () { own(); S.payments.push({ from: "E", to: S.entry.win.seat || "S", amount: 0 }); changed(); });
    $("note").addEventListener("change", function () { S.note = $("note").value; keep(draftKey, S); });
    window.addEventListener("online", flush);

    window.FupanRecorder = {  // for record_play.js: the entry, and the session as polled
      state: function () { return S; }, changed: changed, server: function () { return server; }, api: api,
      el: el
    };
    poll().then(function () { changed(); flush(); });
    setInterval(function () { poll(); flush(); }, 4000);
  }
})();
