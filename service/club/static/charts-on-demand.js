// Each chart draws only once it scrolls into view, and Plotly (410 kB or 1.27 MB compressed)
// loads only when the first one does: a page whose charts are below the fold loads light, and a
// phone draws one chart at a time as it scrolls. The script's data-plotly and data-charts name
// plotly.min.js and charts.js (same origin: the CSP allows them, loaded one after the other).
// A chart out of view carries data-lazy="waiting" (the page-weight benchmark reads it); once it
// comes into view the attribute goes and charts.js draws it. Without IntersectionObserver: all
// at once. A chart with data-tap waits for its button instead (data-lazy="tap"): the session
// page's payment flow needs the full bundle, more than a megabyte, which a phone on a slow line
// should load only when its reader asks.
(function () {
  "use strict";
  var me = document.currentScript;
  var charts = document.querySelectorAll(".chart[data-src]");
  var started = false;

  function add(src, then) {
    var s = document.createElement("script");
    s.src = src;
    s.onload = then;
    document.head.appendChild(s);
  }

  function show(el) {
    el.removeAttribute("data-lazy");
    if (window.FupanCharts) { window.FupanCharts.draw(el); return; }
    // its figure comes over the network while plotly.js does; charts.js takes the answer
    el.fupanFigure = fetch(el.dataset.src, { credentials: "same-origin" });
    if (started) return;  // charts.js draws every chart no longer waiting once it has loaded
    started = true;
    add(me.dataset.plotly, function () { add(me.dataset.charts); });
  }

  function onTap(el) {
    var button = el.querySelector(".chart-tap");
    el.setAttribute("data-lazy", "tap");
    button.hidden = false;
    button.addEventListener("click", function () { button.remove(); show(el); });
  }

  var tapped = Array.prototype.filter.call(charts, function (el) { return el.hasAttribute("data-tap"); });
  var scrolled = Array.prototype.filter.call(charts, function (el) { return !el.hasAttribute("data-tap"); });
  tapped.forEach(onTap);
  if (!scrolled.length) return;
  if (!("IntersectionObserver" in window)) { scrolled.forEach(show); return; }
  var seen = new IntersectionObserver(function (entries) {
    entries.forEach(function (e) {
      if (e.isIntersecting) { seen.unobserve(e.target); show(e.target); }
    });
  });
  scrolled.forEach(function (el) { el.setAttribute("data-lazy", "waiting"); seen.observe(el); });
})();
