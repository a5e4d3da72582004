import { formatMoney } from '@portal/domain';
import PDFDocument from 'pdfkit';
import { pdfBytes } from './pdf-output';

// The card payment receipt (spec 001 §3 "Card receipt", §9 "The card receipt masks the middle digits of the CPF";
// file comp_cartao_{aci_codigo}), one A5 page.

export interface CardReceipt {
  instalmentId: number;
  company: string;
  /** The payer's CPF/CNPJ, masked. */
  document: string;
  name: string;
  /** Brand as shown and the masked card ('**** **** **** 0010'). */
  brand: string;
  cardNumber: string;
  /** dd/mm/aaaa and hh:mm:ss, Brasília. */
  paidOn: string;
  paidAt: string;
  authorisationCode: string;
  amountCents: number;
  instalments: number;
  state: string;
}

export function renderCardReceiptPdf(receipt: CardReceipt): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A5',
    margin: 40,
    info: { Title: `Comprovante de pagamento - parcela ${receipt.instalmentId}`, Author: receipt.company },
  });
  const done = pdfBytes(doc);
  doc.font('Helvetica-Bold').fontSize(14).text('Comprovante de pagamento com cartão', { align: 'center' });
  doc.moveDown();
  const lines: [string, string][] = [
    ['Empresa', receipt.company],
    ['Pagador', receipt.name],
    ['CPF/CNPJ', receipt.document],
    ['Bandeira', receipt.brand],
    ['Cartão', receipt.cardNumber],
    ['Data do pagamento', receipt.paidOn],
    ['Horário do pagamento', `${receipt.paidAt} (horário de Brasília)`],
    ['Código de autorização', receipt.authorisationCode],
    ['Valor', formatMoney(receipt.amountCents)],
    ['Parcelas no cartão', `${receipt.instalments}x`],
    ['Situação', receipt.state],
  ];
  for (const [label, value] of lines) {
    doc.font('Helvetica-Bold').fontSize(10).text(`${label}: `, { continued: true });
    doc.font('Helvetica').text(value);
    doc.moveDown(0.3);
  }
  doc.end();
  return done;
}
