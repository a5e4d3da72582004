import { describe, expect, it } from 'vitest';
import { KNOWN_STEP_CODES } from '../step-codes';
import { FUNNEL_STAGES, funnelConversion, funnelStepCodes } from './funnel';

describe('FUNNEL_STAGES', () => {
  it('lists the six stages in the order a debtor goes through them, with their sources', () => {
    expect(FUNNEL_STAGES.map((s) => [s.key, s.source])).toEqual([
      ['accessedPortal', 'steps'],
      ['identified', 'server'],
      ['viewedDebts', 'server'],
      ['viewedPlans', 'server'],
      ['savedAgreement', 'server'],
      ['paid', 'server'],
    ]);
  });

  it('counts posted step codes only for the portal access, which no server call sees', () => {
    expect(funnelStepCodes()).toEqual([{ code: 31, stage: 'accessedPortal' }]);
  });

  it('uses only step codes the portal logs, each in one stage', () => {
    const pairs = funnelStepCodes();
    for (const { code } of pairs) expect(KNOWN_STEP_CODES.has(code)).toBe(true);
    expect(new Set(pairs.map((p) => p.code)).size).toBe(pairs.length);
  });

  it('counts the anonymous portal access as visits, every later stage as people', () => {
    expect(FUNNEL_STAGES.filter((s) => s.unit === 'visits').map((s) => s.key)).toEqual(['accessedPortal']);
  });
});

describe('funnelConversion', () => {
  it('is each people stage over the people identified, none for visits', () => {
    expect(
      funnelConversion([
        { key: 'accessedPortal', count: 500 },
        { key: 'identified', count: 40 },
        { key: 'viewedDebts', count: 30 },
        { key: 'viewedPlans', count: 13 },
        { key: 'savedAgreement', count: 3 },
        { key: 'paid', count: 2 },
      ]),
    ).toEqual({
      accessedPortal: null,
      identified: 100,
      viewedDebts: 75,
      viewedPlans: 33,
      savedAgreement: 8,
      paid: 5,
    });
  });

  it('has no percentage when nobody was identified', () => {
    expect(
      funnelConversion([
        { key: 'identified', count: 0 },
        { key: 'viewedDebts', count: 0 },
      ]),
    ).toEqual({ identified: null, viewedDebts: null });
  });
});
