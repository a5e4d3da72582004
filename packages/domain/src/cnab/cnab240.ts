import { UNAPPLIED_MONEY_REASON_LABELS, type UnappliedMoneyReason } from '../agreements/unapplied-money';
import {
  alphaField,
  CNAB240_RECORD_LENGTH,
  type CnabLineError,
  cnabRecord,
  dateField,
  documentField,
  numericField,
  RecordReader,
} from './fields';

// FEBRABAN "Layout Padrão CNAB 240" v10.x, service 01 "Cobrança": the remessa a beneficiary sends (file header 0,
// lot header 1, segments P and Q per title, lot trailer 5, file trailer 9) and the retorno the bank answers
// (segments T and U per title). Positions in the comments are the layout's (1-based, inclusive).

/** FEBRABAN G001..G003: the record types of a CNAB 240 file. */
const RECORD = { fileHeader: '0', lotHeader: '1', detail: '3', lotTrailer: '5', fileTrailer: '9' } as const;
/** FEBRABAN G015: file header 143, 1 = remessa, 2 = retorno; G028: lot header 9, R = remessa, T = retorno. */
const FILE_CODE = { remessa: '1', retorno: '2' } as const;
const LOT_OPERATION = { remessa: 'R', retorno: 'T' } as const;
/** FEBRABAN G025: service 01 = Cobrança. */
const SERVICE_COBRANCA = '01';
/** Banco do Brasil CNAB 240 cobrança: file layout version 084 with lot version 043 (the two go together). */
const FILE_LAYOUT_VERSION = '084';
const LOT_LAYOUT_VERSION = '043';
/** FEBRABAN G002: the one lot of this file is lot 0001; headers and trailers of the file use 0000 and 9999. */
const LOT_NUMBER = '0001';
/** FEBRABAN C004 "Código de movimento remessa": 01 "Entrada de títulos", 02 "Pedido de baixa". */
export const REMESSA_MOVEMENTS = { entry: '01', writeOff: '02' } as const;
export type RemessaMovement = (typeof REMESSA_MOVEMENTS)[keyof typeof REMESSA_MOVEMENTS];
/** FEBRABAN C006 carteira 1 "Cobrança Simples"; C007 forma de cadastramento 1 "com cadastramento (registrada)". */
const WALLET_SIMPLE = '1';
const REGISTERED = '1';
/** FEBRABAN C015 espécie do título: an agreement's instalment is none of the listed kinds, so 99 "Outros". */
const KIND_OTHER = '99';
/** FEBRABAN G065 código da moeda 09 = Real. */
const CURRENCY_REAL = '09';
/** FEBRABAN G005: 1 = CPF, 2 = CNPJ. */
const documentType = (document: string) => (document.length === 11 ? '1' : '2');

/** FEBRABAN C044, "Código de Movimento Retorno": the ones this portal acts on or reports. */
export const RETORNO_MOVEMENTS = {
  '02': 'Entrada confirmada',
  '03': 'Entrada rejeitada',
  '06': 'Liquidação',
  '09': 'Baixa',
  '17': 'Liquidação após baixa ou liquidação título não registrado',
} as const;
export type RetornoMovement = keyof typeof RETORNO_MOVEMENTS;

/**
 * FEBRABAN C044: the movements by which the bank liquidated a title and credited its money: 06, and 17 for a title
 * paid after its write-off (one the portal asked the bank to write off, still paid at a counter).
 */
export const LIQUIDATION_MOVEMENTS = ['06', '17'] as const satisfies readonly RetornoMovement[];

export const isLiquidation = (movement: string): boolean =>
  (LIQUIDATION_MOVEMENTS as readonly string[]).includes(movement);

/** FEBRABAN C047, reasons of movement 03 "Entrada rejeitada" (the ones a registration can meet). */
export const REJECTION_REASONS: Readonly<Record<string, string>> = {
  '01': 'Código do banco inválido',
  '02': 'Código do registro detalhe inválido',
  '03': 'Código do segmento inválido',
  '04': 'Código de movimento não permitido para carteira',
  '05': 'Código de movimento inválido',
  '06': 'Tipo/número de inscrição do beneficiário inválidos',
  '07': 'Agência/conta/DV inválido',
  '08': 'Nosso número inválido',
  '09': 'Nosso número duplicado',
  '10': 'Carteira inválida',
  '16': 'Data de vencimento inválida',
  '17': 'Data de vencimento anterior à data de emissão',
  '20': 'Valor do título inválido',
  '21': 'Espécie do título inválida',
  '24': 'Data de emissão inválida',
  '45': 'Nome do pagador não informado',
  '46': 'Tipo/número de inscrição do pagador inválidos',
  '47': 'Endereço do pagador não informado',
  '48': 'CEP inválido',
};

/** The text of a rejection reason code; an unlisted code is still shown, by its number. */
export const rejectionReasonText = (code: string): string => REJECTION_REASONS[code] ?? `Motivo ${code}`;

/**
 * What a retorno's title did in the portal: applied (a liquidation recorded as the instalment's payment), duplicate
 * (a liquidation this boleto's payment was already recorded from), unapplied (a liquidation of an instalment already
 * paid another way, a PIX: the money is kept on record, unapplied), agreement_cancelled (a
 * liquidation of a boleto whose agreement was cancelled: the money kept unapplied, for staff to refund or apply), underpaid (a liquidation paying less than the boleto's value: the
 * money kept as unapplied, or as a second copy's payment short of its value; the instalment stays open), rejected (entry refused, with the bank's reasons), confirmed (entry
 * accepted), written_off (baixa), unknown (no boleto of ours has that our-number), ignored (a movement this portal
 * does not act on).
 */
export type RetornoOutcome =
  | 'applied'
  | 'duplicate'
  | 'unapplied'
  | 'agreement_cancelled'
  | 'underpaid'
  | 'rejected'
  | 'confirmed'
  | 'written_off'
  | 'unknown'
  | 'ignored';

/** A liquidation short of its boleto's value, by why its money paid nothing (decisions 049, 078). */
export const SHORT_LIQUIDATION_OUTCOMES: Readonly<Record<UnappliedMoneyReason, RetornoOutcome>> = {
  underpaid: 'underpaid',
  agreement_cancelled: 'agreement_cancelled',
  already_paid: 'unapplied',
};

/** The back office's words for each outcome (report screen and `npm run payments -- retorno`). */
export const RETORNO_OUTCOME_TEXTS: Readonly<Record<RetornoOutcome, string>> = {
  applied: 'Pago',
  duplicate: 'Já estava pago',
  unapplied: `${UNAPPLIED_MONEY_REASON_LABELS.already_paid}, valor guardado como não aplicado`,
  agreement_cancelled: `${UNAPPLIED_MONEY_REASON_LABELS.agreement_cancelled}: valor guardado como não aplicado, para devolver ou aplicar`,
  underpaid: `${UNAPPLIED_MONEY_REASON_LABELS.underpaid}: valor guardado como não aplicado, parcela continua em aberto`,
  rejected: 'Rejeitado pelo banco: boleto não registrado',
  confirmed: 'Registro confirmado',
  written_off: 'Baixado pelo banco: boleto não recebe mais pagamento',
  unknown: 'Nosso número desconhecido',
  ignored: 'Sem ação no portal',
};

/** The beneficiary's account at the bank (the store), as the headers and segments P and T carry it. */
export interface CnabBeneficiary {
  bankCode: string;
  bankName: string;
  /** CPF or CNPJ, digits only (an alphanumeric CNPJ keeps its letters). */
  document: string;
  name: string;
  agency: string;
  agencyDigit: string;
  account: string;
  accountDigit: string;
  /** FEBRABAN G007 "Código do convênio no banco", 20 positions as the bank defines them. */
  agreementField: string;
}

/**
 * Banco do Brasil CNAB 240 cobrança, G007: convênio (9, zero-filled), 0014 "cobrança cedente", carteira (2),
 * variação da carteira (3), 2 blanks.
 */
export function bancoDoBrasilAgreementField(
  agreement: string,
  wallet: string,
  walletVariation: string,
): string {
  return `${numericField(agreement, 9)}0014${numericField(wallet, 2)}${numericField(walletVariation, 3)}  `;
}

/** The convênio a G007 field names: Banco do Brasil's first 9 positions (7-digit convênio), else the field. */
export function agreementOfField(bankCode: string, field: string): string {
  if (bankCode === '001' && /^\d{9}/.test(field))
    return field.slice(0, 9).replace(/^0+/, '').padStart(7, '0');
  return field.trim();
}

export interface PayerAddress {
  street: string;
  district: string;
  /** 8 digits. */
  cep: string;
  city: string;
  state: string;
}

export interface RemessaTitle {
  /** Register the title at the bank, or ask the bank to write off one registered before. */
  movement: RemessaMovement;
  /** FEBRABAN G069 nosso número, up to 20 positions left-aligned (Banco do Brasil convênio 7: 17 digits). */
  ourNumber: string;
  /** FEBRABAN C011 "seu número": the beneficiary's own reference of the title (15 positions). */
  documentNumber: string;
  dueDate: string;
  issueDate: string;
  amountCents: number;
  payer: { document: string; name: string; address: PayerAddress | null };
}

export interface CnabFileInfo {
  beneficiary: CnabBeneficiary;
  /** FEBRABAN G018 NSA: the file's sequence number, increasing per convênio. */
  sequence: number;
  /** 'YYYY-MM-DD' and 'HHMMSS' of the file's generation. */
  generatedOn: string;
  generatedAt: string;
}

export interface RetornoTitle {
  movement: string;
  ourNumber: string;
  documentNumber: string;
  dueDate: string | null;
  amountCents: number;
  /** FEBRABAN G076 valor da tarifa/custas (segment T). */
  feeCents: number;
  /** FEBRABAN C047 motivos da ocorrência: up to five 2-position codes (segment T 214-223). */
  reasons: string[];
  payer: { document: string; name: string };
  /** Segment U: juros/multa/encargos, desconto, abatimento, IOF, valor pago, valor líquido. */
  interestCents: number;
  discountCents: number;
  rebateCents: number;
  iofCents: number;
  paidCents: number;
  netCents: number;
  occurredOn: string | null;
  creditOn: string | null;
}

const blank = (length: number) => ' '.repeat(length);

function fileHeader(info: CnabFileInfo, kind: 'remessa' | 'retorno'): string {
  const b = info.beneficiary;
  return cnabRecord([
    [1, 3, numericField(b.bankCode, 3)],
    [4, 7, '0000'],
    [8, 8, RECORD.fileHeader],
    [9, 17, blank(9)],
    [18, 18, documentType(b.document)],
    [19, 32, documentField(b.document, 14)],
    [33, 52, alphaField(b.agreementField, 20)],
    [53, 57, numericField(b.agency, 5)],
    [58, 58, alphaField(b.agencyDigit, 1)],
    [59, 70, numericField(b.account, 12)],
    [71, 71, alphaField(b.accountDigit, 1)],
    [72, 72, blank(1)],
    [73, 102, alphaField(b.name, 30)],
    [103, 132, alphaField(b.bankName, 30)],
    [133, 142, blank(10)],
    [143, 143, FILE_CODE[kind]],
    [144, 151, dateField(info.generatedOn)],
    [152, 157, numericField(info.generatedAt, 6)],
    [158, 163, numericField(info.sequence, 6)],
    [164, 166, FILE_LAYOUT_VERSION],
    [167, 171, '00000'],
    [172, 240, blank(69)],
  ]);
}

function lotHeader(info: CnabFileInfo, kind: 'remessa' | 'retorno'): string {
  const b = info.beneficiary;
  return cnabRecord([
    [1, 3, numericField(b.bankCode, 3)],
    [4, 7, LOT_NUMBER],
    [8, 8, RECORD.lotHeader],
    [9, 9, LOT_OPERATION[kind]],
    [10, 11, SERVICE_COBRANCA],
    [12, 13, blank(2)],
    [14, 16, LOT_LAYOUT_VERSION],
    [17, 17, blank(1)],
    [18, 18, documentType(b.document)],
    [19, 33, documentField(b.document, 15)],
    [34, 53, alphaField(b.agreementField, 20)],
    [54, 58, numericField(b.agency, 5)],
    [59, 59, alphaField(b.agencyDigit, 1)],
    [60, 71, numericField(b.account, 12)],
    [72, 72, alphaField(b.accountDigit, 1)],
    [73, 73, blank(1)],
    [74, 103, alphaField(b.name, 30)],
    [104, 183, blank(80)],
    [184, 191, numericField(info.sequence, 8)],
    [192, 199, dateField(info.generatedOn)],
    [200, 207, '00000000'],
    [208, 240, blank(33)],
  ]);
}

/** FEBRABAN detail record prefix: bank, lot, type 3, sequence in the lot, segment, blank, movement. */
const detailStart = (bankCode: string, sequence: number, segment: string, movement: string) =>
  [
    [1, 3, numericField(bankCode, 3)],
    [4, 7, LOT_NUMBER],
    [8, 8, RECORD.detail],
    [9, 13, numericField(sequence, 5)],
    [14, 14, segment],
    [15, 15, blank(1)],
    [16, 17, numericField(movement, 2)],
  ] as const;

/** FEBRABAN 18-37 of segments P and T: agency, its digit, account, its digit, a blank agency/account digit. */
const accountFields = (b: CnabBeneficiary) =>
  [
    [18, 22, numericField(b.agency, 5)],
    [23, 23, alphaField(b.agencyDigit, 1)],
    [24, 35, numericField(b.account, 12)],
    [36, 36, alphaField(b.accountDigit, 1)],
    [37, 37, blank(1)],
  ] as const;

function segmentP(b: CnabBeneficiary, sequence: number, title: RemessaTitle): string {
  return cnabRecord([
    ...detailStart(b.bankCode, sequence, 'P', title.movement),
    ...accountFields(b),
    [38, 57, alphaField(title.ourNumber, 20)],
    [58, 58, WALLET_SIMPLE],
    [59, 59, REGISTERED],
    // C008 tipo de documento 1 tradicional; C009 emissão 2 "cliente emite"; C010 distribuição 2 "cliente distribui".
    [60, 60, '1'],
    [61, 61, '2'],
    [62, 62, '2'],
    [63, 77, alphaField(title.documentNumber, 15)],
    [78, 85, dateField(title.dueDate)],
    [86, 100, numericField(title.amountCents, 15)],
    [101, 106, '000000'],
    [107, 108, KIND_OTHER],
    // C016 aceite N; C018 juros 3 "isento"; C021 desconto 0 "sem desconto"; C026 protesto 3 "não protestar".
    [109, 109, 'N'],
    [110, 117, dateField(title.issueDate)],
    [118, 118, '3'],
    [119, 141, '0'.repeat(23)],
    [142, 142, '0'],
    [143, 195, '0'.repeat(53)],
    [196, 220, alphaField(title.documentNumber, 25)],
    [221, 221, '3'],
    [222, 223, '00'],
    // C028 baixa/devolução 0 "conforme o convênio".
    [224, 224, '0'],
    [225, 227, '000'],
    [228, 229, CURRENCY_REAL],
    [230, 239, '0'.repeat(10)],
    [240, 240, blank(1)],
  ]);
}

function segmentQ(b: CnabBeneficiary, sequence: number, title: RemessaTitle): string {
  const { payer } = title;
  const address = payer.address;
  return cnabRecord([
    ...detailStart(b.bankCode, sequence, 'Q', title.movement),
    [18, 18, documentType(payer.document)],
    [19, 33, documentField(payer.document, 15)],
    [34, 73, alphaField(payer.name, 40)],
    [74, 113, alphaField(address?.street ?? '', 40)],
    [114, 128, alphaField(address?.district ?? '', 15)],
    [129, 136, numericField(address?.cep ?? '', 8)],
    [137, 151, alphaField(address?.city ?? '', 15)],
    [152, 153, alphaField(address?.state ?? '', 2)],
    // No sacador/avalista: type 0, zeros, blanks; no correspondent bank.
    [154, 169, '0'.repeat(16)],
    [170, 209, blank(40)],
    [210, 212, '000'],
    [213, 240, blank(28)],
  ]);
}

function segmentT(b: CnabBeneficiary, sequence: number, title: RetornoTitle): string {
  return cnabRecord([
    ...detailStart(b.bankCode, sequence, 'T', title.movement),
    ...accountFields(b),
    [38, 57, alphaField(title.ourNumber, 20)],
    [58, 58, WALLET_SIMPLE],
    [59, 73, alphaField(title.documentNumber, 15)],
    [74, 81, dateField(title.dueDate)],
    [82, 96, numericField(title.amountCents, 15)],
    [97, 99, numericField(b.bankCode, 3)],
    [100, 105, '000000'],
    [106, 130, alphaField(title.documentNumber, 25)],
    [131, 132, CURRENCY_REAL],
    [133, 133, documentType(title.payer.document)],
    [134, 148, documentField(title.payer.document, 15)],
    [149, 188, alphaField(title.payer.name, 40)],
    [189, 198, '0'.repeat(10)],
    [199, 213, numericField(title.feeCents, 15)],
    [214, 223, alphaField(title.reasons.map((r) => numericField(r, 2)).join(''), 10)],
    [224, 240, blank(17)],
  ]);
}

function segmentU(b: CnabBeneficiary, sequence: number, title: RetornoTitle): string {
  return cnabRecord([
    ...detailStart(b.bankCode, sequence, 'U', title.movement),
    [18, 32, numericField(title.interestCents, 15)],
    [33, 47, numericField(title.discountCents, 15)],
    [48, 62, numericField(title.rebateCents, 15)],
    [63, 77, numericField(title.iofCents, 15)],
    [78, 92, numericField(title.paidCents, 15)],
    [93, 107, numericField(title.netCents, 15)],
    [108, 137, '0'.repeat(30)],
    [138, 145, dateField(title.occurredOn)],
    [146, 153, dateField(title.creditOn)],
    [154, 157, blank(4)],
    [158, 165, '00000000'],
    [166, 180, '0'.repeat(15)],
    [181, 210, blank(30)],
    [211, 213, '000'],
    [214, 233, blank(20)],
    [234, 240, blank(7)],
  ]);
}

/** FEBRABAN lot trailer of cobrança: records in the lot, then count and sum of the "cobrança simples" titles. */
function lotTrailer(bankCode: string, records: number, titles: number, sumCents: number): string {
  return cnabRecord([
    [1, 3, numericField(bankCode, 3)],
    [4, 7, LOT_NUMBER],
    [8, 8, RECORD.lotTrailer],
    [9, 17, blank(9)],
    [18, 23, numericField(records, 6)],
    [24, 29, numericField(titles, 6)],
    [30, 46, numericField(sumCents, 17)],
    [47, 115, '0'.repeat(69)],
    [116, 240, blank(125)],
  ]);
}

/** FEBRABAN file trailer: lots in the file and records in the file (every line, headers and trailers included). */
function fileTrailer(bankCode: string, lots: number, records: number): string {
  return cnabRecord([
    [1, 3, numericField(bankCode, 3)],
    [4, 7, '9999'],
    [8, 8, RECORD.fileTrailer],
    [9, 17, blank(9)],
    [18, 23, numericField(lots, 6)],
    [24, 29, numericField(records, 6)],
    [30, 35, '000000'],
    [36, 240, blank(205)],
  ]);
}

/** FEBRABAN: records end with CR LF. */
const CRLF = '\r\n';

function cnabFile(
  info: CnabFileInfo,
  kind: 'remessa' | 'retorno',
  details: string[],
  titles: number,
  sumCents: number,
): string {
  const lot = [lotHeader(info, kind), ...details];
  lot.push(lotTrailer(info.beneficiary.bankCode, lot.length + 1, titles, sumCents));
  const lines = [fileHeader(info, kind), ...lot];
  lines.push(fileTrailer(info.beneficiary.bankCode, 1, lines.length + 1));
  return lines.join(CRLF) + CRLF;
}

/**
 * The remessa of these titles, one lot, segments P and Q per title: entries (movement 01) and write-off requests
 * (02, the same title's data; FEBRABAN allows Q with any movement).
 */
export function writeRemessa(info: CnabFileInfo, titles: readonly RemessaTitle[]): string {
  const b = info.beneficiary;
  const details = titles.flatMap((title, i) => [
    segmentP(b, 2 * i + 1, title),
    segmentQ(b, 2 * i + 2, title),
  ]);
  const sum = titles.reduce((total, t) => total + t.amountCents, 0);
  return cnabFile(info, 'remessa', details, titles.length, sum);
}

/** A retorno as the bank writes it: segments T and U per title; the lot trailer sums the titles' values. */
export function writeRetorno(info: CnabFileInfo, titles: readonly RetornoTitle[]): string {
  const b = info.beneficiary;
  const details = titles.flatMap((title, i) => [
    segmentT(b, 2 * i + 1, title),
    segmentU(b, 2 * i + 2, title),
  ]);
  const sum = titles.reduce((total, t) => total + t.amountCents, 0);
  return cnabFile(info, 'retorno', details, titles.length, sum);
}

export interface ReadHeader {
  bankCode: string;
  document: string;
  agreementField: string;
  agency: string;
  account: string;
  sequence: number;
  generatedOn: string | null;
}

/** A title read from a file with the line its first segment is on. */
export type Lined<T> = T & { line: number };

export type CnabReadResult<T> =
  | { ok: true; header: ReadHeader; titles: Lined<T>[] }
  | { ok: false; errors: CnabLineError[] };

/** Splits a file into records: CR LF (or LF) line ends; a last line end is optional. */
function records(text: string): string[] {
  const lines = text.split(/\r?\n/);
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

interface SegmentPair<T> {
  first: string;
  second: string;
  read: (first: RecordReader, second: RecordReader) => T;
  amountOf: (title: T) => number;
}

/** A CPF or CNPJ field by its type (G005: 1 CPF, 11 positions; 2 CNPJ, 14).*/
const payerDocument = (r: RecordReader, typeAt: number, from: number, to: number) => {
  const digits = r.raw(from, to);
  return r.raw(typeAt, typeAt) === '1' ? digits.slice(-11) : digits.slice(-14);
};

/**
 * Reads a CNAB 240 cobrança file of one kind, all or nothing: every line must be 240 positions of a known record
 * in its place (header 0, lot header 1, detail 3 segment pairs, lot trailer 5, file trailer 9), and the trailers'
 * counts and sums must match. Any error and no title is given back; every error is listed with its line.
 */
function readCnab<T extends { amountCents: number }>(
  text: string,
  kind: 'remessa' | 'retorno',
  pair: SegmentPair<T>,
): CnabReadResult<T> {
  const errors: CnabLineError[] = [];
  const lines = records(text);
  const readers = lines.map((line, i) => new RecordReader(line, i + 1, errors));
  // FEBRABAN: every record is 240 positions. A wrong length is listed and the other checks go on, so one upload
  // lists every bad line.
  for (const r of readers)
    if (r.text.length !== CNAB240_RECORD_LENGTH)
      r.failWhole(`tamanho ${r.text.length}, esperado ${CNAB240_RECORD_LENGTH} posições`);
  if (readers.length < 4)
    return { ok: false, errors: [{ line: 1, message: 'arquivo sem lote (mínimo 4 linhas)' }, ...errors] };

  const head = readers[0]!;
  const tail = readers.at(-1)!;
  const bankCode = head.raw(1, 3);
  head.expect(8, 8, RECORD.fileHeader, 'tipo de registro do header de arquivo');
  head.expect(143, 143, FILE_CODE[kind], `código de ${kind}`);
  const header: ReadHeader = {
    bankCode,
    document: payerDocument(head, 18, 19, 32),
    agreementField: head.raw(33, 52),
    agency: head.raw(53, 57),
    account: head.raw(59, 70),
    generatedOn: head.date(144, 151, 'data de geração'),
    sequence: head.number(158, 163, 'número sequencial do arquivo'),
  };
  for (const r of readers.slice(1))
    if (r.raw(1, 3) !== bankCode) r.error(`banco ${r.raw(1, 3)} difere do header (${bankCode})`);

  const titles: Lined<T>[] = [];
  let lots = 0;
  let index = 1;
  const body = readers.slice(0, -1);
  while (index < body.length) {
    const lotHead = body[index]!;
    if (!lotHead.expect(8, 8, RECORD.lotHeader, 'tipo de registro (header de lote)')) {
      index++;
      continue;
    }
    lots++;
    const lotNumber = lotHead.raw(4, 7);
    lotHead.expect(9, 9, LOT_OPERATION[kind], 'tipo de operação');
    lotHead.expect(10, 11, SERVICE_COBRANCA, 'tipo de serviço (01 cobrança)');
    let k = index + 1;
    let sequence = 0;
    const lotTitles: T[] = [];
    while (k < body.length && body[k]!.raw(8, 8) === RECORD.detail) {
      const first = body[k]!;
      const second = body[k + 1];
      const firstOk = first.expect(14, 14, pair.first, 'segmento');
      const secondOk =
        second !== undefined &&
        second.raw(8, 8) === RECORD.detail &&
        second.expect(14, 14, pair.second, 'segmento');
      if (second === undefined || second.raw(8, 8) !== RECORD.detail)
        first.error(`segmento ${pair.first} sem o segmento ${pair.second} seguinte`);
      for (const r of [first, second]) {
        if (!r || r.raw(8, 8) !== RECORD.detail) continue;
        sequence++;
        if (r.raw(4, 7) !== lotNumber) r.error(`lote ${r.raw(4, 7)} difere do header de lote (${lotNumber})`);
        if (r.number(9, 13, 'sequencial do registro no lote') !== sequence)
          r.error(`sequencial do registro no lote ${r.raw(9, 13)}, esperado ${sequence}`);
      }
      if (firstOk && secondOk && second) {
        const title = pair.read(first, second);
        lotTitles.push(title);
        titles.push({ ...title, line: first.line });
      }
      k += second !== undefined && second.raw(8, 8) === RECORD.detail ? 2 : 1;
    }
    const trailer = body[k];
    if (!trailer || trailer.raw(8, 8) !== RECORD.lotTrailer) {
      (trailer ?? tail).error('trailer de lote (registro 5) esperado');
      index = k + 1;
      continue;
    }
    const lotRecords = k - index + 1;
    const declared = trailer.number(18, 23, 'quantidade de registros do lote');
    if (declared !== lotRecords)
      trailer.error(`quantidade de registros do lote ${declared}, o lote tem ${lotRecords}`);
    const count = trailer.number(24, 29, 'quantidade de títulos');
    if (count !== lotTitles.length)
      trailer.error(`quantidade de títulos ${count}, o lote tem ${lotTitles.length}`);
    const sum = trailer.number(30, 46, 'valor total dos títulos');
    const actual = lotTitles.reduce((total, t) => total + pair.amountOf(t), 0);
    if (sum !== actual) trailer.error(`valor total dos títulos ${sum} centavos, o lote soma ${actual}`);
    index = k + 1;
  }
  if (tail.expect(8, 8, RECORD.fileTrailer, 'tipo de registro (trailer de arquivo)')) {
    const declaredLots = tail.number(18, 23, 'quantidade de lotes');
    if (declaredLots !== lots) tail.error(`quantidade de lotes ${declaredLots}, o arquivo tem ${lots}`);
    const declaredRecords = tail.number(24, 29, 'quantidade de registros');
    if (declaredRecords !== readers.length)
      tail.error(`quantidade de registros ${declaredRecords}, o arquivo tem ${readers.length}`);
  }
  if (lots === 0) tail.error('arquivo sem lote');
  errors.sort((a, b) => a.line - b.line);
  return errors.length > 0 ? { ok: false, errors } : { ok: true, header, titles };
}

/** Reads a remessa (segments P and Q), all or nothing. */
export function readRemessa(text: string): CnabReadResult<RemessaTitle> {
  return readCnab<RemessaTitle>(text, 'remessa', {
    first: 'P',
    second: 'Q',
    amountOf: (t) => t.amountCents,
    read: (p, q) => {
      const cep = q.raw(129, 136);
      const hasAddress = q.alpha(74, 113) !== '' || cep !== '00000000';
      const movement = p.raw(16, 17);
      if (movement !== REMESSA_MOVEMENTS.entry && movement !== REMESSA_MOVEMENTS.writeOff)
        p.error(`código de movimento '${movement}' não é 01 (entrada) nem 02 (pedido de baixa)`);
      if (q.raw(16, 17) !== movement)
        q.error(`código de movimento ${q.raw(16, 17)} difere do segmento P (${movement})`);
      return {
        movement: movement as RemessaMovement,
        ourNumber: p.alpha(38, 57),
        documentNumber: p.alpha(63, 77),
        dueDate: p.date(78, 85, 'vencimento') ?? '',
        issueDate: p.date(110, 117, 'data de emissão') ?? '',
        amountCents: p.number(86, 100, 'valor do título'),
        payer: {
          document: payerDocument(q, 18, 19, 33),
          name: q.alpha(34, 73),
          address: hasAddress
            ? {
                street: q.alpha(74, 113),
                district: q.alpha(114, 128),
                cep,
                city: q.alpha(137, 151),
                state: q.alpha(152, 153),
              }
            : null,
        },
      };
    },
  });
}

/** Reads a retorno (segments T and U), all or nothing. */
export function readRetorno(text: string): CnabReadResult<RetornoTitle> {
  return readCnab<RetornoTitle>(text, 'retorno', {
    first: 'T',
    second: 'U',
    amountOf: (t) => t.amountCents,
    read: (t, u) => {
      const movement = t.digits(16, 17, 'código de movimento');
      if (u.raw(16, 17) !== movement)
        u.error(`código de movimento ${u.raw(16, 17)} difere do segmento T (${movement})`);
      const reasons = t.alpha(214, 223);
      return {
        movement,
        ourNumber: t.alpha(38, 57),
        documentNumber: t.alpha(59, 73),
        dueDate: t.date(74, 81, 'vencimento'),
        amountCents: t.number(82, 96, 'valor do título'),
        feeCents: t.number(199, 213, 'valor da tarifa'),
        reasons: reasons.match(/.{1,2}/g) ?? [],
        payer: { document: payerDocument(t, 133, 134, 148), name: t.alpha(149, 188) },
        interestCents: u.number(18, 32, 'juros/multa/encargos'),
        discountCents: u.number(33, 47, 'desconto'),
        rebateCents: u.number(48, 62, 'abatimento'),
        iofCents: u.number(63, 77, 'IOF'),
        paidCents: u.number(78, 92, 'valor pago'),
        netCents: u.number(93, 107, 'valor líquido'),
        occurredOn: u.date(138, 145, 'data da ocorrência'),
        creditOn: u.date(146, 153, 'data do crédito'),
      };
    },
  });
}
