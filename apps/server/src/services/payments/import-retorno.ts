import {
  agreementOfField,
  isLiquidation,
  type Lined,
  RETORNO_MOVEMENTS,
  RETORNO_OUTCOME_TEXTS,
  type ReadHeader,
  type RetornoMovement,
  type RetornoOutcome,
  type RetornoTitle,
  readRetorno,
  rejectionReasonText,
  SHORT_LIQUIDATION_OUTCOMES,
  todayInBrasilia,
} from '@portal/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import {
  type BoletoChargeToRegister,
  boletoChargesByOurNumber,
  type CnabFileRow,
  findCnabFileByContent,
  insertCnabFile,
  insertRetornoResults,
  loadRetornoResults,
  lockConvenio,
  type RetornoResultRow,
  storesOfConvenio,
} from '../../repositories/cnab-repository';
import type { StoreRow } from '../../repositories/debt-repository';
import {
  recordSecondCopyPayment,
  type SecondCopyRow,
  secondCopiesByOurNumber,
} from '../../repositories/second-copy-repository';
import { withRetriedTransaction } from '../../repositories/transaction';
import { cnabBeneficiary, contentSha256 } from './cnab-files';
import { receiveInstalmentPayment, receiveShortInstalmentPayment } from './record-instalment-payment';

/** A retorno is a day's titles of a convênio: a few hundred kilobytes; more is not a bank's file. */
export const RETORNO_MAX_BYTES = 5 * 1024 * 1024;

/**
 * A retorno file's bytes as the text the reader reads, the same from the CLI and the back office, so one file
 * hashes the same ('já importado') whichever way it came: CNAB 240 files are ASCII, and latin1 keeps any stray
 * byte as one character (a record stays 240 long) instead of failing or replacing it.
 */
export const retornoText = (bytes: Buffer): string => bytes.toString('latin1');

export interface RetornoLineReport {
  line: number;
  movement: string;
  movementText: string;
  ourNumber: string;
  outcome: RetornoOutcome;
  reasons: { code: string; text: string }[];
  amountCents: number;
  paidCents: number;
  feeCents: number;
  occurredOn: string | null;
  chargeId: number | null;
}

export interface RetornoReport {
  fileId: number;
  fileName: string;
  /** The same content was imported before: this is that import's report, and nothing was applied now. */
  alreadyImported: boolean;
  lines: RetornoLineReport[];
  counts: Record<RetornoOutcome, number>;
}

const OUTCOMES = Object.keys(RETORNO_OUTCOME_TEXTS) as RetornoOutcome[];

function report(file: CnabFileRow, rows: RetornoResultRow[], alreadyImported: boolean): RetornoReport {
  const counts = Object.fromEntries(OUTCOMES.map((o) => [o, 0])) as Record<RetornoOutcome, number>;
  for (const row of rows) counts[row.outcome]++;
  return {
    fileId: file.id,
    fileName: file.fileName,
    alreadyImported,
    counts,
    lines: rows.map((row) => ({
      line: row.line,
      movement: row.movement,
      movementText: RETORNO_MOVEMENTS[row.movement as RetornoMovement] ?? `Movimento ${row.movement}`,
      ourNumber: row.ourNumber,
      outcome: row.outcome,
      reasons:
        row.reasons === ''
          ? []
          : row.reasons.split(',').map((code) => ({ code, text: rejectionReasonText(code) })),
      amountCents: row.amountCents,
      paidCents: row.paidCents,
      feeCents: row.feeCents,
      occurredOn: row.occurredOn,
      chargeId: row.chargeId,
    })),
  };
}

/** FEBRABAN C044: what a title's movement does here; a liquidation is applied as the instalment's payment. */
async function applyTitle(
  tx: Db,
  fileId: number,
  title: Lined<RetornoTitle>,
  found: BoletoChargeToRegister | SecondCopyRow | undefined,
  today: string,
): Promise<RetornoOutcome> {
  if (!found) return 'unknown';
  if (isLiquidation(title.movement)) {
    const payment = {
      amountCents: title.paidCents,
      occurredOn: title.occurredOn ?? today,
      cause: `cnab:${fileId}:${title.line}`,
    };
    // A second copy's boleto pays that copy (decision 025): its payments, summed, pay it in full or not; once they
    // have, or another copy paid its instalment, more is money that paid nothing (decisions 061, 071); short money
    // of a copy ended already paid nothing either, and is told as paid short (decision 078).
    if (!('charge' in found)) {
      const recorded = await recordSecondCopyPayment(tx, { secondCopyId: found.id, ...payment });
      if (!recorded.recorded) return 'duplicate';
      if (recorded.unappliedCents === title.paidCents && recorded.unappliedReason === 'already_paid')
        return 'unapplied';
      return title.paidCents < found.amountCents ? 'underpaid' : 'applied';
    }
    const money = { instalmentId: found.charge.instalmentId, chargeId: found.charge.id, ...payment };
    // Less than the boleto's value pays nothing (no tolerance): the money is kept as unapplied (decision 049).
    if (title.paidCents < found.charge.amountCents) {
      const { kept, reason } = await receiveShortInstalmentPayment(tx, money);
      return kept ? SHORT_LIQUIDATION_OUTCOMES[reason] : 'duplicate';
    }
    const recorded = await receiveInstalmentPayment(tx, { ...money, kind: 'paid' });
    return recorded === 'paid' ? 'applied' : recorded;
  }
  switch (title.movement) {
    case '03':
      return 'rejected';
    case '02':
      return 'confirmed';
    case '09':
      return 'written_off';
    default:
      return 'ignored';
  }
}

interface FoundTitle {
  title: Lined<RetornoTitle>;
  found: BoletoChargeToRegister | SecondCopyRow | undefined;
}

/**
 * The rows a title's payment locks, as [person, agreement]: paying an instalment locks its agreement, and settling it
 * then its person (the debts_version trigger); a second copy's payment locks its person. Files applied in this one
 * order take the persons in the same order instead of waiting on each other in a cycle. A copy comes after its
 * person's agreements: agreement before person, as the other payment sources (the PIX webhook) lock them. Titles
 * that pay nothing lock nothing.
 */
const lockKey = ({ found }: FoundTitle): [number, number] =>
  !found
    ? [0, 0]
    : 'charge' in found
      ? [found.payer.id, found.instalment.agreementId]
      : [found.personId, Number.MAX_SAFE_INTEGER];

/** Sorts titles by lockKey; the sort is stable, so titles of one charge keep their file order. */
function byLockOrder(a: FoundTitle, b: FoundTitle): number {
  const [[personA, agreementA], [personB, agreementB]] = [lockKey(a), lockKey(b)];
  return personA - personB || agreementA - agreementB;
}

/**
 * The stores whose account the retorno's header names (FEBRABAN file header: bank, G007 convênio, agency, account);
 * refused when none: a file of another beneficiary must not pay our boletos.
 */
async function storesOfHeader(db: Db, header: ReadHeader): Promise<StoreRow[]> {
  const agreement = agreementOfField(header.bankCode, header.agreementField);
  const sameAccount = (store: StoreRow) => {
    const b = cnabBeneficiary(store);
    return Number(b.agency) === Number(header.agency) && Number(b.account) === Number(header.account);
  };
  const found = (await storesOfConvenio(db, header.bankCode, agreement)).filter(
    (store) => store.bankBranch && store.bankAccount && sameAccount(store),
  );
  if (found.length === 0)
    throw new AppError('RETORNO_UNKNOWN_CONVENIO', {
      banco: header.bankCode,
      convenio: agreement,
      agencia: header.agency,
      conta: header.account,
    });
  return found;
}

/**
 * Imports a bank's CNAB 240 retorno (issue 17 item 2). The file is read whole first: any bad line or wrong total
 * and nothing is applied, every error listed by line; a file of a convênio, agency or account of no store is
 * refused. Then, in one transaction, the file is recorded with what each
 * title did: a liquidation is the instalment's payment (cause `cnab:<file>:<line>`, the value paid and the date of
 * occurrence), or a second copy's; less than the boleto's value pays no instalment and is kept as unapplied money
 * (underpaid; a copy's is that copy's payment, short of its value), a rejection is recorded against its charge with
 * the bank's reasons, an unknown our-number is only
 * reported. The same file again (by content) changes nothing and answers the first import's report; a liquidation
 * told again records nothing, and one of an instalment already paid another way is kept as unapplied money.
 * Titles are applied in lock order (lockKey), and the transaction is run again when PostgreSQL still picks it as a
 * deadlock's victim (a person is locked between two of its agreements, and other writers lock them too): two files
 * imported at once are both imported. Run again after the same file's import committed, it answers that report.
 */
export async function importRetorno(
  db: Db,
  input: { content: string; fileName: string; createdBy: string; now: Date },
): Promise<RetornoReport> {
  if (Buffer.byteLength(input.content) > RETORNO_MAX_BYTES) throw new AppError('RETORNO_TOO_LARGE');
  const read = readRetorno(input.content);
  if (!read.ok)
    throw new AppError('RETORNO_INVALID', {
      erros: read.errors.map((e) => ({ linha: e.line, mensagem: e.message })),
    });
  const sha256 = contentSha256(input.content);
  const owners = await storesOfHeader(db, read.header);
  const today = todayInBrasilia(input.now);

  const agreement = agreementOfField(read.header.bankCode, read.header.agreementField);

  const imported = await withRetriedTransaction(db, async (tx) => {
    // One retorno of a convênio at a time: a title told by two files (a re-downloaded retorno) is then read as told
    // already by the second, also when it pays nothing and so locks no agreement (money kept as unapplied once).
    await lockConvenio(tx, 'retorno', read.header.bankCode, agreement);
    const file = await insertCnabFile(tx, {
      // Stores may share a convênio and account; the file is then theirs together.
      storeId: owners.length === 1 ? owners[0]!.id : null,
      bankCode: read.header.bankCode,
      agreement,
      kind: 'retorno',
      sequence: read.header.sequence,
      businessDate: today,
      fileName: input.fileName,
      content: input.content,
      contentSha256: sha256,
      createdBy: input.createdBy,
    });
    if (!file) return undefined;
    const charges = await boletoChargesByOurNumber(
      tx,
      owners.map((s) => s.id),
      read.titles.map((t) => t.ourNumber),
    );
    const copies = await secondCopiesByOurNumber(
      tx,
      owners.map((s) => s.id),
      read.titles.map((t) => t.ourNumber),
    );
    // One convênio sequence numbers both (decision 009), so an our-number is a charge's or a second copy's.
    const byOurNumber = new Map<string | null, BoletoChargeToRegister | SecondCopyRow>([
      ...copies.map((c) => [c.ourNumber, c] as const),
      ...charges.map((c) => [c.charge.ourNumber, c] as const),
    ]);
    const titles = read.titles.map((title) => ({ title, found: byOurNumber.get(title.ourNumber) }));
    const outcomes = new Map<number, RetornoOutcome>();
    for (const { title, found } of [...titles].sort(byLockOrder))
      outcomes.set(title.line, await applyTitle(tx, file.id, title, found, today));
    const rows = titles.map(
      ({ title, found }): RetornoResultRow => ({
        fileId: file.id,
        line: title.line,
        movement: title.movement,
        ourNumber: title.ourNumber,
        chargeId: found && 'charge' in found ? found.charge.id : null,
        outcome: outcomes.get(title.line)!,
        reasons: title.movement === '03' ? title.reasons.join(',') : '',
        amountCents: title.amountCents,
        paidCents: title.paidCents,
        feeCents: title.feeCents,
        occurredOn: title.occurredOn,
        creditOn: title.creditOn,
      }),
    );
    await insertRetornoResults(tx, rows);
    return report(file, rows, false);
  });
  if (imported) return imported;
  const first = (await findCnabFileByContent(db, 'retorno', sha256))!;
  return report(first, await loadRetornoResults(db, first.id), true);
}
