import { useEffect, useRef, useState } from 'react';

// A report's bar chart (the dashboard's funnel and money). The canvas is an image to assistive technology: its label
// points to the table of the same numbers beside it, which is the accessible form.

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
    <div className="reports-chart">
      <canvas ref={canvasRef} role="img" aria-label={label} data-testid={testId} />
    </div>
  );
}
