// Frequently asked questions (dúvidas): the entry of spec 002 §3 / spec 001 §3 and the rules and texts shared by the
// back office forms and the server (spec 002 §2 ListQuestions, PostQuestions, UpdateQuestions, §5 "FAQ", §8). The form's
// schema is in faq-form.ts, so that the debtor pages' FAQ texts load without zod.

/** An FAQ entry as the portal API answers it (spec 002 §3 "FAQ entry"). */
export interface FaqItem {
  codigo: number;
  titulo: string;
  descricao: string;
}

/**
 * An entry as the back office lists it (issue 18 item 8): with the partner whose portal shows it, and when that
 * partner was archived (ISO 8601, null while active: its entries are then only deleted), or null for the shared
 * default list.
 */
export interface FaqStaffItem extends FaqItem {
  parceiro: { id: number; nome: string; arquivado_em: string | null } | null;
}

/** The form's value of `parceiro` for the shared default list; a partner is its id. */
export const FAQ_SHARED = 'todos';

export type FaqInput = Record<'titulo' | 'descricao' | 'parceiro', string>;

// The spec shows no length limit; these keep a title on a card's line or two and an answer readable.
export const FAQ_TITLE_MAX_LENGTH = 200;
export const FAQ_TEXT_MAX_LENGTH = 5000;

export const FAQ_MESSAGES = {
  // Spec 002 §8, verbatim (including 'possivel' without the accent and 'Duvida excluída').
  titleRequired: 'O campo título da dúvida é obrigatório',
  textRequired: 'O campo texto da dúvida é obrigatório',
  listFailed: 'Dados não encontrados',
  createFailed: 'Não foi possivel cadastrar esta dúvida',
  updateFailed: 'Não foi possivel editar esta dúvida',
  deleteFailed: 'Não foi possivel excluir esta dúvida',
  created: 'Dúvida cadastrada com sucesso!',
  updated: 'Dúvida editada com sucesso!',
  deleted: 'Duvida excluída com sucesso!',
  // Spec 002 §2 ListQuestions.
  empty: 'Nenhuma dúvida frequente adicionada',
  // The spec shows no text for these; ours.
  titleTooLong: `O título da dúvida deve ter no máximo ${FAQ_TITLE_MAX_LENGTH} caracteres.`,
  textTooLong: `O texto da dúvida deve ter no máximo ${FAQ_TEXT_MAX_LENGTH} caracteres.`,
  partnerRequired: 'Selecione o parceiro ou "Todos os parceiros".',
  partnerArchived: 'Este parceiro está arquivado: escolha um parceiro ativo para a dúvida.',
  entryPartnerArchived: 'O parceiro desta dúvida está arquivado: ela pode ser excluída, mas não alterada.',
} as const;

/**
 * Spec 001 §2 "FAQ: accordion, from the server, or fixed texts for some partners" (capability fixedFaqTexts). The
 * spec does not give those texts; these are the portal's own, about what a debtor does here.
 */
export const FIXED_FAQ: readonly FaqItem[] = [
  {
    codigo: 1,
    titulo: 'Como negocio a minha dívida?',
    descricao:
      'Em Minhas Dívidas, abra "Opções de parcelamento e propostas", escolha a data do primeiro vencimento, à vista ou parcelado e a forma de pagamento, escolha uma das opções e confirme o acordo.',
  },
  {
    codigo: 2,
    titulo: 'Quando o meu nome sai dos cadastros de inadimplentes?',
    descricao:
      'Depois que o pagamento do acordo (ou da entrada) é confirmado, o credor pede a baixa em até 5 dias úteis.',
  },
  {
    codigo: 3,
    titulo: 'Perdi o boleto. Como pego uma 2ª via?',
    descricao:
      'Em Minhas Dívidas, abra os detalhes da dívida: onde a loja emite 2ª via, cada parcela tem o ícone do PDF, com a linha digitável e o PIX.',
  },
  {
    codigo: 4,
    titulo: 'É seguro negociar por aqui?',
    descricao:
      'Sim. O portal só mostra as suas dívidas depois de confirmar quem você é, e nunca pede senha de banco ou de cartão fora da tela de pagamento.',
  },
];
