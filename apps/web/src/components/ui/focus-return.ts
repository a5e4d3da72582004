import { useCallback, useEffect, useState } from 'react';

// Where the keyboard focus goes when a layer over the page closes: a modal, a dialog, the loading overlay. While a
// layer is open the page behind is inert, which drops its focus to <body>; without this, a keyboard or screen-reader
// user would start again from the top of the document after every modal and every wait (WCAG 2.4.3).

/**
 * The layers open now, oldest first, each as the elements that may take the focus back when it closes, best first:
 * its opener, then the openers of the layers under it (a queued modal opens from the button of the one before it).
 */
const layers: HTMLElement[][] = [];

/**
 * An opener given its focus back whose page may still be on its way out (a wait that ends by opening another page):
 * when the new page's start marker arrives with the focus on <body>, the marker takes it.
 */
let leaving: HTMLElement | null = null;

/**
 * The path of the page whose start marker arrived last; null until the visit's first page has shown its own. A
 * marker arriving at another path is a page opened in the app.
 */
let shownAt: string | null = null;

const FOCUS_START = '[data-focus-start]';

function focusedElement(): HTMLElement | null {
  const active = document.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : null;
}

/**
 * The page's start marker (its first heading) takes the focus; true when it did. Also for a page whose action
 * removes the button that started it (a row written, a form that goes with what it cancelled).
 */
export function focusPageStart(): boolean {
  const start = document.querySelector<HTMLElement>(FOCUS_START);
  start?.focus();
  return start !== null && document.activeElement === start;
}

function giveFocusBack(openers: HTMLElement[]): void {
  const opener = openers.find((element) => {
    if (element.isConnected) element.focus();
    return document.activeElement === element;
  });
  // Every opener is gone, disabled (a button waiting for a new robot check) or inert under the next layer: the
  // page's start, or nothing while another layer holds the focus.
  if (!opener) {
    focusPageStart();
    return;
  }
  leaving = opener;
  // The person moved on (a click, a Tab): the return is over.
  document.addEventListener(
    'focusin',
    () => {
      leaving = null;
    },
    { once: true },
  );
}

/**
 * For a layer over the page (rendered while open): remembers the element that had the focus as it opened and gives
 * the focus back to it as it closes, or to the page's start marker when that element is gone or cannot take it. A
 * layer that opens as another closes (the modal with the error of a call the overlay waited for) finds the focus on
 * <body> already: it takes over the opener of the layer still open.
 */
export function useFocusReturn(): void {
  // Read while rendering, before the page behind turns inert.
  const [openers] = useState(() => {
    const focused = focusedElement();
    const under = layers.at(-1) ?? [];
    return focused ? [focused, ...under] : under;
  });
  useEffect(() => {
    layers.push(openers);
    return () => {
      layers.splice(layers.lastIndexOf(openers), 1);
      giveFocusBack(openers);
    };
  }, [openers]);
}

/**
 * Props of a page's start (its first heading): the `data-focus-start` marker the focus goes to when a layer closes
 * and what opened it is gone. A page opened in the app (its link or button went with the page before) or one that
 * arrives after the wait that opened it (the login's overlay, then the menu) takes the focus as it mounts, when the
 * focus was left on <body> (WCAG 2.4.3). The visit's first page does not: its skip link stays the first Tab stop.
 * A page that focuses something itself keeps it: an autoFocus field is focused after an earlier heading's ref in the
 * same commit (React's layout phase goes in tree order), a modal's or a form's focus moves in its effects, later.
 */
export function useFocusStart<T extends HTMLElement>() {
  const ref = useCallback((element: T | null) => {
    if (!element) return;
    // The path, not a flag: a heading mounted again on the same page (Strict Mode attaches refs twice, a screen
    // swaps its content) is no arrival.
    const path = window.location.pathname;
    const opened = shownAt !== null && shownAt !== path;
    shownAt = path;
    const waited = leaving !== null && !leaving.isConnected;
    if (!(opened || waited) || focusedElement()) return;
    leaving = null;
    element.focus();
  }, []);
  return { ref, tabIndex: -1, 'data-focus-start': '' } as const;
}
