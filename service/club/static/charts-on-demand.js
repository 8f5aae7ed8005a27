// Plotly (410 kB or 1.27 MB compressed) only once a chart scrolls into view: a page whose chart is below
// the fold (the session page's payment flow) loads light, and the chart draws when reached. The
// script's data-plotly and data-charts name plotly.min.js and charts.js (same origin: the CSP
// allows them, loaded one after the other). Each waiting chart carries data-lazy="waiting" until
// then (the page-weight benchmark reads it). Without IntersectionObserver: load at once.
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

  function load() {
    if (started) return;
    started = true;
    charts.forEach(function (el) { el.removeAttribute("data-lazy"); });
    add(me.dataset.plotly, function () { add(me.dataset.charts); });
  }

  if (!charts.length) return;
  if (!("IntersectionObserver" in window)) { load(); return; }
  var seen = new IntersectionObserver(function (entries) {
    if (entries.some(function (e) { return e.isIntersecting; })) { seen.disconnect(); load(); }
  }, { rootMargin: "200px" });
  charts.forEach(function (el) { el.setAttribute("data-lazy", "waiting"); seen.observe(el); });
})();
