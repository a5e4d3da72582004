import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';

// Chart.js for the dashboard's funnel, in its own chunk: only ReportsFunnelChart imports this module, and only
// dynamically, so no debtor or public page (nor the rest of the back office) downloads the library.

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

/** Fixed back-office secondary colour (spec 002 §2), whatever the partner of the host. */
const BAR_COLOUR = '#5938c8';

/** Draws horizontal bars, one per stage, on `canvas`; returns the chart so the caller can destroy it. */
export function drawFunnel(canvas: HTMLCanvasElement, labels: string[], values: number[]): Chart {
  return new Chart(canvas, {
    type: 'bar',
    data: { labels, datasets: [{ label: 'Quantidade', data: values, backgroundColor: BAR_COLOUR }] },
    options: {
      indexAxis: 'y',
      maintainAspectRatio: false,
      animation: false,
      plugins: { legend: { display: false } },
      scales: { x: { beginAtZero: true, ticks: { precision: 0 } } },
    },
  });
}
