// Spec 001 §4: a debt card holds at most one open panel; the same button closes it; on mobile (width <= 760,
// §2 and §9) closing leaves the card selected (expanded), on wider screens it deselects it.

export type PanelKind = 'details' | 'cantPay' | 'secondCopy' | 'paymentOptions';

export interface CardsState {
  /** The selected card's key (Divida.chave); on mobile the selected card is the expanded one. */
  selected: string | null;
  panel: PanelKind | null;
}

export const NO_SELECTION: CardsState = { selected: null, panel: null };

/** A card's panel button was pressed. */
export function togglePanel(state: CardsState, card: string, panel: PanelKind, mobile: boolean): CardsState {
  if (state.selected === card && state.panel === panel)
    return { selected: mobile ? card : null, panel: null };
  return { selected: card, panel };
}

/** The mobile expand/collapse button: collapsing also closes the card's panel. */
export function toggleExpanded(state: CardsState, card: string): CardsState {
  if (state.selected === card) return NO_SELECTION;
  return { selected: card, panel: null };
}

/** A panel closed itself (e.g. after sending): as if its button had been pressed again. */
export function closePanel(state: CardsState, mobile: boolean): CardsState {
  return { selected: mobile ? state.selected : null, panel: null };
}

export const MOBILE_QUERY = '(max-width: 760px)';
