// Draw every .chart from its Plotly figure JSON, fetched from the API (plotly.min.js is served
// locally: no CDN). A failed fetch leaves a short message in place of the chart. Plotly's own
// words (the modebar's buttons, its notes) come in the page's language: registered as a Plotly
// locale named after it, from the scripts' catalog.
(function () {
  "use strict";
  var _ = FupanI18n.gettext;
  var locale = "fupan-" + FupanI18n.lang;
  Plotly.register({
    moduleType: "locale",
    name: locale,
    dictionary: {
      "Download plot as a PNG": _("Download plot as a PNG"),
      "Download plot": _("Download plot"),
      "Share chart...": _("Share chart..."),
      "Zoom": _("Zoom"),
      "Pan": _("Pan"),
      "Box Select": _("Box Select"),
      "Lasso Select": _("Lasso Select"),
      "Zoom in": _("Zoom in"),
      "Zoom out": _("Zoom out"),
      "Autoscale": _("Autoscale"),
      "Reset axes": _("Reset axes"),
      "Reset": _("Reset"),
      "Reset view": _("Reset view"),
      "Toggle Spike Lines": _("Toggle Spike Lines"),
      "Show closest data on hover": _("Show closest data on hover"),
      "Compare data on hover": _("Compare data on hover"),
      "Toggle show closest data on hover": _("Toggle show closest data on hover"),
      "Double-click to zoom back out": _("Double-click to zoom back out"),
      "Double-click on legend to isolate one trace": _("Double-click on legend to isolate one trace"),
      "Sorry, there was a problem downloading your image!": _("Sorry, there was a problem downloading your image!")
    },
    format: {}
  });
  // A chart's placeholder (its title, what it shows without JavaScript) gives way to the chart.
  function draw(el) {
    if (el.dataset.drawing) return;
    el.dataset.drawing = "1";
    var config = JSON.parse(el.dataset.config);
    config.locale = locale;
    var asked = el.fupanFigure || fetch(el.dataset.src, { credentials: "same-origin" });
    delete el.fupanFigure;
    asked
      .then(function (r) { if (!r.ok) throw new Error(r.status); return r.json(); })
      .then(function (fig) { el.textContent = ""; Plotly.newPlot(el, fig.data, fig.layout, config); })
      .catch(function () { el.textContent = _("this chart could not be loaded"); el.classList.add("failed"); });
  }

  window.FupanCharts = { draw: draw };
  // every chart not waiting out of view (charts-on-demand.js marks those)
  document.querySelectorAll(".chart[data-src]:not([data-lazy])").forEach(draw);
})();
