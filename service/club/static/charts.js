// Draw every .chart from its Plotly figure JSON, fetched from the API (plotly.min.js is served
// locally: no CDN). A failed fetch leaves a short message in place of the chart. The modebar's
// tooltips are in the page's language (a Plotly locale made from the page's catalog).
(function () {
  var _ = FupanI18n.gettext;
  var MODEBAR = {
    "Download plot as a PNG": _("Download plot as a PNG"),
    "Download plot": _("Download plot"),
    "Share chart...": _("Share chart..."),
    "Box Select": _("Box Select"),
    "Lasso Select": _("Lasso Select"),
    "Reset view": _("Reset view"),
    "Reset views": _("Reset views"),
    "Reset axes": _("Reset axes"),
    "Autoscale": _("Autoscale"),
    "Zoom": _("Zoom"),
    "Zoom in": _("Zoom in"),
    "Zoom out": _("Zoom out"),
    "Pan": _("Pan"),
    "Toggle Spike Lines": _("Toggle Spike Lines"),
    "Show closest data on hover": _("Show closest data on hover"),
    "Compare data on hover": _("Compare data on hover"),
  };
  var locale = "fupan-" + FupanI18n.lang;
  Plotly.register({ moduleType: "locale", name: locale, dictionary: MODEBAR });
  document.querySelectorAll(".chart[data-src]").forEach(function (el) {
    var config = Object.assign(JSON.parse(el.dataset.config), { locale: locale });
    fetch(el.dataset.src, { credentials: "same-origin" })
      .then(function (r) { if (!r.ok) throw new Error(r.status); return r.json(); })
      .then(function (fig) { Plotly.newPlot(el, fig.data, fig.layout, config); })
      .catch(function () { el.textContent = _("this chart could not be loaded"); });
  });
})();
