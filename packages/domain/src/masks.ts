// Progressive (as-you-type) input masks, spec 000 §9 "Masks" and §5 phone masks. Each mask keeps only the
// characters its slots accept, so it can run on every keystroke and mask(mask(x)) === mask(x).

/** Keeps only the digits 0-9. */
export function onlyDigits(s: string): string {
  return s.replace(/\D/g, '');
}

/**
 * Places `chars` into the '#' slots of `pattern`. A literal is written only when a character follows it, so a
 * partial value never ends in a separator ('529' stays '529', '5299' becomes '529.9').
 */
export function applyPattern(chars: string, pattern: string): string {
  let out = '';
  let pending = '';
  let index = 0;
  for (const slot of pattern) {
    if (index >= chars.length) break;
    if (slot === '#') {
      out += pending + chars[index];
      pending = '';
      index++;
    } else {
      pending += slot;
    }
  }
  return out;
}

const CPF_PATTERN = '###.###.###-##';
const CNPJ_PATTERN = '##.###.###/####-##';
const CNPJ_LENGTH = 14;
const CNPJ_ALPHANUMERIC_POSITIONS = 12;

// Spec 000 §9: CPF ###.###.###-##.
export function maskCpf(s: string): string {
  return applyPattern(onlyDigits(s).slice(0, 11), CPF_PATTERN);
}

// Spec 000 §9: CNPJ ##.###.###/####-##; IN RFB 2.229/2024: the first 12 positions may be letters A-Z, the
// 2 check digits are numeric. Characters a position does not accept are dropped.
export function maskCnpj(s: string): string {
  let chars = '';
  for (const char of s.toUpperCase()) {
    if (chars.length >= CNPJ_LENGTH) break;
    const accepted = chars.length < CNPJ_ALPHANUMERIC_POSITIONS ? /[0-9A-Z]/ : /[0-9]/;
    if (accepted.test(char)) chars += char;
  }
  return applyPattern(chars, CNPJ_PATTERN);
}

// Spec 000 §5 "Masked input": a letter or more than 11 characters can only be a CNPJ; otherwise the CPF mask.
// The CNPJ mask caps the value at 14 characters.
export function maskCpfCnpj(s: string): string {
  const normalized = s.toUpperCase().replace(/[^0-9A-Z]/g, '');
  if (/[A-Z]/.test(normalized) || normalized.length > 11) return maskCnpj(normalized);
  return maskCpf(normalized);
}

/**
 * A phone's DDD and number, from what a paste brings too (contacts, WhatsApp, a bill). A leading '+55' is Brazil's
 * country code, dropped; so is a bare 55 before a whole mobile number (13 digits: a DDD and number have at most 11,
 * and typing into the masked box adds one at a time, so a DDD 55 being typed or edited stays). Leading zeros are the
 * trunk prefix, as in '011 98765-4321': no DDD starts with 0 (ANATEL, Plano de Numeração). What maskPhone shows, so a
 * link built from a stored phone (tel:, wa.me) dials the number the page shows.
 */
export function nationalPhoneDigits(s: string): string {
  const digits = onlyDigits(s).replace(/^0+/, '');
  const withCountryCode = /^\s*\+\s*55/.test(s) || (digits.length === 13 && digits.startsWith('55'));
  return (withCountryCode ? digits.slice(2) : digits).slice(0, 11);
}

// Spec 000 §5/§9: (##) ####-#### up to 10 digits (landline), (##) #####-#### with 11 (mobile).
export function maskPhone(s: string): string {
  const digits = nationalPhoneDigits(s);
  return applyPattern(digits, digits.length === 11 ? '(##) #####-####' : '(##) ####-####');
}

// Spec 000 §5 "New phone" / "Rights request form": mask (##) #####-####.
export function maskMobilePhone(s: string): string {
  return applyPattern(nationalPhoneDigits(s), '(##) #####-####');
}

// Spec 000 §9: 0800 phone ####-###-####.
export function mask0800(s: string): string {
  return applyPattern(onlyDigits(s).slice(0, 11), '####-###-####');
}

// Brazilian postal code (CEP) #####-###.
export function maskCep(s: string): string {
  return applyPattern(onlyDigits(s).slice(0, 8), '#####-###');
}

// Spec 000 §5 first access: birth date as day/month/year, dd/mm/aaaa.
export function maskDate(s: string): string {
  return applyPattern(onlyDigits(s).slice(0, 8), '##/##/####');
}

// A pasted date in the order people write it, with one separator ('5/12/2026', '05.12.2026', '5-12-2026'), or
// ISO 8601 as some apps copy it ('2026-12-05').
const PASTED_BR_DATE = /^(\d{1,2})([/.-])(\d{1,2})\2(\d{4})$/;
const PASTED_ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A date field's text after a paste: a pasted date is the date it says, where maskDate, made for typing, would
 * read its digits into the slots in turn ('5/12/2026' as '51/22/026', '2026-12-05' as '20/26/1205'). Whether the
 * day exists is the field's check, as for a typed one. Text that is not a date in those forms: its digits, as typed.
 */
export function maskPastedDate(s: string): string {
  const text = s.trim();
  const br = PASTED_BR_DATE.exec(text);
  if (br) return `${br[1]!.padStart(2, '0')}/${br[3]!.padStart(2, '0')}/${br[4]}`;
  const iso = PASTED_ISO_DATE.exec(text);
  if (iso) return `${iso[3]}/${iso[2]}/${iso[1]}`;
  return maskDate(s);
}

/**
 * Spec 001 §9: "CPF is shown as first 3 digits, masked middle, last 2" ('529.***.***-25'). A CNPJ keeps its first
 * 2 and last 2 characters with the middle masked the same way. Anything else gives '' so nothing leaks.
 */
export function maskCpfForDisplay(cpf: string): string {
  const value = cpf.toUpperCase().replace(/[^0-9A-Z]/g, '');
  if (/^\d{11}$/.test(value)) return `${value.slice(0, 3)}.***.***-${value.slice(9)}`;
  if (/^[0-9A-Z]{12}\d{2}$/.test(value)) return `${value.slice(0, 2)}.***.***/****-${value.slice(12)}`;
  return '';
}

/** A phone on file shown before identification is complete: area code and last four digits only (issue 3). */
export function maskPhoneForDisplay(phone: string): string {
  const digits = onlyDigits(phone);
  if (digits.length < 10) return '';
  return `(${digits.slice(0, 2)}) ${'*'.repeat(digits.length - 6)}-${digits.slice(-4)}`;
}

/** An e-mail on file shown to its owner without spelling it out: the first two characters and the domain. */
export function maskEmailForDisplay(email: string): string {
  const match = /^([^@\s]{1,2})[^@\s]*@([^@\s]+\.[^@\s]+)$/.exec(email.trim());
  return match ? `${match[1]}***@${match[2]}` : '';
}
