import { useEffect, useId, useRef, useState } from 'react';

// A report's bar chart (the dashboard's funnel and money). The canvas is an image to assistive technology: its label
// points to the table of the same numbers beside it, which is the accessible form. On a screen narrower than the
// chart's readable width (a phone at 200% zoom) the chart scrolls sideways in its own region, named by the chart and
// reachable by keyboard, as a wide table does (ReportsTableScroll).

export interface ReportBar {
  label: string;
  value: number;
}

export function ReportsBarChart({
  bars,
  label,
  testId,
  format,
}: {
  bars: ReportBar[];
  /** What the chart shows, and where its numbers are as text. */
  label: string;
  testId: string;
  /** How a value reads on the axis and in the tooltip (money, say); whole numbers otherwise. */
  format?: (value: number) => string;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);
  const canvasId = useId();

  useEffect(() => {
    let chart: { destroy(): void } | undefined;
    let active = true;
    import('./reports-bar-chart').then(
      ({ drawBars }) => {
        if (active && canvasRef.current)
          chart = drawBars(
            canvasRef.current,
            bars.map((bar) => bar.label),
            bars.map((bar) => bar.value),
            format,
          );
      },
      () => setFailed(true),
    );
    return () => {
      active = false;
      chart?.destroy();
    };
  }, [bars, format]);

  if (failed) return null;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <section className="reports-chart-scroll" aria-labelledby={canvasId} tabIndex={0}>
      <div className="reports-chart">
        <canvas id={canvasId} ref={canvasRef} role="img" aria-label={label} data-testid={testId} />
      </div>
    </section>
  );
}
