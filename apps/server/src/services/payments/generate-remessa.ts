import {
  brasiliaDateTime,
  normalizeDocument,
  REMESSA_MOVEMENTS,
  type RemessaMovement,
  type RemessaTitle,
  todayInBrasilia,
  writeRemessa,
} from '@portal/domain';
import type { Db } from '../../db/client';
import {
  type BoletoChargeToRegister,
  type CnabFileRow,
  chargesToRegister,
  chargesToWriteOff,
  insertCnabFile,
  insertRemessaCharges,
  insertRemessaWriteOffs,
  lockConvenio,
  nextFileSequence,
} from '../../repositories/cnab-repository';
import { withTransaction } from '../../repositories/transaction';
import { cnabBeneficiary, cnabFileName, contentSha256 } from './cnab-files';

/** FEBRABAN CNAB 240: the header, the lot header, then segments P and Q per title: title i's P is on line 3 + 2i. */
const FIRST_P_LINE = 3;

function remessaTitle({ charge, payer }: BoletoChargeToRegister, movement: RemessaMovement): RemessaTitle {
  const hasAddress = payer.street && payer.cep;
  return {
    movement,
    ourNumber: charge.ourNumber!,
    // The charge's id is the beneficiary's own number of the title ("seu número"), printed back in the retorno.
    documentNumber: String(charge.id),
    dueDate: charge.dueDate,
    // FEBRABAN G071: issue date no later than the due date; an overdue instalment's boleto is issued after it.
    issueDate: [todayInBrasilia(charge.createdAt), charge.dueDate].sort()[0]!,
    amountCents: charge.amountCents,
    payer: {
      document: normalizeDocument(payer.cpfCnpj),
      name: payer.name,
      address: hasAddress
        ? {
            street: [payer.street, payer.streetNumber].filter(Boolean).join(', '),
            district: payer.district ?? '',
            cep: payer.cep!.replace(/\D/g, ''),
            city: payer.city ?? '',
            state: payer.state ?? '',
          }
        : null,
    },
  };
}

/**
 * Writes, per store and convênio, the remessa that registers every boleto of an active agreement no remessa has
 * sent yet and asks the write-off of every registered boleto that no longer collects (issue 17 item 2), each in its
 * own transaction under the convênio's lock: the NSA follows the convênio's last, each charge is linked to the one
 * remessa that registers it and the one that asks its write-off. A run with nothing new writes no file, so running
 * it again the same day (or at once from two processes) sends nothing twice.
 */
export async function generateRemessa(
  db: Db,
  input: { storeId?: number; createdBy: string; now: Date },
): Promise<CnabFileRow[]> {
  const pending = [
    ...(await chargesToRegister(db, input.storeId)),
    ...(await chargesToWriteOff(db, input.storeId)),
  ];
  const storeIds = [...new Set(pending.map((p) => p.store.id))];
  const { date, time } = brasiliaDateTime(input.now);
  const written: CnabFileRow[] = [];
  for (const storeId of storeIds) {
    const file = await withTransaction(db, async (tx) => {
      const { store } = pending.find((p) => p.store.id === storeId)!;
      const beneficiary = cnabBeneficiary(store);
      await lockConvenio(tx, 'remessa', beneficiary.bankCode, beneficiary.agreement);
      // Read again under the lock: a run that held it first has taken its charges.
      const entries = await chargesToRegister(tx, storeId);
      const writeOffs = await chargesToWriteOff(tx, storeId);
      if (entries.length + writeOffs.length === 0) return undefined;
      const sequence = await nextFileSequence(tx, 'remessa', beneficiary.bankCode, beneficiary.agreement);
      const content = writeRemessa(
        { beneficiary, sequence, generatedOn: date, generatedAt: time.replaceAll(':', '') },
        [
          ...entries.map((c) => remessaTitle(c, REMESSA_MOVEMENTS.entry)),
          ...writeOffs.map((c) => remessaTitle(c, REMESSA_MOVEMENTS.writeOff)),
        ],
      );
      const names = {
        bankCode: beneficiary.bankCode,
        agreement: beneficiary.agreement,
        businessDate: date,
        sequence,
      };
      const row = await insertCnabFile(tx, {
        ...names,
        storeId,
        kind: 'remessa',
        fileName: cnabFileName('remessa', names),
        content,
        contentSha256: contentSha256(content),
        createdBy: input.createdBy,
      });
      const lineOf = (i: number) => FIRST_P_LINE + 2 * i;
      await insertRemessaCharges(
        tx,
        entries.map((c, i) => ({ chargeId: c.charge.id, fileId: row!.id, line: lineOf(i) })),
      );
      await insertRemessaWriteOffs(
        tx,
        writeOffs.map((c, i) => ({
          chargeId: c.charge.id,
          fileId: row!.id,
          line: lineOf(entries.length + i),
        })),
      );
      return row;
    });
    if (file) written.push(file);
  }
  return written;
}
