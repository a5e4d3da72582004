// The debtor funnel of the operations dashboard (issue 5 item 6, issue 14 item 9): each stage and where its number
// comes from. A stage the server observes (it does the work itself) is counted only from the rows the server writes
// then, never from the step codes browsers post (`salvarEtapa`, anonymous and free to replay): those count only for
// what no server call sees (a page opened). This table is the one place that says so; the server counts from it and
// the back office labels from it.
//
// | stage          | source: what counts                                                                 | unit     |
// | -------------- | ----------------------------------------------------------------------------------- | -------- |
// | accessedPortal | steps: code 31, access portal (spec 000 §9), posted before anyone is known          | visits   |
// | identified     | server: a debtor session opened by a successful identification (passo_1, SMS token) | people   |
// | viewedDebts    | server: the debts listed in a session (passo_2_novo)                                | people   |
// | viewedPlans    | server: payment plans quoted (passo_3_novo)                                         | people   |
// | savedAgreement | server: an agreement saved (passo_4_novo), cancelled ones left out                  | people   |
// | paid           | server: a payment received in the period (agreement instalment, card, second copy)  | people   |

/** The stages the server observes itself: each is counted from the server's own rows, never from a client's post. */
export type ObservedStageKey = 'identified' | 'viewedDebts' | 'viewedPlans' | 'savedAgreement' | 'paid';

export type FunnelStageKey = 'accessedPortal' | ObservedStageKey;

/** What a stage's number counts: step-log events (anonymous visits) or distinct people. */
export type FunnelUnit = 'visits' | 'people';

interface StageText {
  label: string;
  unit: FunnelUnit;
}

/**
 * A stage and its source: 'server' (the server's own rows, ObservedStageKey) or 'steps' (the step codes browsers
 * post, for what only a browser sees). A steps stage counts visits, never people: a step's CPF/CNPJ is what was typed,
 * anyone's (decision 069), and six months on a step keeps no one's (decision 072), while its row stays.
 */
export type FunnelStage =
  | (StageText & { key: ObservedStageKey; source: 'server' })
  | { key: FunnelStageKey; label: string; unit: 'visits'; source: 'steps'; stepCodes: readonly number[] };

export const FUNNEL_STAGES: readonly FunnelStage[] = [
  { key: 'accessedPortal', label: 'Acessou o portal', unit: 'visits', source: 'steps', stepCodes: [31] },
  { key: 'identified', label: 'Identificou-se', unit: 'people', source: 'server' },
  { key: 'viewedDebts', label: 'Viu as dívidas', unit: 'people', source: 'server' },
  { key: 'viewedPlans', label: 'Viu as opções de pagamento', unit: 'people', source: 'server' },
  { key: 'savedAgreement', label: 'Fechou acordo', unit: 'people', source: 'server' },
  { key: 'paid', label: 'Pagou', unit: 'people', source: 'server' },
];

export const FUNNEL_UNIT_LABELS: Record<FunnelUnit, string> = {
  visits: 'acessos',
  people: 'CPF/CNPJ distintos',
};

/** The step-log pairs (code, stage) the server groups by: every code of the stages counted from posted steps. */
export function funnelStepCodes(): { code: number; stage: FunnelStageKey }[] {
  return FUNNEL_STAGES.flatMap((stage) =>
    stage.source === 'steps' ? stage.stepCodes.map((code) => ({ code, stage: stage.key })) : [],
  );
}

export interface FunnelCount {
  key: FunnelStageKey;
  count: number;
}

/**
 * Each people stage as a whole percentage of the first people stage (the people identified), the base of the
 * conversion; null for the visits stage, or when nobody was identified.
 */
export function funnelConversion(counts: readonly FunnelCount[]): Record<FunnelStageKey, number | null> {
  const unitOf = new Map(FUNNEL_STAGES.map((stage) => [stage.key, stage.unit]));
  const base = counts.find((c) => unitOf.get(c.key) === 'people')?.count ?? null;
  const result = {} as Record<FunnelStageKey, number | null>;
  for (const { key, count } of counts)
    result[key] = unitOf.get(key) === 'people' && base ? Math.round((count / base) * 100) : null;
  return result;
}
