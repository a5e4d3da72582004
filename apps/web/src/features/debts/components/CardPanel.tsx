import { type ReactNode, useEffect, useRef } from 'react';

/**
 * The open panel of a debt card (spec 001 §4). Its heading takes focus when it opens, so keyboard and screen
 * reader users land on what the button opened.
 */
export function CardPanel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  return (
    <section id={id} className="debt-panel" aria-labelledby={`${id}-title`} data-testid="debt-panel">
      <h3 id={`${id}-title`} ref={headingRef} className="debt-panel__title" tabIndex={-1}>
        {title}
      </h3>
      {children}
    </section>
  );
}
