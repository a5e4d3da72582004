// Boletos on their way to the person (spec 001 §3 myAgreements.textEmailBoleto, §8 sending messages).

/** Spec 001 §8: what a person reads once boletos or a second copy are queued, by SMS or by e-mail. */
export const SENT_MESSAGES = {
  sms: 'SMS enviado com sucesso. Aguarde alguns segundos caso não tenha chego no seu celular.',
  email: 'E-mail enviado com sucesso.',
} as const;

/** Spec 001 §3 textEmailBoleto has a "placeholder for first name": this is it, in the partner's text. */
export const FIRST_NAME_PLACEHOLDER = '{nome}';

/** The boletos e-mail's text for a partner that wrote none in textEmailBoleto. */
export const DEFAULT_BOLETO_EMAIL_TEXT =
  'Olá, {nome}!\n\nSeguem em anexo os boletos do seu acordo. Pague pelo código de barras ou pelo PIX impresso em cada boleto, no aplicativo do seu banco.';

// {nome} as partners may type it: any case, spaces inside the braces.
const PLACEHOLDER = /\{\s*nome\s*\}/gi;

/** The first word of a person's name ('' for a blank one). */
export function firstName(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] ?? '';
}

/** The partner's boletos e-mail text, or the default when blank, with every {nome} replaced by the first name. */
export function boletoEmailText(partnerText: string | null | undefined, fullName: string): string {
  const text = partnerText?.trim() ? partnerText : DEFAULT_BOLETO_EMAIL_TEXT;
  return text.replace(PLACEHOLDER, () => firstName(fullName));
}
