// Tiles drawn as HTML (same markup as the server's tile macro): <span class="tile s-m t-3m"><b>三</b><i>万</i></span>
(function (global) {
  "use strict";
  var DIGITS = "一二三四五六七八九";
  var SUIT = { m: "万", p: "筒", s: "条" };
  var HONOR = { "1z": "东", "2z": "南", "3z": "西", "4z": "北", "5z": "白", "6z": "发", "7z": "中" };
  var FLOWER = "春夏秋冬梅兰竹菊";

  function tile(t, wild) {
    var el = document.createElement("span");
    el.className = "tile s-" + t[1] + " t-" + t + (wild ? " wild" : "");
    el.dataset.t = t;
    var top = document.createElement("b");
    if (SUIT[t[1]]) {
      top.textContent = DIGITS[+t[0] - 1];
      var bottom = document.createElement("i");
      bottom.textContent = SUIT[t[1]];
      el.append(top, bottom);
    } else {
      top.textContent = t[1] === "z" ? HONOR[t] : FLOWER[+t[0] - 1];
      el.append(top);
    }
    el.title = t;
    return el;
  }

  function tiles(list, wildcards) {
    var box = document.createElement("span");
    box.className = "tiles";
    (list || []).forEach(function (t) { box.append(tile(t, wildcards && wildcards.indexOf(t) >= 0)); });
    return box;
  }

  global.FupanTiles = { tile: tile, tiles: tiles };
})(window);
