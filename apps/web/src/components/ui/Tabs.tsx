import { type KeyboardEvent, type ReactNode, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import './tabs.css';

// WAI-ARIA APG tabs with automatic activation: arrow keys, Home and End move between tabs and select them; only
// the selected tab is in the Tab order; each panel is labelled by its tab.

/** Query parameter that opens a tab: /politica-de-privacidade?aba=politicaDePrivacidade. */
const TAB_PARAM = 'aba';

/**
 * The page's tab from `?aba=` (the first tab when absent or unknown; `parse` may supply the rule) and a function
 * that selects another, keeping the address in step (the first tab has no parameter) without a new history entry.
 */
export function useQueryTab<T extends string>(
  tabs: readonly T[],
  parse: (value: string | null) => T = (value) => tabs.find((tab) => tab === value) ?? tabs[0]!,
): [T, (tab: T) => void] {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const active = parse(new URLSearchParams(search).get(TAB_PARAM));
  const select = (tab: T) => {
    if (tab !== active)
      navigate(tab === tabs[0] ? pathname : `${pathname}?${TAB_PARAM}=${tab}`, { replace: true });
  };
  return [active, select];
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
  const buttons = useRef(new Map<T, HTMLButtonElement>());

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.indexOf(active);
    const last = tabs.length - 1;
    const next: Record<string, number> = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    const target = next[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const tab = tabs[target]!;
    onSelect(tab);
    buttons.current.get(tab)?.focus();
  };

  return (
    <>
      <div className="tabs__list" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab}
            ref={(element) => {
              if (element) buttons.current.set(tab, element);
              else buttons.current.delete(tab);
            }}
            type="button"
            role="tab"
            id={`aba-${tab}`}
            aria-selected={tab === active}
            aria-controls={`painel-${tab}`}
            tabIndex={tab === active ? 0 : -1}
            className="tabs__tab"
            onClick={() => onSelect(tab)}
          >
            {labels[tab]}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab}
          role="tabpanel"
          id={`painel-${tab}`}
          aria-labelledby={`aba-${tab}`}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: WAI-ARIA APG tabs: a panel without focusable content is itself focusable
          tabIndex={0}
          hidden={tab !== active}
          className={panelClassName ? `tabs__panel ${panelClassName}` : 'tabs__panel'}
        >
          {children(tab)}
        </div>
      ))}
    </>
  );
}
