// PIX "copia e cola": the BR Code payload of Banco Central's "Manual de Padrões para Iniciação do Pix" (EMV QRCPS
// merchant-presented mode, fields ID + 2-digit length + value, closed by a CRC16).

/** BR Code manual: merchant name at most 25 characters, city at most 15, txid at most 25 alphanumerics. */
const NAME_MAX = 25;
const CITY_MAX = 15;
const TXID_MAX = 25;

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

const field = (id: string, value: string): string => {
  if (value.length > 99) throw new RangeError(`BR Code field ${id} longer than 99 characters`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
};

/** BR Code manual recommends plain characters in name and city: no accents, only printable ASCII. */
const plain = (text: string, max: number): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '')
    .trim()
    .slice(0, max);

export interface PixCharge {
  /** The receiver's PIX key (CPF/CNPJ digits, e-mail, +55 phone or random key). */
  key: string;
  merchantName: string;
  merchantCity: string;
  amountCents: number;
  /** Reconciliation id, letters and digits only. */
  txid: string;
}

/** BR Code manual: a static payload with amount and txid, ending with its CRC16. */
export function pixCopyPaste(charge: PixCharge): string {
  if (!Number.isSafeInteger(charge.amountCents) || charge.amountCents <= 0)
    throw new RangeError('PIX amount must be positive centavos');
  const txid = charge.txid.replace(/[^A-Za-z0-9]/g, '').slice(0, TXID_MAX) || '***';
  const amount = `${Math.floor(charge.amountCents / 100)}.${String(charge.amountCents % 100).padStart(2, '0')}`;
  const body = [
    field('00', '01'),
    field('26', field('00', 'br.gov.bcb.pix') + field('01', charge.key)),
    field('52', '0000'),
    field('53', '986'),
    field('54', amount),
    field('58', 'BR'),
    field('59', plain(charge.merchantName, NAME_MAX)),
    field('60', plain(charge.merchantCity, CITY_MAX)),
    field('62', field('05', txid)),
  ].join('');
  const withCrcId = `${body}6304`;
  return withCrcId + crc16(withCrcId);
}

/** Whether a copy-paste code carries a correct CRC16 (what a bank app checks first). */
export function hasValidPixCrc(code: string): boolean {
  return /^.+6304[0-9A-F]{4}$/.test(code) && crc16(code.slice(0, -4)) === code.slice(-4);
}
