import { maskCardNumbers } from '@portal/domain';

// Every log line passes here before it is written (pino's streamWrite hook, set where app.ts builds the logger), so
// no card number (GUIDE security principles), secret of a link (a PIX webhook path, a phone-change or creditor
// sign-up link) nor CPF/CNPJ searched for or sent in a link reaches a log, whatever carried it: a URL, a message, an
// error. Only the line's JSON strings are masked: its numbers (the time has 13 digits) keep theirs and the line stays
// JSON.

const JSON_STRING = /"(?:[^"\\]|\\.)*"/g;

/**
 * The last segment of a path that is a secret or a person's document, in any letter case or escaping: the token of
 * a PIX webhook path authenticates the PSP (services/payments/pix-webhook-token.ts); the code of the creditor
 * sign-up link opens its lead's prefilled wizard (register-creditor-lead.ts); another system opens the menu or the
 * debts with the person's CPF/CNPJ (spec 001 §2, contract/web-routes.ts). The log keeps the path, not the value.
 */
const SECRET_PATH_SEGMENT = /(\/(?:webhooks\/pix|cadastre-sua-empresa|menu|minhas-dividas)\/)[^/?#"\\\s]+/gi;

/**
 * A query parameter whose name carries a secret or a person's document: `token` (the one-hour phone-change link,
 * request-phone-change.ts, usable by whoever reads it) and `cpf_cnpj` (the back office's agreement search). The
 * request log keeps the parameter and loses its value; the audit row of a read keeps the search (decision 024).
 */
const SECRET_QUERY_VALUE = /([?&][^=&#"\\\s]*(?:token|cpf|cnpj)[^=&#"\\\s]*=)[^&#"\\\s]*/gi;

export function scrubLogLine(line: string): string {
  return line
    .replace(SECRET_PATH_SEGMENT, '$1***')
    .replace(SECRET_QUERY_VALUE, '$1***')
    .replace(JSON_STRING, (literal) =>
      // The hex digits of a \u escape must not join a number: such a string is decoded, masked and encoded again.
      literal.includes('\\u')
        ? JSON.stringify(maskCardNumbers(JSON.parse(literal)))
        : maskCardNumbers(literal),
    );
}
