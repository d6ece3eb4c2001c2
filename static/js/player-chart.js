/* The player page's cumulative-chips line chart (Chart.js, vendored). */
(function () {
  "use strict";
  var el = document.getElementById("chips-chart");
  var data = document.getElementById("chips-data");
  if (!el || !data || !window.Chart) return;
  var d = JSON.parse(data.textContent);
  new window.Chart(el, {
    type: "line",
    data: {
      labels: d.labels,
      datasets: [{
        label: d.label,
        data: d.values,
        borderColor: "#166534",
        backgroundColor: "rgba(22, 101, 52, 0.12)",
        fill: true,
        tension: 0.25,
        pointRadius: 3,
      }],
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      plugins: { legend: { display: false } },
      scales: { y: { grid: { color: "#e7e5e4" } }, x: { grid: { display: false } } },
    },
  });
})();
