import { describe, expect, it } from 'vitest';
import { firstIssue } from '../validation/schema-errors';
import { DASHBOARD_PARTNER_REQUIRED, dashboardFilterSchema } from './dashboard';
import { REPORT_PERIOD_MESSAGES } from './period';

describe('dashboardFilterSchema', () => {
  const period = { data_inicial: '2026-03-01', data_final: '2026-03-31' };
  it.each([
    { input: { parceiro: '', ...period }, field: 'parceiro', message: DASHBOARD_PARTNER_REQUIRED },
    { input: { parceiro: '', data_inicial: '' }, field: 'parceiro', message: DASHBOARD_PARTNER_REQUIRED },
    {
      input: { parceiro: '2', data_inicial: '2026-03-31', data_final: '2026-03-01' },
      field: 'data_final',
      message: REPORT_PERIOD_MESSAGES.finalBeforeInitial,
    },
  ])('$field: $message', ({ input, field, message }) => {
    expect(firstIssue(dashboardFilterSchema, input)).toEqual({ ok: false, field, message });
  });

  it('gives the partner id and the period', () => {
    expect(dashboardFilterSchema.parse({ parceiro: '2', ...period })).toEqual({
      partnerId: 2,
      period: { from: '2026-03-01', to: '2026-03-31' },
    });
  });
});
