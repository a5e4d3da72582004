import { AGREED_ELSEWHERE_MESSAGE, formatDecimal } from '@portal/domain';

// Wording of the MyDebits screen (spec 001 §2 "My debts", §9), pure so each rule is unit-tested.

/**
 * Spec 001 §2: 'dívida pendente' for one, 'dívidas pendentes' otherwise. A debt under an active agreement is not
 * pending: it is being paid through the agreement (Meus Acordos).
 */
export function pendingDebtsText(debts: readonly { acordo_ativo: boolean }[]): string {
  const count = debts.filter((debt) => !debt.acordo_ativo).length;
  return count === 1 ? '1 dívida pendente' : `${count} dívidas pendentes`;
}

/**
 * Spec 001 §2 "days overdue or days until next due" (integrated card partner), from the card's `fase`: positive
 * is days overdue, negative days until the next due date.
 */
export function dueStatusText(fase: number): string {
  if (fase > 0) return fase === 1 ? '1 dia em atraso' : `${fase} dias em atraso`;
  if (fase < 0) return fase === -1 ? 'Vence em 1 dia' : `Vence em ${-fase} dias`;
  return 'Vence hoje';
}

/** 23.5 -> '23,5%' (pt-BR decimal comma). */
export function formatPercent(value: number): string {
  return `${formatDecimal(value)}%`;
}

/** Spec 001 §1: where the store only issues boletos (permits-negotiate N) the contract is a 'Código do contrato'. */
export function contractLabel(tipoNegociacao: 'S' | 'N', count: number): string {
  if (tipoNegociacao === 'N') return 'Código do contrato';
  return count === 1 ? 'Contrato' : 'Contratos';
}

/** Days overdue in the details table: '-' for an instalment not yet due. */
export function daysOverdueCell(fase: number): string {
  return fase > 0 ? String(fase) : '-';
}

// Texts the spec describes without wording (spec 001 §2 "My debts", §8, §9), written once here.
export const MY_DEBITS_TEXTS = {
  loading: 'Carregando as suas dívidas…',
  // Spec 001 §8 debt load failure.
  loadError: 'Erro ao carregar as sua dívidas, volte para o menu inicial!',
  // Spec 001 §8 empty state.
  empty: 'Você não possui dívidas',
  temporaryOffers: 'Atenção: as ofertas são temporárias e podem mudar a qualquer momento.',
  servicesMode: 'Confira abaixo os seus serviços em aberto e escolha a melhor forma de pagar.',
  activeAgreement: 'Você já possui um acordo ativo. Consulte os seus acordos e pagamentos em Meus Acordos.',
  // The card of a debt under that agreement ('Acordo Ativo', spec 001 §4): nothing left to negotiate on it.
  cardUnderAgreement: 'Esta dívida já tem um acordo ativo.',
  // The same, agreed through another partner: that agreement's boletos and payments are not in this portal.
  cardAgreedElsewhere: AGREED_ELSEWHERE_MESSAGE,
  insuranceLink: 'Conheça o nosso seguro',
  // Spec 001 §9 city-hall notice.
  cityHall:
    'Desconto de 90% em multa e juros para pagamento à vista, ou de 70% para pagamento em até 60 parcelas com juros de 0,5% ao mês.',
} as const;
