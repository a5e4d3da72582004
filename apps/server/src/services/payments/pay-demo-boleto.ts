import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brasiliaDateTime, writeRetorno } from '@portal/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { findBoletoCharge, nextFileSequence } from '../../repositories/cnab-repository';
import { cnabBeneficiary, cnabFileName } from './cnab-files';
import { importRetorno, type RetornoReport } from './import-retorno';

/**
 * The demo's "bank" (issue 17 item 6): pays a boleto of ours as the bank would tell it, by writing the CNAB 240
 * retorno the bank sends (movement 06 liquidação, the boleto's value paid today, credited today) into `directory`
 * and importing that file like any other, so Meus Acordos shows the instalment PAGO. `reference` is the linha
 * digitável (as printed or typed) or the nosso número.
 */
export async function payDemoBoleto(
  db: Db,
  input: { reference: string; directory: string; now: Date },
): Promise<{ path: string; report: RetornoReport }> {
  const digits = input.reference.replace(/[\s.]/g, '');
  const found = await findBoletoCharge(
    db,
    digits.length === 47 ? { digitableLine: digits } : { ourNumber: digits },
  );
  if (!found) throw new AppError('BOLETO_NOT_FOUND');
  const { charge, store, payer } = found;
  const beneficiary = cnabBeneficiary(store);
  const { date, time } = brasiliaDateTime(input.now);
  // The bank numbers its retornos per convênio; the demo bank continues from the last one loaded.
  const sequence = await nextFileSequence(db, 'retorno', beneficiary.bankCode, beneficiary.agreement);
  const content = writeRetorno(
    { beneficiary, sequence, generatedOn: date, generatedAt: time.replaceAll(':', '') },
    [
      {
        movement: '06',
        ourNumber: charge.ourNumber!,
        documentNumber: String(charge.id),
        dueDate: charge.dueDate,
        amountCents: charge.amountCents,
        feeCents: 0,
        reasons: [],
        payer: { document: payer.cpfCnpj, name: payer.name },
        interestCents: 0,
        discountCents: 0,
        rebateCents: 0,
        iofCents: 0,
        paidCents: charge.amountCents,
        netCents: charge.amountCents,
        occurredOn: date,
        creditOn: date,
      },
    ],
  );
  const fileName = cnabFileName('retorno', { ...beneficiary, businessDate: date, sequence });
  await mkdir(input.directory, { recursive: true });
  const path = join(input.directory, fileName);
  await writeFile(path, content);
  return { path, report: await importRetorno(db, { content, fileName, createdBy: 'demo', now: input.now }) };
}
