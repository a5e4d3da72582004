import { formatBrDate, formatMoney } from '@portal/domain';
import PDFDocument from 'pdfkit';
import { MARGIN, section } from './confession-term-pdf';
import { pdfBytes } from './pdf-output';

// The "Carta de quitação" of a settled agreement (issue 17 item 5), one A4 page: the creditor declares the debt of
// the agreement's contracts discharged, with the value paid and the date of the last payment.

export interface DischargeLetter {
  agreementId: number;
  /** The day the agreement was made ('YYYY-MM-DD', Brasília). */
  agreedOn: string;
  /** The day and time the document is made, as shown ('dd/mm/aaaa hh:mm'). */
  issuedAt: string;
  portalName: string;
  creditor: { legalName: string; tradeName: string; document: string };
  /** The person, their CPF/CNPJ masked. */
  debtor: { name: string; document: string };
  contracts: string[];
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
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `Carta de quitação - acordo ${letter.agreementId}`, Author: letter.creditor.legalName },
  });
  const done = pdfBytes(doc);
  doc.font('Helvetica-Bold').fontSize(16).text('Carta de quitação', MARGIN, MARGIN, { align: 'center' });
  doc
    .moveDown(0.3)
    .font('Helvetica')
    .fontSize(10)
    .text(
      `Acordo nº ${letter.agreementId}, feito em ${formatBrDate(letter.agreedOn)} pelo portal ${letter.portalName}.`,
      { align: 'center' },
    );
  section(doc, 'CREDOR');
  doc.text(
    `${letter.creditor.legalName} (${letter.creditor.tradeName}), CNPJ ${letter.creditor.document}.`,
    MARGIN,
  );
  section(doc, 'DEVEDOR(A)');
  doc.text(`${letter.debtor.name}, CPF/CNPJ ${letter.debtor.document}.`, MARGIN);
  section(doc, 'CONTRATOS QUITADOS');
  doc.text(letter.contracts.join(', '), MARGIN);
  section(doc, 'QUITAÇÃO');
  doc.text(dischargeDeclaration(letter), MARGIN, undefined, { align: 'justify' });
  doc
    .moveDown(1)
    .fontSize(8)
    .fillColor('#444444')
    .text(`Documento gerado em ${letter.issuedAt} (horário de Brasília).`, MARGIN);
  doc.end();
  return done;
}
