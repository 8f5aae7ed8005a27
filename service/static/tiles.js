// Tiles drawn as images (same markup as the server's tile macro):
// <img class="tile s-m t-3m" data-t="3m" src="/tiles/<digest>/3m.svg" alt="三万" title="三万">
// Where the images are and each tile's label (in the page's language) come from the page's
// #fupan-tiles JSON (service/tile_images.py).
(function (global) {
  "use strict";
  var config = JSON.parse(document.getElementById("fupan-tiles").textContent);

  function src(t) { return config.base + t + ".svg"; }
  function label(t) { return config.names[t] || t; }

  function tile(t, wild) {
    var img = document.createElement("img");
    img.className = "tile s-" + t[1] + " t-" + t + (wild ? " wild" : "");
    img.dataset.t = t;
    img.src = src(t);
    img.alt = img.title = label(t);
    return img;
  }

  function tiles(list, wildcards) {
    var box = document.createElement("span");
    box.className = "tiles";
    (list || []).forEach(function (t) { box.append(tile(t, wildcards && wildcards.indexOf(t) >= 0)); });
    return box;
  }

  global.FupanTiles = { tile: tile, tiles: tiles, label: label };
})(window);
