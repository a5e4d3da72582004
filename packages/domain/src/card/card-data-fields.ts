import { maskCardNumbers } from '../privacy/card-numbers';

// GUIDE security principles: no card number or CVV ever reaches the portal. A body that carries one (a field named
// like it, or a card number anywhere in a value) is refused whole, so a client that forgot to tokenise fails loudly.

const CARD_FIELD_NAMES = new Set([
  'number',
  'numero',
  'card_number',
  'cardnumber',
  'numero_cartao',
  'numerocartao',
  'pan',
  'cvv',
  'cvv2',
  'cvc',
  'security_code',
  'securitycode',
  'codigo_seguranca',
  'codigoseguranca',
]);

/**
 * The gateway's card token (spec 001 §7 `dadosDoCartao.token`) is an opaque id of letters and digits, and a digit
 * run inside one passes Luhn by chance (about one random hex id in 2,000): a token is card data only when the whole
 * value is a card number, as when a client sends the card instead of its token.
 */
const OPAQUE_ID_FIELDS = new Set(['token']);
const WHOLE_CARD_NUMBER = /^\d+(?:[ -]\d+)*$/;

/** The paths in `body` (a parsed request body) that hold a card number or a security code; [] when none. */
export function cardDataFields(body: unknown, path = ''): string[] {
  if (typeof body === 'string') return maskCardNumbers(body) === body ? [] : [path || '(body)'];
  if (Array.isArray(body)) return body.flatMap((item, index) => cardDataFields(item, `${path}[${index}]`));
  if (body === null || typeof body !== 'object') return [];
  return Object.entries(body).flatMap(([key, value]) => {
    const at = path ? `${path}.${key}` : key;
    const name = key.toLowerCase().replace(/-/g, '_');
    if (CARD_FIELD_NAMES.has(name)) return [at];
    if (OPAQUE_ID_FIELDS.has(name) && typeof value === 'string' && !WHOLE_CARD_NUMBER.test(value)) return [];
    return cardDataFields(value, at);
  });
}
