import type { ReactNode } from 'react';

/** A table that scrolls sideways on the narrowest phones (200% zoom); the region takes focus to allow it. */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
    <section className="table-scroll" tabIndex={0} aria-label={label}>
      {children}
    </section>
  );
}
