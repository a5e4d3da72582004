import { formatBrDate, formatMoney, instalmentNumbersText } from '@portal/domain';
import { type AgreementDocument, MARGIN, openAgreementDocument, section } from './agreement-document';

// The "Carta de quitação" of a settled agreement (issue 17 item 5), one A4 page: the creditor declares discharged
// what the agreement covered, with the value paid and the date of the last payment. Where the agreement left some of
// a contract's instalments out (future entries its plan did not include, instalments imported later), the letter
// names the instalments it discharged instead of the contract's whole debt (decision 095).

export interface DischargeLetter extends AgreementDocument {
  paidCents: number;
  /** 'YYYY-MM-DD' of the last payment. */
  lastPaidOn: string;
  /** Per contract, the instalment numbers discharged, or null for the contract's whole debt. */
  discharged: { contract: string; instalments: number[] | null }[];
}

const dischargedText = ({ contract, instalments }: DischargeLetter['discharged'][number]) =>
  instalments === null
    ? `contrato ${contract}, integralmente`
    : `contrato ${contract}, parcela(s) ${instalmentNumbersText(instalments)}`;

const wholeContracts = (letter: DischargeLetter) =>
  letter.discharged.every((item) => item.instalments === null);

/** The declaration the letter exists for. */
export function dischargeDeclaration(letter: DischargeLetter): string {
  const paid =
    `O CREDOR declara, para os devidos fins, que recebeu do(a) DEVEDOR(A) o valor total de ` +
    `${formatMoney(letter.paidCents)}, com o último pagamento em ${formatBrDate(letter.lastPaidOn)}, referente ao ` +
    `acordo nº ${letter.agreementId}, e dá plena, geral e irrevogável quitação `;
  if (wholeContracts(letter))
    return `${paid}da dívida do(s) contrato(s) ${letter.contracts.join(', ')}, nada mais havendo a reclamar a esse título.`;
  return (
    `${paid}do que o acordo abrangeu: ${letter.discharged.map(dischargedText).join('; ')}, nada mais havendo a ` +
    'reclamar a esse título. As demais parcelas desses contratos não fazem parte do acordo nem desta quitação.'
  );
}

/** Renders the letter; resolves to the PDF bytes. */
export function renderDischargeLetterPdf(letter: DischargeLetter): Promise<Buffer> {
  const { doc, finish } = openAgreementDocument('Carta de quitação', 'feito', letter);
  if (wholeContracts(letter)) {
    section(doc, 'CONTRATOS QUITADOS');
    doc.text(letter.contracts.join(', '), MARGIN);
  } else {
    section(doc, 'CONTRATOS E PARCELAS QUITADOS');
    doc.text(letter.discharged.map(dischargedText).join('\n'), MARGIN);
  }
  section(doc, 'QUITAÇÃO');
  doc.text(dischargeDeclaration(letter), MARGIN, undefined, { align: 'justify' });
  return finish();
}
