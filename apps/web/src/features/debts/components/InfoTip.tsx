import * as Collapsible from '@radix-ui/react-collapsible';
import { useState } from 'react';

/**
 * A toggletip: a button that shows or hides a short explanation beside it (a Radix Collapsible). Unlike a hover
 * tooltip it works by touch and keyboard; Escape hides it, and the text is announced when it appears.
 */
export function InfoTip({ label, text }: { label: string; text: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Collapsible.Root asChild open={open} onOpenChange={setOpen}>
      <span className="infotip">
        <Collapsible.Trigger
          className="infotip__button"
          aria-label={label}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setOpen(false);
          }}
        >
          ?
        </Collapsible.Trigger>
        {/* The live region stays while the text comes and goes, so screen readers announce it. */}
        <span role="status">
          <Collapsible.Content asChild>
            <span className="infotip__text">{text}</span>
          </Collapsible.Content>
        </span>
      </span>
    </Collapsible.Root>
  );
}
