import { formatBrDate, formatMoney } from '@portal/domain';
import PDFDocument from 'pdfkit';
import { pdfBytes } from './pdf-output';

// The "Termo de confissão de dívida" of an agreement (spec 001 §3 flgTermoCofissao, §9 "Confession term text cites a
// 5-business-day release"), one A4 document: who owes whom, for which contracts, how much and when.

export interface ConfessionTerm {
  agreementId: number;
  /** The day the person accepted the agreement on the portal ('YYYY-MM-DD', Brasília). */
  agreedOn: string;
  /** The day and time the document is made, as shown ('dd/mm/aaaa hh:mm'). */
  issuedAt: string;
  portalName: string;
  creditor: { legalName: string; tradeName: string; document: string };
  /** The person, their CPF/CNPJ masked. */
  debtor: { name: string; document: string };
  contracts: string[];
  paymentMethod: string;
  totalCents: number;
  instalments: { label: string; dueDate: string; amountCents: number }[];
}

/** Spec 001 §9: the release of the person's name within 5 business days of the first payment. */
export const RELEASE_SENTENCE =
  'Confirmado o pagamento da primeira parcela (entrada ou parcela única), o CREDOR solicitará, em até 5 (cinco) ' +
  'dias úteis, a baixa das restrições em nome do(a) DEVEDOR(A) nos órgãos de proteção ao crédito referentes aos ' +
  'contratos deste acordo.';

export const MARGIN = 56;

type Doc = InstanceType<typeof PDFDocument>;

/** A bold heading and the normal text after it. */
export function section(doc: Doc, title: string): void {
  doc.moveDown(0.8).font('Helvetica-Bold').fontSize(11).fillColor('#000000').text(title, MARGIN);
  doc.moveDown(0.3).font('Helvetica').fontSize(10);
}

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
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: {
      Title: `Termo de confissão de dívida - acordo ${term.agreementId}`,
      Author: term.creditor.legalName,
    },
  });
  const done = pdfBytes(doc);
  const total = formatMoney(term.totalCents);

  doc
    .font('Helvetica-Bold')
    .fontSize(16)
    .text('Termo de confissão de dívida', MARGIN, MARGIN, { align: 'center' });
  doc
    .moveDown(0.3)
    .font('Helvetica')
    .fontSize(10)
    .text(
      `Acordo nº ${term.agreementId}, aceito em ${formatBrDate(term.agreedOn)} pelo portal ${term.portalName}.`,
      {
        align: 'center',
      },
    );

  section(doc, 'CREDOR');
  doc.text(
    `${term.creditor.legalName} (${term.creditor.tradeName}), CNPJ ${term.creditor.document}.`,
    MARGIN,
  );
  section(doc, 'DEVEDOR(A)');
  doc.text(`${term.debtor.name}, CPF/CNPJ ${term.debtor.document}.`, MARGIN);
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

  doc
    .moveDown(1)
    .font('Helvetica')
    .fontSize(8)
    .fillColor('#444444')
    .text(`Documento gerado em ${term.issuedAt} (horário de Brasília).`, MARGIN);
  doc.end();
  return done;
}
