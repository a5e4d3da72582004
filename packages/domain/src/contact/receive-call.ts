import { type CannotPayReason, isCannotPayReason } from '../negotiation/requests';

// Spec 001 §2 "Receive-call panel", §4 (cannot-pay flow, step codes): the panel that brings back a debtor who is
// leaving, who cannot pay, or who wants their boletos sent; its title depends on why it opened.

/** Why the panel opened: leaving the portal (Sair), a cannot-pay reason, or sending the person's boletos. */
export type ReceiveCallReason = 'leaving' | 'sendBoletos' | CannotPayReason;

const REASON_TITLES: Record<CannotPayReason, string> = {
  Desemprego: 'Sem emprego no momento? Vamos encontrar juntos uma forma de pagar que caiba no seu bolso.',
  'Doença Afastamento Licença':
    'Sentimos muito pelo momento difícil. Fale com a gente e vamos encontrar a melhor solução.',
  'Juros Altos': 'Achou os juros altos? Fale com a gente e conheça outras condições.',
  'Discorda do Valor': 'Não concorda com o valor? Fale com a gente e vamos revisar a sua dívida.',
  'Redução Perda de receita': 'A sua renda diminuiu? Vamos encontrar uma parcela que caiba no seu orçamento.',
  'Empréstimo realizado a terceiro':
    'O empréstimo foi para outra pessoa? Fale com a gente e vamos encontrar uma solução.',
  'Salário em atraso': 'Salário atrasado? Fale com a gente e combine uma data que funcione para você.',
  'Prefiro negociar diretamente com a loja': 'Prefere falar com alguém? Escolha o canal e atendemos você.',
  'Não confio neste canal': 'Este é um canal oficial. Se preferir, fale com a nossa equipe por outro canal.',
  'Esta dívida é muito antiga': 'Dívida antiga? Fale com a gente e confira as condições especiais.',
  'Outro motivo': 'Conte para a gente o que aconteceu. Estamos aqui para ajudar.',
};

export const RECEIVE_CALL_TITLES = {
  leaving: 'Antes de sair, que tal falar com a gente? Podemos ajudar você a negociar.',
  sendBoletos: 'Como você prefere receber os seus boletos?',
  ...REASON_TITLES,
} as const satisfies Record<ReceiveCallReason, string>;

export function receiveCallTitle(reason: ReceiveCallReason): string {
  return RECEIVE_CALL_TITLES[reason];
}

/**
 * Spec 001 §4 step codes: a contact made from the panel opened by a cannot-pay reason is logged as 15 or 16 (16 when
 * the person asked to be reached, a scheduled call or a digital contact; 15 when they went to a channel); any other
 * with the channel's own code (43 chat, 42 e-mail, 17-23, 20 call). Decision 033.
 */
export function receiveCallStep(reason: ReceiveCallReason, channelCode: number, asked: boolean): number {
  if (!isCannotPayReason(reason)) return channelCode;
  return asked ? 16 : 15;
}
