import { z } from 'zod';
import { onlyDigits } from '../masks';
import { isValidEmail } from '../validation/email';

// Spec 001 §4 "Second-copy flow", §5: a second copy goes by e-mail or SMS to the address the person types.

/** Spec 001 §9: an SMS phone has exactly 11 digits. */
export const SMS_PHONE_DIGITS = 11;

export const SECOND_COPY_ADDRESS_MESSAGES = {
  email: 'Digite um e-mail válido',
  sms: 'Digite um celular válido',
} as const;

/**
 * Spec 001 §5: the address must be a valid e-mail, or a mobile phone of 11 digits. (The spec lets an SMS go on with
 * a bad phone; the server refuses it, so the form stops with the same message.)
 */
export const secondCopySendSchema = z
  .object({ tipoEnvio: z.enum(['email', 'sms']), enderecoEnvio: z.string() })
  .superRefine(({ tipoEnvio, enderecoEnvio }, context) => {
    const valid =
      tipoEnvio === 'email'
        ? isValidEmail(enderecoEnvio.trim())
        : onlyDigits(enderecoEnvio).length === SMS_PHONE_DIGITS;
    if (!valid)
      context.addIssue({
        code: 'custom',
        path: ['enderecoEnvio'],
        message: SECOND_COPY_ADDRESS_MESSAGES[tipoEnvio],
      });
  });
