import type { ReactNode } from 'react';

/**
 * A report table wider than a phone scrolls sideways inside this region, named by the table's caption; the region
 * takes the keyboard focus so the arrow keys can scroll it (WCAG 2.1.1).
 */
export function ReportsTableScroll({ captionId, children }: { captionId: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <section className="reports-table-scroll" aria-labelledby={captionId} tabIndex={0}>
      {children}
    </section>
  );
}
