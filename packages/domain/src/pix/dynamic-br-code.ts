import { emvField, merchantFields, withCrc } from '../boleto/pix';

// The dynamic BR Code of a charge registered at a PSP (API Pix cob/cobv): the payer's bank reads the charge (amount,
// due date, interest) from the location URL, so the payload carries no amount and no txid.

/** BR Code manual: field 26-25 holds the location without its scheme ("https://"), at most 77 characters. */
const LOCATION_MAX = 77;

export interface DynamicPixCharge {
  /** The charge's `loc.location` as the PSP answered it (with or without 'https://'). */
  location: string;
  merchantName: string;
  merchantCity: string;
  fallback?: { merchantName: string; merchantCity: string };
}

/** BR Code manual §1.6: a dynamic payload (01 = 12, a charge's code is used once), 62-05 '***', CRC16 last. */
export function dynamicPixCopyPaste(charge: DynamicPixCharge): string {
  const location = charge.location.replace(/^https:\/\//i, '');
  if (!location || location.length > LOCATION_MAX || /\s|^[a-z]+:\/\//i.test(location))
    throw new RangeError(`PIX location must be a URL of 1 to ${LOCATION_MAX} characters without scheme`);
  return withCrc(
    [
      emvField('00', '01'),
      emvField('01', '12'),
      emvField('26', emvField('00', 'br.gov.bcb.pix') + emvField('25', location)),
      emvField('52', '0000'),
      emvField('53', '986'),
      merchantFields(charge),
      emvField('62', emvField('05', '***')),
    ].join(''),
  );
}

/** An API Pix amount ("123.45") in centavos; null when it does not follow the API's pattern. */
export function centsFromPixApiAmount(amount: string): number | null {
  const match = /^(\d{1,10})\.(\d{2})$/.exec(amount);
  return match ? Number(match[1]) * 100 + Number(match[2]) : null;
}
