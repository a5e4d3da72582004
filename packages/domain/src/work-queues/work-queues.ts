import { z } from 'zod';
import { type Proposal, proposalSchema } from '../negotiation/requests';

// The back office's work queues (issue 18 item 4; decision 030): what the debtors and visitors asked, worked by the
// staff from open to answered, each answer e-mailed to the person. Shared by the server and the screens.

/** The queues, by the key the API and the screens use, with their Portuguese names. */
export const WORK_QUEUES = {
  propostas: { label: 'Propostas', answerSubject: 'Resposta à sua proposta' },
  contestacoes: { label: 'Contestações', answerSubject: 'Resposta à sua contestação' },
  'nao-posso-pagar': { label: 'Não posso pagar', answerSubject: 'Resposta sobre a sua dívida' },
  contatos: { label: 'Pedidos de contato', answerSubject: 'Resposta à sua mensagem' },
  ligacoes: { label: 'Ligações e WhatsApp', answerSubject: 'Resposta ao seu pedido de contato' },
  lgpd: { label: 'Requisições LGPD', answerSubject: 'Resposta à sua requisição de privacidade' },
} as const;
export type WorkQueueKey = keyof typeof WORK_QUEUES;
export const WORK_QUEUE_KEYS = Object.keys(WORK_QUEUES) as WorkQueueKey[];

export function isWorkQueueKey(value: string): value is WorkQueueKey {
  return Object.hasOwn(WORK_QUEUES, value);
}

/** The debtor request kinds each debtor queue holds (debtor_requests.tipo). */
export const DEBTOR_REQUEST_QUEUES = {
  propostas: ['proposal'],
  contestacoes: ['dispute'],
  'nao-posso-pagar': ['cannot_pay'],
  ligacoes: ['call', 'whatsapp'],
} as const satisfies Partial<Record<WorkQueueKey, readonly string[]>>;

/** An item's place in its queue: open → in_progress → answered, never back. */
export const WORK_ITEM_STATUSES = ['open', 'in_progress', 'answered'] as const;
export type WorkItemStatus = (typeof WORK_ITEM_STATUSES)[number];

export const WORK_ITEM_STATUS_LABELS: Record<WorkItemStatus, string> = {
  open: 'Em aberto',
  in_progress: 'Em atendimento',
  answered: 'Respondido',
};

export const WORK_QUEUE_MESSAGES = {
  answerRequired: 'Escreva a resposta que a pessoa vai receber.',
  answerTooLong: 'A resposta pode ter até 5000 caracteres.',
  alreadyAnswered: 'Este item já foi respondido.',
  alreadyInProgress: 'Este item já está em atendimento.',
  counterOfferOnlyProposals: 'Só uma proposta pode ser respondida com uma contraproposta.',
  counterOfferEntryAboveDebt: 'A entrada não pode ser maior que o valor atualizado da dívida.',
  counterOfferWithoutDebt: 'A pessoa não deve mais nada nesta loja: responda sem contraproposta.',
  counterOfferUnderAgreement:
    'A pessoa já tem um acordo ativo nesta loja: responda sem contraproposta, ou cancele o acordo antes.',
  assigneeInvalid: 'Escolha um usuário ativo da equipe que atenda este parceiro.',
  answerRequiredForPrivacy: 'Escreva a resposta no formulário de resposta: a pessoa a recebe por e-mail.',
  answered: 'Resposta registrada e enviada por e-mail.',
  answeredWithoutEmail: 'Resposta registrada. A pessoa não tem e-mail cadastrado: avise-a por outro canal.',
  assigned: 'Responsável definido.',
  takenMeanwhile:
    'Outra pessoa da equipe assumiu este item enquanto você o via. Confira o responsável agora.',
  started: 'Atendimento iniciado.',
} as const;

/** The statuses an action may start from: an answered item is closed. */
export const WORK_ITEM_ACTION_FROM = {
  assign: ['open', 'in_progress'],
  start: ['open'],
  answer: ['open', 'in_progress'],
} as const satisfies Record<string, readonly WorkItemStatus[]>;
export type WorkItemAction = keyof typeof WORK_ITEM_ACTION_FROM;

export function canDoWorkItemAction(action: WorkItemAction, status: WorkItemStatus): boolean {
  return (WORK_ITEM_ACTION_FROM[action] as readonly WorkItemStatus[]).includes(status);
}

/**
 * The answer form: the text the person receives, and for a proposal an optional counter-offer with the fields and
 * rules of the debtor's own proposal (spec 001 §5), so that what the partner offers is what a debtor could offer.
 */
export const workAnswerSchema = z
  .object({
    texto: z
      .string()
      .trim()
      .min(1, WORK_QUEUE_MESSAGES.answerRequired)
      .max(5000, WORK_QUEUE_MESSAGES.answerTooLong),
    contraproposta: z.boolean().default(false),
    entrada: z.string().default(''),
    quantidade_parcelas: z.string().default(''),
    valor_parcela: z.string().default(''),
  })
  .superRefine((input, context) => {
    if (!input.contraproposta) return;
    const offer = proposalSchema.safeParse(input);
    for (const issue of offer.success ? [] : offer.error.issues)
      context.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  })
  .transform(
    (input): WorkAnswer => ({
      text: input.texto,
      counterOffer: input.contraproposta ? proposalSchema.parse(input) : null,
    }),
  );
export type WorkAnswerInput = z.input<typeof workAnswerSchema>;
export interface WorkAnswer {
  text: string;
  counterOffer: Proposal | null;
}

/**
 * What the person owes today at the store a request is about (centavos): the unpaid instalments updated by the
 * negotiation engine (fine and interest), as the debtor's card shows them, and the future entries at face value.
 */
export interface WorkItemDebt {
  valor_atualizado: number;
  lancamentos_futuros: number;
  /** The store's debt is under an active agreement of the person, through any partner (spec 001 §4 'Acordo Ativo'). */
  acordo_ativo: boolean;
}

/** The whole debt a counter-offer answers: future entries count, as an agreement may take them in (decision 044). */
export const debtOwedToday = (debt: WorkItemDebt) => debt.valor_atualizado + debt.lancamentos_futuros;

/** What a counter-offer adds up to: the entry and every instalment. */
export const counterOfferTotal = (offer: Proposal) =>
  offer.entryCents + offer.instalmentCount * offer.instalmentCents;

/**
 * Decision 044: the first rule a counter-offer breaks against the debt it answers, or null. The debt must not be under
 * an active agreement already (it is being paid on agreed terms), there must be a debt, and the entry may not pass
 * it; the total may (instalments carry interest), so it has no ceiling.
 */
export function counterOfferDebtIssue(
  offer: Proposal,
  debt: WorkItemDebt,
): { field: 'contraproposta' | 'entrada'; message: string } | null {
  if (debt.acordo_ativo)
    return { field: 'contraproposta', message: WORK_QUEUE_MESSAGES.counterOfferUnderAgreement };
  const owed = debtOwedToday(debt);
  if (owed <= 0) return { field: 'contraproposta', message: WORK_QUEUE_MESSAGES.counterOfferWithoutDebt };
  if (offer.entryCents > owed)
    return { field: 'entrada', message: WORK_QUEUE_MESSAGES.counterOfferEntryAboveDebt };
  return null;
}

/** The answer form of an item whose debt is known: the answer's rules, then the counter-offer's against the debt. */
export function workAnswerSchemaFor(debt: WorkItemDebt | null) {
  return workAnswerSchema.superRefine((answer, context) => {
    const issue = answer.counterOffer && debt && counterOfferDebtIssue(answer.counterOffer, debt);
    if (issue) context.addIssue({ code: 'custom', path: [issue.field], message: issue.message });
  });
}

/** A person an item concerns, as the queue shows them: who, not how to reach them. */
export interface WorkItemPerson {
  nome: string;
  cpf_cnpj: string | null;
}

/** The person as the item's page shows them, with how to reach them (as the person gave it or the portfolio has it). */
export interface WorkItemContact extends WorkItemPerson {
  email: string | null;
  telefone: string | null;
}

/** A counter-offer in the API's words, centavos. */
export interface CounterOffer {
  entrada: number;
  quantidade_parcelas: number;
  valor_parcela: number;
}

/** One item of a queue (GET /api/filas, docs/api.md "Work queues"). */
export interface WorkItem {
  fila: WorkQueueKey;
  id: number;
  parceiro: { id: number; nome: string };
  status: WorkItemStatus;
  responsavel: { id: number; usuario: string } | null;
  /** ISO instant. */
  recebido_em: string;
  /** The legal deadline (LGPD: 15 days), a Brasília date; null where the law sets none. */
  prazo: string | null;
  pessoa: WorkItemPerson;
  /** The store and the contracts of the person there that the request concerns; null when not about a debt. */
  divida: { loja: { id: number; nome: string }; contratos: string[] } | null;
  /** What was asked: the reason, the proposal, the message. */
  pedido: {
    motivo: string | null;
    proposta: CounterOffer | null;
    texto: string | null;
    protocolo: string | null;
    tipo: string | null;
    /** The phone a call or WhatsApp request asks to be reached at; null for the other requests. */
    telefone: string | null;
  };
  resposta: { texto: string; em: string; por: string | null; contraproposta: CounterOffer | null } | null;
}

/** One change of an item, for its history. */
export interface WorkItemEvent {
  acao: WorkItemAction;
  status: WorkItemStatus;
  responsavel: string | null;
  usuario: string;
  em: string;
}

/**
 * One item as its screen reads it (GET /api/filas/{fila}/{id}): the person's contact, its history, and its debt today
 * (debtor queues).
 */
export interface WorkItemDetail extends WorkItem {
  pessoa: WorkItemContact;
  historico: WorkItemEvent[];
  divida_hoje: WorkItemDebt | null;
}

export interface WorkItemPage {
  data: WorkItem[];
  meta: { current_page: number; last_page: number; per_page: number; total: number };
}

/** How the history names each change. */
export const WORK_ITEM_ACTION_LABELS: Record<WorkItemAction, string> = {
  assign: 'Responsável definido',
  start: 'Atendimento iniciado',
  answer: 'Respondido',
};
