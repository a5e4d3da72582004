import { useEffect, useRef, useState } from 'react';

// The funnel as a bar chart. The canvas is an image to assistive technology: its label points to the table of
// the same numbers beside it, which is the accessible form.

export interface FunnelBar {
  label: string;
  value: number;
}

export function ReportsFunnelChart({ bars }: { bars: FunnelBar[] }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let chart: { destroy(): void } | undefined;
    let active = true;
    import('./reports-funnel-chart').then(
      ({ drawFunnel }) => {
        if (active && canvasRef.current)
          chart = drawFunnel(
            canvasRef.current,
            bars.map((bar) => bar.label),
            bars.map((bar) => bar.value),
          );
      },
      () => setFailed(true),
    );
    return () => {
      active = false;
      chart?.destroy();
    };
  }, [bars]);

  if (failed) return null;
  return (
    <div className="reports-chart">
      <canvas
        ref={canvasRef}
        role="img"
        aria-label="Gráfico de barras do funil de negociação; os mesmos números estão na tabela a seguir."
        data-testid="funnel-chart"
      />
    </div>
  );
}
