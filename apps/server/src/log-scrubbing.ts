import { maskCardNumbers } from '@portal/domain';

// Every log line passes here before it is written (pino's streamWrite hook, set where app.ts builds the logger), so
// no card number (GUIDE security principles), PIX webhook credential nor CPF/CNPJ searched for or sent in a link
// reaches a log, whatever carried it: a URL, a message, an error. Only the line's JSON strings are masked: its numbers
// (the time has 13 digits) keep theirs and the line stays JSON.

const JSON_STRING = /"(?:[^"\\]|\\.)*"/g;

/** The token of a PIX webhook path is what authenticates the PSP (services/payments/pix-webhook-token.ts). */
const PIX_WEBHOOK_TOKEN = /(\/webhooks\/pix\/)[^/?#"\\\s]+/g;

/**
 * A query parameter naming a person's CPF/CNPJ (the back office's agreement search, `cpf_cnpj`): the request log
 * keeps the parameter and loses its value; the audit row of the read keeps it (decision 024).
 */
const DOCUMENT_QUERY_VALUE = /([?&][^=&#"\\\s]*(?:cpf|cnpj)[^=&#"\\\s]*=)[^&#"\\\s]*/gi;

/**
 * Spec 001 §2: another system opens the menu or the debts with the person's CPF/CNPJ as the path's last segment
 * (contract/web-routes.ts); the request log keeps the path and loses the document, in any letter case or escaping.
 */
const DOCUMENT_PATH_SEGMENT = /(\/(?:menu|minhas-dividas)\/)[^/?#"\\\s]+/gi;

export function scrubLogLine(line: string): string {
  return line
    .replace(PIX_WEBHOOK_TOKEN, '$1***')
    .replace(DOCUMENT_PATH_SEGMENT, '$1***')
    .replace(DOCUMENT_QUERY_VALUE, '$1***')
    .replace(JSON_STRING, (literal) =>
      // The hex digits of a \u escape must not join a number: such a string is decoded, masked and encoded again.
      literal.includes('\\u')
        ? JSON.stringify(maskCardNumbers(JSON.parse(literal)))
        : maskCardNumbers(literal),
    );
}
