/* 我的: cumulative chips over time (Chart.js, vendored, as the player page draws it):
   all clubs together, and one line per club when there are several. */
(function () {
  "use strict";
  var el = document.getElementById("me-chart");
  var data = document.getElementById("me-chart-data");
  if (!el || !data || !window.Chart) return;
  var d = JSON.parse(data.textContent);
  var colours = ["#166534", "#b45309", "#1d4ed8", "#9d174d", "#4d7c0f", "#6d28d9"];
  var radius = d.labels.length > 60 ? 0 : 3;
  var datasets = d.lines.map(function (line, i) {
    var colour = colours[i % colours.length];
    return {
      label: line.label,
      data: line.values,
      borderColor: colour,
      backgroundColor: i === 0 ? "rgba(22, 101, 52, 0.12)" : colour,
      fill: i === 0,
      borderDash: i === 0 ? [] : [6, 4],
      tension: 0.25,
      pointRadius: i === 0 ? radius : 0,
    };
  });
  new window.Chart(el, {
    type: "line",
    data: { labels: d.labels, datasets: datasets },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      interaction: { mode: "index", intersect: false },
      plugins: {
        legend: { display: datasets.length > 1, position: "bottom", labels: { boxWidth: 14 } },
      },
      scales: { y: { grid: { color: "#e7e5e4" } }, x: { grid: { display: false } } },
    },
  });
})();
