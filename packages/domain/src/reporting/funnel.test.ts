import { describe, expect, it } from 'vitest';
import { KNOWN_STEP_CODES } from '../step-codes';
import { FUNNEL_STAGES, funnelConversion, funnelStepCodes } from './funnel';

describe('FUNNEL_STAGES', () => {
  it('lists the six stages in the order a debtor goes through them', () => {
    expect(FUNNEL_STAGES.map((s) => [s.key, s.stepCodes])).toEqual([
      ['accessedPortal', [31]],
      ['consultedDocument', [8]],
      ['viewedDebts', [5, 33]],
      ['viewedPlans', [39]],
      ['savedAgreement', [28]],
      ['paid', []],
    ]);
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
  it('is each people stage over the CPF/CNPJ consulted, none for visits or a stage without a number', () => {
    expect(
      funnelConversion([
        { key: 'accessedPortal', count: 500 },
        { key: 'consultedDocument', count: 40 },
        { key: 'viewedDebts', count: 30 },
        { key: 'viewedPlans', count: 13 },
        { key: 'savedAgreement', count: 3 },
        { key: 'paid', count: null },
      ]),
    ).toEqual({
      accessedPortal: null,
      consultedDocument: 100,
      viewedDebts: 75,
      viewedPlans: 33,
      savedAgreement: 8,
      paid: null,
    });
  });

  it('has no percentage when nobody consulted', () => {
    expect(
      funnelConversion([
        { key: 'consultedDocument', count: 0 },
        { key: 'viewedDebts', count: 0 },
      ]),
    ).toEqual({ consultedDocument: null, viewedDebts: null });
  });
});
