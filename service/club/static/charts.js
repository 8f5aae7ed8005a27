// Draw every .chart from its Plotly figure JSON, fetched from the API (plotly.min.js is served
// locally: no CDN). A failed fetch leaves a short message in place of the chart.
document.querySelectorAll(".chart[data-src]").forEach(function (el) {
  fetch(el.dataset.src, { credentials: "same-origin" })
    .then(function (r) { if (!r.ok) throw new Error(r.status); return r.json(); })
    .then(function (fig) { Plotly.newPlot(el, fig.data, fig.layout, JSON.parse(el.dataset.config)); })
    .catch(function () { el.textContent = FupanI18n.gettext("this chart could not be loaded"); });
});
