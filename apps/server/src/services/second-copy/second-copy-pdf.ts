import { BANCO_DO_BRASIL, formatBrDate, maskCnpj, maskCpfCnpj, todayInBrasilia } from '@portal/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { type BoletoDocument, payerAddress, renderBoletosPdf } from '../../integrations/documents/boleto-pdf';
import type { DebtScope } from '../../repositories/debt-snapshot';
import { findSecondCopyDebt } from '../../repositories/second-copy-repository';
import { findPayableSecondCopy } from './issue-second-copies';

/**
 * The PDF of one of the session person's second copies (spec 001 §7 dados.caminho_completo_boleto). A code that is
 * not theirs is a file that does not exist for them: 404, like any file (never a 200 with an error body).
 */
export async function secondCopyPdf(
  db: Db,
  scope: DebtScope,
  id: number,
): Promise<{ name: string; pdf: Buffer }> {
  return {
    name: `segunda_via_${id}.pdf`,
    pdf: await renderBoletosPdf([await secondCopyPage(db, scope, id)]),
  };
}

/** Several of the session person's second copies as one PDF, a page each (Meus Boletos' ticked rows). */
export async function secondCopiesPdf(
  db: Db,
  scope: DebtScope,
  ids: readonly number[],
): Promise<{ name: string; pdf: Buffer }> {
  const pages = [];
  for (const id of new Set(ids)) pages.push(await secondCopyPage(db, scope, id));
  return { name: `boletos_${Math.min(...ids)}.pdf`, pdf: await renderBoletosPdf(pages) };
}

async function secondCopyPage(db: Db, scope: DebtScope, id: number): Promise<BoletoDocument> {
  // Like a paid instalment of Meus Acordos, a paid one, or one whose PIX was removed, is not printed to be paid.
  const copy = await findPayableSecondCopy(db, scope, id, 'FILE_NOT_FOUND');
  const row = await findSecondCopyDebt(db, copy);
  if (!row) throw new AppError('FILE_NOT_FOUND');
  const { store, person } = row;
  return {
    heading: '2ª via de boleto',
    bankName: BANCO_DO_BRASIL.name,
    bankCodeWithDigit: BANCO_DO_BRASIL.printedCode,
    digitableLine: copy.digitableLine,
    barcode: copy.barcode,
    dueDate: copy.dueDate,
    amountCents: copy.amountCents,
    ourNumber: copy.ourNumber,
    agreement: store.boletoAgreement ?? '',
    wallet: BANCO_DO_BRASIL.wallet,
    documentNumber: `${row.contractNumber}/${row.instalmentNumber}`,
    issuedOn: todayInBrasilia(copy.createdAt),
    beneficiary: { name: store.legalName, document: maskCnpj(store.cpfCnpj) },
    payer: { name: person.name, document: maskCpfCnpj(person.cpfCnpj), address: payerAddress(person) },
    instructions: [
      `2ª via da parcela ${row.instalmentNumber} do contrato ${row.contractNumber}.`,
      `Não receber após o vencimento (${formatBrDate(copy.dueDate)}): depois dele, emita uma nova 2ª via pelo portal.`,
      'Valor já atualizado com multa e juros até o vencimento.',
    ],
    pixCode: copy.pixCode,
  };
}
