// The debtor funnel of the operations dashboard (issue 5 item 6): each stage and the step codes of the step log
// (`step_logs.esn_fk_ets_codigo`, spec 000 §9 and spec 001 §4 "Step codes") that put a visitor in it. This table is
// the one place that says which logged step means which stage; the server counts from it and the back office
// labels from it.
//
// | stage            | step codes                                          | counts                               |
// | ---------------- | --------------------------------------------------- | ------------------------------------ |
// | accessedPortal   | 31 access portal (logged before anyone is known)    | visits (events: no CPF/CNPJ yet)     |
// | consultedDocument| 8 consulted CPF/CNPJ                                | distinct CPF/CNPJ                    |
// | viewedDebts      | 5 debts, 33 debt details                            | distinct CPF/CNPJ                    |
// | viewedPlans      | 39 viewed plans                                     | distinct CPF/CNPJ                    |
// | savedAgreement   | 28 saved agreement                                  | distinct CPF/CNPJ                    |
// | paid             | none: payment confirmations, not the step log       | distinct CPF/CNPJ, when recorded     |

export type FunnelStageKey =
  | 'accessedPortal'
  | 'consultedDocument'
  | 'viewedDebts'
  | 'viewedPlans'
  | 'savedAgreement'
  | 'paid';

/** What a stage's number counts: step-log events (anonymous visits) or distinct people (CPF/CNPJ). */
export type FunnelUnit = 'visits' | 'people';

export interface FunnelStage {
  key: FunnelStageKey;
  label: string;
  unit: FunnelUnit;
  /** The step codes that count for the stage; empty when the stage is not read from the step log. */
  stepCodes: readonly number[];
}

export const FUNNEL_STAGES: readonly FunnelStage[] = [
  { key: 'accessedPortal', label: 'Acessou o portal', unit: 'visits', stepCodes: [31] },
  { key: 'consultedDocument', label: 'Consultou o CPF/CNPJ', unit: 'people', stepCodes: [8] },
  { key: 'viewedDebts', label: 'Viu as dívidas', unit: 'people', stepCodes: [5, 33] },
  { key: 'viewedPlans', label: 'Viu as opções de pagamento', unit: 'people', stepCodes: [39] },
  { key: 'savedAgreement', label: 'Fechou acordo', unit: 'people', stepCodes: [28] },
  { key: 'paid', label: 'Pagou', unit: 'people', stepCodes: [] },
];

export const FUNNEL_UNIT_LABELS: Record<FunnelUnit, string> = {
  visits: 'acessos',
  people: 'CPF/CNPJ distintos',
};

/** Said instead of a number while no payment confirmation is recorded (no made-up figure). */
export const FUNNEL_PAYMENT_NOT_RECORDED =
  'A confirmação de pagamento ainda não é registrada pelo portal; esta etapa não tem número.';

/** The step-log pairs (code, stage) the server groups by: every code of every stage read from the step log. */
export function funnelStepCodes(): { code: number; stage: FunnelStageKey }[] {
  return FUNNEL_STAGES.flatMap((stage) => stage.stepCodes.map((code) => ({ code, stage: stage.key })));
}

export interface FunnelCount {
  key: FunnelStageKey;
  /** null: the stage has no source yet (paid without payment confirmations). */
  count: number | null;
}

/**
 * Each people stage as a whole percentage of the first people stage (the CPF/CNPJ consulted), the base of the
 * conversion; null for the visits stage, a stage without a number, or when nobody consulted.
 */
export function funnelConversion(counts: readonly FunnelCount[]): Record<FunnelStageKey, number | null> {
  const unitOf = new Map(FUNNEL_STAGES.map((stage) => [stage.key, stage.unit]));
  const base = counts.find((c) => unitOf.get(c.key) === 'people')?.count ?? null;
  const result = {} as Record<FunnelStageKey, number | null>;
  for (const { key, count } of counts)
    result[key] =
      unitOf.get(key) === 'people' && count !== null && base ? Math.round((count / base) * 100) : null;
  return result;
}
