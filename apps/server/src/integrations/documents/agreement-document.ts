import { formatBrDate } from '@portal/domain';
import PDFDocument from 'pdfkit';
import { pdfBytes } from './pdf-output';

// What an agreement's documents (the confession term, the discharge letter) share: one A4 page that opens with the
// title, the agreement and its parties, and closes with when it was made.

export const MARGIN = 56;

type Doc = InstanceType<typeof PDFDocument>;

/** The agreement and its parties as the documents print them. */
export interface AgreementDocument {
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
}

/** A bold heading and the normal text after it. */
export function section(doc: Doc, title: string): void {
  doc.moveDown(0.8).font('Helvetica-Bold').fontSize(11).fillColor('#000000').text(title, MARGIN);
  doc.moveDown(0.3).font('Helvetica').fontSize(10);
}

/**
 * Opens a document: `title`, the agreement line (`accepted`: how the agreement was made, 'aceito'/'feito'), the
 * creditor and the debtor. `finish` prints the issue line and resolves to the PDF bytes.
 */
export function openAgreementDocument(
  title: string,
  accepted: string,
  document: AgreementDocument,
): { doc: Doc; finish: () => Promise<Buffer> } {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `${title} - acordo ${document.agreementId}`, Author: document.creditor.legalName },
  });
  const done = pdfBytes(doc);
  doc.font('Helvetica-Bold').fontSize(16).text(title, MARGIN, MARGIN, { align: 'center' });
  doc
    .moveDown(0.3)
    .font('Helvetica')
    .fontSize(10)
    .text(
      `Acordo nº ${document.agreementId}, ${accepted} em ${formatBrDate(document.agreedOn)} pelo portal ${document.portalName}.`,
      { align: 'center' },
    );
  section(doc, 'CREDOR');
  doc.text(
    `${document.creditor.legalName} (${document.creditor.tradeName}), CNPJ ${document.creditor.document}.`,
    MARGIN,
  );
  section(doc, 'DEVEDOR(A)');
  doc.text(`${document.debtor.name}, CPF/CNPJ ${document.debtor.document}.`, MARGIN);
  const finish = () => {
    doc
      .moveDown(1)
      .font('Helvetica')
      .fontSize(8)
      .fillColor('#444444')
      .text(`Documento gerado em ${document.issuedAt} (horário de Brasília).`, MARGIN);
    doc.end();
    return done;
  };
  return { doc, finish };
}
