import { z } from 'zod';
import { FAQ_MESSAGES, FAQ_SHARED, FAQ_TEXT_MAX_LENGTH, FAQ_TITLE_MAX_LENGTH } from './faq';

// The back office's FAQ form and the server's check of it (spec 002 §2 PostQuestions, UpdateQuestions, §5 "FAQ").

const characters = (text: string) => Array.from(text).length;

/**
 * An FAQ entry (spec 002 §5 "FAQ"), title before text, each required and limited in characters, then whose it is
 * (issue 18 item 8: FAQ_SHARED or a partner id); the output is the entry as stored: surrounding spaces dropped, line
 * breaks as `\n`.
 */
export const faqSchema = z.object({
  titulo: z
    .string()
    .trim()
    .min(1, FAQ_MESSAGES.titleRequired)
    .refine((title) => characters(title) <= FAQ_TITLE_MAX_LENGTH, FAQ_MESSAGES.titleTooLong),
  descricao: z
    .string()
    .transform((text) => text.replace(/\r\n?/g, '\n').trim())
    .pipe(
      z
        .string()
        .min(1, FAQ_MESSAGES.textRequired)
        .refine((text) => characters(text) <= FAQ_TEXT_MAX_LENGTH, FAQ_MESSAGES.textTooLong),
    ),
  parceiro: z.string().regex(new RegExp(`^(${FAQ_SHARED}|[1-9]\\d{0,8})$`), FAQ_MESSAGES.partnerRequired),
});

/** The partner id of a valid `parceiro`; null for the shared list. */
export const faqPartnerId = (parceiro: string): number | null =>
  parceiro === FAQ_SHARED ? null : Number(parceiro);

/** The `parceiro` that names the list of `partnerId` (null: the shared list): faqPartnerId's inverse. */
export const faqListCode = (partnerId: number | null): string =>
  partnerId === null ? FAQ_SHARED : String(partnerId);
