import { nationalPhoneDigits } from '@portal/domain';

/**
 * wa.me link for a Brazilian number as the partner typed it ('(11) 99999-0000' -> https://wa.me/5511999990000): the
 * country code 55 goes before the DDD and number (spec 001 §5), so one the partner typed ('+55 11 ...') is not doubled.
 */
export function whatsappUrl(number: string | null | undefined): string | null {
  const digits = nationalPhoneDigits(number ?? '');
  if (digits.length < 10) return null;
  return `https://wa.me/55${digits}`;
}

/** tel: link for a Brazilian phone as the partner typed it ('(11) 3333-4444' -> tel:+551133334444), as whatsappUrl. */
export function phoneUrl(number: string): string {
  return `tel:+55${nationalPhoneDigits(number)}`;
}

/** An http(s) URL from what the back office stored ('www.x.com.br' -> 'https://www.x.com.br'); null otherwise. */
export function externalUrl(value: string | null | undefined): string | null {
  const text = value?.trim();
  if (!text) return null;
  const candidate = /^https?:\/\//i.test(text) ? text : `https://${text.replace(/^\/+/, '')}`;
  try {
    const url = new URL(candidate);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Telegram accepts a full link or a user name ('@assessoria' -> https://t.me/assessoria). */
export function telegramUrl(value: string | null | undefined): string | null {
  const text = value?.trim();
  if (!text) return null;
  if (/^@?[A-Za-z0-9_]{4,}$/.test(text)) return `https://t.me/${text.replace(/^@/, '')}`;
  return externalUrl(text);
}

/** Text split into paragraphs on blank or single line breaks (back-office texts are plain text, never HTML). */
export function paragraphs(text: string | null | undefined): string[] {
  return (text ?? '')
    .split(/\n+/)
    .map((line) => line.trim())
    .filter(Boolean);
}
