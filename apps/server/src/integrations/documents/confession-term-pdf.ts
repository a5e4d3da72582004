import { formatBrDate, formatMoney } from '@portal/domain';
import type PDFDocument from 'pdfkit';
import { type AgreementDocument, MARGIN, openAgreementDocument, section } from './agreement-document';

// The "Termo de confissão de dívida" of an agreement (spec 001 §3 flgTermoCofissao, §9 "Confession term text cites a
// 5-business-day release"), one A4 document: who owes whom, for which contracts, how much and when.

export interface ConfessionTerm extends AgreementDocument {
  paymentMethod: string;
  totalCents: number;
  instalments: { label: string; dueDate: string; amountCents: number }[];
}

/** Spec 001 §9: the release of the person's name within 5 business days of the first payment. */
export const RELEASE_SENTENCE =
  'Confirmado o pagamento da primeira parcela (entrada ou parcela única), o CREDOR solicitará, em até 5 (cinco) ' +
  'dias úteis, a baixa das restrições em nome do(a) DEVEDOR(A) nos órgãos de proteção ao crédito referentes aos ' +
  'contratos deste acordo.';

type Doc = InstanceType<typeof PDFDocument>;

function clause(doc: Doc, number: number, text: string): void {
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .text(`Cláusula ${number}ª. `, MARGIN, undefined, { continued: true, align: 'justify' })
    .font('Helvetica')
    .text(text, { align: 'justify' });
  doc.moveDown(0.5);
}

/** The instalments as a three-column table, a new page when a row would not fit. */
function instalmentTable(doc: Doc, rows: ConfessionTerm['instalments']): void {
  const width = doc.page.width - MARGIN * 2;
  const columns = [MARGIN, MARGIN + width * 0.4, MARGIN + width * 0.7];
  const row = (cells: string[], bold: boolean) => {
    if (doc.y + 16 > doc.page.height - MARGIN) doc.addPage();
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    for (const [i, cell] of cells.entries())
      doc.text(cell, columns[i]!, y, { width: width * 0.3, lineBreak: false });
    doc
      .moveTo(MARGIN, y + 13)
      .lineTo(MARGIN + width, y + 13)
      .lineWidth(0.4)
      .stroke('#999999');
    doc.x = MARGIN;
    doc.y = y + 16;
  };
  row(['Parcela', 'Vencimento', 'Valor'], true);
  for (const instalment of rows)
    row([instalment.label, formatBrDate(instalment.dueDate), formatMoney(instalment.amountCents)], false);
}

/** Renders the term; resolves to the PDF bytes. */
export function renderConfessionTermPdf(term: ConfessionTerm): Promise<Buffer> {
  const { doc, finish } = openAgreementDocument('Termo de confissão de dívida', 'aceito', term);
  const total = formatMoney(term.totalCents);

  section(doc, 'DÍVIDA CONFESSADA');
  doc.text(`Contrato(s): ${term.contracts.join(', ')}.`, MARGIN);
  doc.text(`Valor total do acordo: ${total}, pago por ${term.paymentMethod}, nas parcelas abaixo.`, MARGIN);
  doc.moveDown(0.5);
  instalmentTable(doc, term.instalments);

  section(doc, 'CLÁUSULAS');
  clause(
    doc,
    1,
    `O(A) DEVEDOR(A) reconhece e confessa dever ao CREDOR a importância de ${total}, referente ao(s) contrato(s) ` +
      'acima, e se compromete a pagá-la nos valores e vencimentos da tabela deste termo.',
  );
  clause(doc, 2, RELEASE_SENTENCE);
  clause(
    doc,
    3,
    'Este termo foi aceito eletronicamente pelo(a) DEVEDOR(A) ao confirmar o acordo no portal, identificado(a) ' +
      'pelo seu CPF/CNPJ, e vale como confissão de dívida.',
  );
  return finish();
}
