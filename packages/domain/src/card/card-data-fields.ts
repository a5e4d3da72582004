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

/** The paths in `body` (a parsed request body) that hold a card number or a security code; [] when none. */
export function cardDataFields(body: unknown, path = ''): string[] {
  if (typeof body === 'string') return maskCardNumbers(body) === body ? [] : [path || '(body)'];
  if (Array.isArray(body)) return body.flatMap((item, index) => cardDataFields(item, `${path}[${index}]`));
  if (body === null || typeof body !== 'object') return [];
  return Object.entries(body).flatMap(([key, value]) => {
    const at = path ? `${path}.${key}` : key;
    return CARD_FIELD_NAMES.has(key.toLowerCase().replace(/-/g, '_')) ? [at] : cardDataFields(value, at);
  });
}
