import * as RadixTabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';
import * as z from 'zod/mini';
import { useTypedSearchParams } from '../../lib/search-params';
import './tabs.css';

// WAI-ARIA APG tabs with automatic activation (Radix Tabs): arrow keys, Home and End move between tabs and
// select them; only the selected tab is in the Tab order; each panel is labelled by its tab.

/**
 * The page's tab from `?aba=` (the first tab when absent or unknown) and a function that selects another,
 * keeping the address in step (the first tab has no parameter) without a new history entry.
 * /politica-de-privacidade?aba=politicaDePrivacidade opens that tab.
 */
export function useQueryTab<T extends string>(tabs: readonly [T, ...T[]]): [T, (tab: T) => void] {
  const [{ aba }, setParams] = useTypedSearchParams(z.object({ aba: z.catch(z.enum(tabs), tabs[0]) }));
  const select = (tab: T) => {
    if (tab !== aba) setParams({ aba: tab === tabs[0] ? undefined : tab }, { replace: true });
  };
  return [aba as T, select];
}

interface TabsProps<T extends string> {
  tabs: readonly T[];
  labels: Record<T, string>;
  active: T;
  onSelect: (tab: T) => void;
  /** The tab list's accessible name. */
  label: string;
  /** A panel's content. Every panel stays mounted (hidden when not selected), so a form keeps what was typed. */
  children: (tab: T) => ReactNode;
  /** Extra class on each panel. */
  panelClassName?: string;
}

/** Tabs `aba-<tab>` controlling panels `painel-<tab>`. */
export function Tabs<T extends string>({
  tabs,
  labels,
  active,
  onSelect,
  label,
  children,
  panelClassName,
}: TabsProps<T>) {
  return (
    <RadixTabs.Root className="tabs" value={active} onValueChange={(value) => onSelect(value as T)}>
      <RadixTabs.List className="tabs__list" aria-label={label}>
        {tabs.map((tab) => (
          <RadixTabs.Trigger
            key={tab}
            value={tab}
            id={`aba-${tab}`}
            aria-controls={`painel-${tab}`}
            className="tabs__tab"
          >
            {labels[tab]}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {tabs.map((tab) => (
        <RadixTabs.Content
          key={tab}
          value={tab}
          forceMount
          hidden={tab !== active}
          id={`painel-${tab}`}
          aria-labelledby={`aba-${tab}`}
          className={panelClassName ? `tabs__panel ${panelClassName}` : 'tabs__panel'}
        >
          {children(tab)}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}
