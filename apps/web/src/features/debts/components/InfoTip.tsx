import { useId, useState } from 'react';

/**
 * A toggletip: a button that shows or hides a short explanation. Unlike a hover tooltip it works by touch and
 * keyboard, and the text is announced when it appears.
 */
export function InfoTip({ label, text }: { label: string; text: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <span className="infotip">
      <button
        type="button"
        className="infotip__button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setOpen(false);
        }}
      >
        ?
      </button>
      <span id={id} className="infotip__text" role="status">
        {open ? text : ''}
      </span>
    </span>
  );
}
