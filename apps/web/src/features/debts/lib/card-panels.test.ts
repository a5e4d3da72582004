import { describe, expect, it } from 'vitest';
import { closePanel, NO_SELECTION, toggleExpanded, togglePanel } from './card-panels';

describe('one open panel per card (spec 001 §4)', () => {
  it('opens a panel, switches to another, and the same button closes it', () => {
    const details = togglePanel(NO_SELECTION, 'a', 'details', false);
    expect(details).toEqual({ selected: 'a', panel: 'details' });
    const cantPay = togglePanel(details, 'a', 'cantPay', false);
    expect(cantPay).toEqual({ selected: 'a', panel: 'cantPay' });
    expect(togglePanel(cantPay, 'a', 'cantPay', false)).toEqual(NO_SELECTION);
  });

  it('on mobile, closing leaves the card selected', () => {
    const open = togglePanel(NO_SELECTION, 'a', 'details', true);
    expect(togglePanel(open, 'a', 'details', true)).toEqual({ selected: 'a', panel: null });
    expect(closePanel(open, true)).toEqual({ selected: 'a', panel: null });
    expect(closePanel(open, false)).toEqual(NO_SELECTION);
  });

  it('opening a panel on another card moves the selection there', () => {
    const open = togglePanel(NO_SELECTION, 'a', 'details', false);
    expect(togglePanel(open, 'b', 'details', false)).toEqual({ selected: 'b', panel: 'details' });
  });

  it('expand/collapse selects a card, and collapsing closes its panel', () => {
    const expanded = toggleExpanded(NO_SELECTION, 'a');
    expect(expanded).toEqual({ selected: 'a', panel: null });
    const withPanel = togglePanel(expanded, 'a', 'paymentOptions', true);
    expect(toggleExpanded(withPanel, 'a')).toEqual(NO_SELECTION);
    expect(toggleExpanded(withPanel, 'b')).toEqual({ selected: 'b', panel: null });
  });
});
