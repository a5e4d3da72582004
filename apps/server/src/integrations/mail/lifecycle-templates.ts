import { type ComposedEmail, escapeHtml } from './templates';

// E-mails of an agreement's status changes (issue 17 item 5), composed on the server only.

const compose = (template: string, subject: string, lines: readonly string[]): ComposedEmail => ({
  template,
  subject,
  text: lines.join('\n\n'),
  html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n'),
});

/** A settled agreement: its discharge letter attached. */
export function dischargeLetterEmail(input: {
  partnerName: string;
  firstName: string;
  agreementId: number;
  storeName: string;
}): ComposedEmail {
  return compose(
    'discharge-letter',
    `[${input.partnerName}] Carta de quitação do acordo ${input.agreementId}`,
    [
      `Olá, ${input.firstName}.`,
      `Recebemos todos os pagamentos do seu acordo nº ${input.agreementId} com ${input.storeName}: a dívida dos contratos desse acordo está quitada.`,
      'Segue em anexo a sua carta de quitação. Ela também fica disponível em Meus Acordos, no portal.',
    ],
  );
}

/** A broken agreement: why, what happens to the debts, and that nothing paid is lost. */
export function brokenAgreementEmail(input: {
  partnerName: string;
  firstName: string;
  agreementId: number;
  storeName: string;
  /** 'dd/mm/aaaa'. */
  entryDueDate: string;
  toleranceDays: number;
}): ComposedEmail {
  return compose('agreement-broken', `[${input.partnerName}] Seu acordo ${input.agreementId} foi cancelado`, [
    `Olá, ${input.firstName}.`,
    `O seu acordo nº ${input.agreementId} com ${input.storeName} foi cancelado porque o pagamento da entrada, com vencimento em ${input.entryDueDate}, não foi identificado em até ${input.toleranceDays} dias após o vencimento.`,
    `As dívidas desse acordo voltaram para a sua lista de dívidas no portal ${input.partnerName}, onde você pode fazer um novo acordo. Os pagamentos que você já fez continuam registrados.`,
    'Se você pagou a entrada, guarde o comprovante e fale conosco pelo portal.',
  ]);
}
