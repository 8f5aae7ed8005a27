// Draw every .chart from its embedded Plotly figure JSON (offline: plotly.min.js is served locally).
document.querySelectorAll(".chart[data-figure]").forEach(function (el) {
  var fig = JSON.parse(el.dataset.figure);
  Plotly.newPlot(el, fig.data, fig.layout, JSON.parse(el.dataset.config));
});
