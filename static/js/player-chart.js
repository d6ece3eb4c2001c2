/* The player page's chart (Chart.js, vendored): cumulative chips on the left axis and,
   when the player has been rated, the club-wide rating (等级分) on the right axis. */
(function () {
  "use strict";
  var el = document.getElementById("chips-chart");
  var data = document.getElementById("chips-data");
  if (!el || !data || !window.Chart) return;
  var d = JSON.parse(data.textContent);
  var radius = d.values.length > 60 ? 0 : 3; // a long history: a line, no dots
  var datasets = [{
    label: d.label,
    data: d.values,
    yAxisID: "y",
    borderColor: "#166534",
    backgroundColor: "rgba(22, 101, 52, 0.12)",
    fill: true,
    tension: 0.25,
    pointRadius: radius,
  }];
  var scales = {
    y: { position: "left", grid: { color: "#e7e5e4" }, ticks: { color: "#166534" } },
    x: { grid: { display: false } },
  };
  var rated = d.ratings && d.ratings.length;
  if (rated) {
    datasets.push({
      label: d.rating_label,
      data: d.ratings,
      yAxisID: "y1",
      borderColor: "#b45309",
      backgroundColor: "#b45309",
      borderDash: [6, 4],
      fill: false,
      tension: 0.25,
      pointRadius: radius,
      pointStyle: "rectRot",
      spanGaps: true,
    });
    scales.y1 = {
      position: "right",
      grid: { drawOnChartArea: false },
      ticks: { color: "#b45309" },
    };
  }
  new window.Chart(el, {
    type: "line",
    data: { labels: d.labels, datasets: datasets },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      interaction: { mode: "index", intersect: false },
      plugins: {
        legend: { display: !!rated, position: "bottom", labels: { boxWidth: 14, usePointStyle: true } },
      },
      scales: scales,
    },
  });
})();
