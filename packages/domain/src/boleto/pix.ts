import { isValidCpfCnpj, normalizeDocument } from '../document/cpf-cnpj';

// PIX "copia e cola": the BR Code payload of Banco Central's "Manual de Padrões para Iniciação do Pix" (EMV QRCPS
// merchant-presented mode, fields ID + 2-digit length + value, closed by a CRC16).

/** BR Code manual: merchant name at most 25 characters, city at most 15. */
const MERCHANT_NAME_MAX = 25;
const MERCHANT_CITY_MAX = 15;
/** BR Code manual: the amount field has at most 13 characters, so 9999999999.99 is the largest amount. */
export const PIX_MAX_CENTS = 999_999_999_999;
/** BR Code manual: a static payload's txid (field 62-05) is 1 to 25 letters and digits, or '***' for none. */
const BR_CODE_TXID = /^(?:[A-Za-z0-9]{1,25}|\*\*\*)$/;
/** API Pix (BCB): a charge's txid (cob and cobv) is 26 to 35 letters and digits. */
const CHARGE_TXID = /^[A-Za-z0-9]{26,35}$/;
export const CHARGE_TXID_LENGTH = 35;

/** BR Code manual: CRC16-CCITT-FALSE (polynomial 0x1021, initial 0xFFFF) over the payload up to '6304', 4 hex. */
export function crc16(payload: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(payload)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** An EMV field: ID, 2-digit length, value. */
export const emvField = (id: string, value: string): string => {
  if (value.length > 99) throw new RangeError(`BR Code field ${id} longer than 99 characters`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
};

/**
 * Name and city are EMV "ans" text (printable ASCII): accents are stripped (NFD, marks removed), anything else
 * outside ASCII (Cyrillic, CJK, emoji) is dropped, runs of spaces collapse, and the text is cut to `max`.
 */
const plain = (text: string, max: number): string =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trimEnd();

/** The first of the texts with something left once plain; a decoder rejects an empty name or city. */
const firstPlain = (what: string, max: number, texts: (string | undefined)[]): string => {
  for (const text of texts) {
    const value = plain(text ?? '', max);
    if (value) return value;
  }
  throw new RangeError(`PIX merchant ${what} has no printable characters`);
};

/**
 * A CPF or CNPJ key (masked or not) goes in as the DICT stores it: digits, and upper-case letters for an
 * alphanumeric CNPJ; any other key (e-mail, +55 phone, random key) as typed.
 */
export const normalizedPixKey = (key: string): string => {
  const trimmed = key.trim();
  if (!trimmed) throw new RangeError('PIX key is empty');
  return isValidCpfCnpj(trimmed) ? normalizeDocument(trimmed) : trimmed;
};

/** Whether `txid` fits a static BR Code's field 62-05 (1 to 25 letters and digits, or '***'). */
export function isValidBrCodeTxid(txid: string): boolean {
  return BR_CODE_TXID.test(txid);
}

/** Whether `txid` is a valid API Pix charge txid (cob/cobv: 26 to 35 letters and digits). */
export function isValidChargeTxid(txid: string): boolean {
  return CHARGE_TXID.test(txid);
}

const BASE36_CHUNK = 6;

/** MurmurHash3 (x86, 32 bits) of UTF-8 bytes: spreads every byte of the seed over each chunk of the txid. */
export function murmur3(bytes: Uint8Array, seed: number): number {
  let h = seed >>> 0;
  const blocks = bytes.length - (bytes.length % 4);
  const mixK = (k: number) => {
    const scrambled = Math.imul(k, 0xcc9e2d51);
    return Math.imul((scrambled << 15) | (scrambled >>> 17), 0x1b873593);
  };
  for (let i = 0; i < blocks; i += 4) {
    const k = bytes[i]! | (bytes[i + 1]! << 8) | (bytes[i + 2]! << 16) | (bytes[i + 3]! << 24);
    h ^= mixK(k);
    h = (h << 13) | (h >>> 19);
    h = (Math.imul(h, 5) + 0xe6546b64) | 0;
  }
  let tail = 0;
  for (let i = bytes.length - 1; i >= blocks; i--) tail = (tail << 8) | bytes[i]!;
  if (bytes.length > blocks) h ^= mixK(tail);
  h ^= bytes.length;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * A txid derived from a seed (e.g. store and our number): the same seed always gives the same txid, so a retried
 * issue finds the charge it already made. Upper-case letters and digits only, because some PSPs compare txids
 * without case. The default length (35) is an API Pix charge txid; 25 or less fits a static BR Code.
 */
export function txidFromSeed(seed: string, length = CHARGE_TXID_LENGTH): string {
  if (!seed) throw new RangeError('txid seed is empty');
  if (!Number.isInteger(length) || length < 1 || length > CHARGE_TXID_LENGTH)
    throw new RangeError(`txid length must be 1 to ${CHARGE_TXID_LENGTH}`);
  const bytes = new TextEncoder().encode(seed);
  let txid = '';
  for (let chunk = 0; txid.length < length; chunk++)
    txid += (murmur3(bytes, chunk) % 36 ** BASE36_CHUNK).toString(36).padStart(BASE36_CHUNK, '0');
  return txid.slice(0, length).toUpperCase();
}

export interface PixCharge {
  /** The receiver's PIX key: CPF/CNPJ (masked or not, alphanumeric CNPJ included), e-mail, +55 phone or random key. */
  key: string;
  merchantName: string;
  merchantCity: string;
  /** Used where name or city has nothing printable left (e.g. all Cyrillic or empty): the partner's name and city. */
  fallback?: { merchantName: string; merchantCity: string };
  amountCents: number;
  /** Reconciliation id: 1 to 25 letters and digits; '***' (or none) for a payload without one. */
  txid?: string;
}

/** BR Code field 54 and API Pix `valor.original`: reais with a dot and two decimals ("123.45"). */
export function pixAmount(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents <= 0 || cents > PIX_MAX_CENTS)
    throw new RangeError('PIX amount must be 1 to 999,999,999,999 centavos');
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** BR Code manual: a static payload with amount and txid, ending with its CRC16. */
export function pixCopyPaste(charge: PixCharge): string {
  const amount = pixAmount(charge.amountCents);
  const txid = charge.txid ?? '***';
  if (!isValidBrCodeTxid(txid)) throw new RangeError(`PIX txid must be 1 to 25 letters and digits: ${txid}`);
  return withCrc(
    [
      emvField('00', '01'),
      emvField('26', emvField('00', 'br.gov.bcb.pix') + emvField('01', normalizedPixKey(charge.key))),
      emvField('52', '0000'),
      emvField('53', '986'),
      emvField('54', amount),
      merchantFields(charge),
      emvField('62', emvField('05', txid)),
    ].join(''),
  );
}

/** BR Code manual fields 58 (country), 59 (merchant name) and 60 (city), the partner's where the store's are empty. */
export function merchantFields(
  merchant: Pick<PixCharge, 'merchantName' | 'merchantCity' | 'fallback'>,
): string {
  return (
    emvField('58', 'BR') +
    emvField(
      '59',
      firstPlain('name', MERCHANT_NAME_MAX, [merchant.merchantName, merchant.fallback?.merchantName]),
    ) +
    emvField(
      '60',
      firstPlain('city', MERCHANT_CITY_MAX, [merchant.merchantCity, merchant.fallback?.merchantCity]),
    )
  );
}

/** BR Code manual: the payload closes with field 63 (length 04) holding the CRC16 of everything before it. */
export function withCrc(body: string): string {
  const withCrcId = `${body}6304`;
  return withCrcId + crc16(withCrcId);
}

/** Whether a copy-paste code carries a correct CRC16 (what a bank app checks first). */
export function hasValidPixCrc(code: string): boolean {
  return /^.+6304[0-9A-F]{4}$/.test(code) && crc16(code.slice(0, -4)) === code.slice(-4);
}
