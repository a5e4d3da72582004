import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';

// Chart.js for the dashboard's charts, in its own chunk: only ReportsBarChart imports this module, and only
// dynamically, so no debtor or public page (nor the rest of the back office) downloads the library.

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

/** Fixed back-office secondary colour (spec 002 §2), whatever the partner of the host. */
const BAR_COLOUR = '#5938c8';

/** The longest line of a bar's label, in characters: about 100 px in Chart.js's 12 px font. */
const LABEL_LINE_CHARS = 16;

/**
 * A bar's label as lines broken between words: Chart.js gives the labels at most half the chart's width and cuts a
 * longer one at the chart's edge ('Viu as opções de pagamento' lost its first letters on a phone).
 */
function labelLines(label: string): string[] {
  return label.split(' ').reduce<string[]>((lines, word) => {
    const last = lines.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= LABEL_LINE_CHARS)
      lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
    return lines;
  }, []);
}

/**
 * Draws horizontal bars, one per label, on `canvas`, values read through `format` when given; returns the chart so
 * the caller can destroy it.
 */
export function drawBars(
  canvas: HTMLCanvasElement,
  labels: string[],
  values: number[],
  format?: (value: number) => string,
): Chart {
  return new Chart(canvas, {
    type: 'bar',
    data: {
      labels: labels.map(labelLines),
      datasets: [{ label: 'Quantidade', data: values, backgroundColor: BAR_COLOUR }],
    },
    options: {
      indexAxis: 'y',
      maintainAspectRatio: false,
      animation: false,
      plugins: {
        legend: { display: false },
        tooltip: format ? { callbacks: { label: (item) => format(Number(item.raw)) } } : {},
      },
      scales: {
        x: {
          beginAtZero: true,
          ticks: format ? { callback: (value) => format(Number(value)) } : { precision: 0 },
        },
      },
    },
  });
}
