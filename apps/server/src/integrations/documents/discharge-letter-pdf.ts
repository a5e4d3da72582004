import { formatBrDate, formatMoney } from '@portal/domain';
import { type AgreementDocument, MARGIN, openAgreementDocument, section } from './agreement-document';

// The "Carta de quitação" of a settled agreement (issue 17 item 5), one A4 page: the creditor declares the debt of
// the agreement's contracts discharged, with the value paid and the date of the last payment.

export interface DischargeLetter extends AgreementDocument {
  paidCents: number;
  /** 'YYYY-MM-DD' of the last payment. */
  lastPaidOn: string;
}

/** The declaration the letter exists for. */
export function dischargeDeclaration(letter: DischargeLetter): string {
  return (
    `O CREDOR declara, para os devidos fins, que recebeu do(a) DEVEDOR(A) o valor total de ` +
    `${formatMoney(letter.paidCents)}, com o último pagamento em ${formatBrDate(letter.lastPaidOn)}, referente ao ` +
    `acordo nº ${letter.agreementId}, e dá plena, geral e irrevogável quitação da dívida do(s) contrato(s) ` +
    `${letter.contracts.join(', ')}, nada mais havendo a reclamar a esse título.`
  );
}

/** Renders the letter; resolves to the PDF bytes. */
export function renderDischargeLetterPdf(letter: DischargeLetter): Promise<Buffer> {
  const { doc, finish } = openAgreementDocument('Carta de quitação', 'feito', letter);
  section(doc, 'CONTRATOS QUITADOS');
  doc.text(letter.contracts.join(', '), MARGIN);
  section(doc, 'QUITAÇÃO');
  doc.text(dischargeDeclaration(letter), MARGIN, undefined, { align: 'justify' });
  return finish();
}
