import { formatBrDate, formatMoney, interleaved2of5 } from '@portal/domain';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';

// Boletos as a PDF, one A4 page each: the payer's receipt, then the "ficha de compensação" of the FEBRABAN layout
// with its Interleaved 2 of 5 barcode, and the PIX QR code of the same charge (boleto híbrido).

export interface BoletoDocument {
  /** The page's title: '2ª via de boleto', 'Boleto do acordo'. */
  heading: string;
  bankName: string;
  /** 'BBB-D', the bank code with its check digit as printed in the header. */
  bankCodeWithDigit: string;
  digitableLine: string;
  barcode: string;
  dueDate: string;
  amountCents: number;
  ourNumber: string;
  agreement: string;
  wallet: string;
  documentNumber: string;
  issuedOn: string;
  beneficiary: { name: string; document: string };
  payer: { name: string; document: string; address: string | null };
  instructions: string[];
  pixCode: string;
}

/** The payer's postal address on one line, from what is on file; null when nothing is. */
export function payerAddress(person: {
  street: string | null;
  streetNumber: string | null;
  district: string | null;
  city: string | null;
  state: string | null;
  cep: string | null;
}): string | null {
  const address = [
    [person.street, person.streetNumber].filter(Boolean).join(', '),
    person.district,
    [person.city, person.state].filter(Boolean).join('/'),
    person.cep,
  ]
    .filter(Boolean)
    .join(' - ');
  return address || null;
}

const MM = 72 / 25.4;
/** FEBRABAN: the barcode is 103 mm long and 13 mm high. */
const BARCODE_WIDTH = 103 * MM;
const BARCODE_HEIGHT = 13 * MM;
const PAGE_MARGIN = 36;
const ROW_HEIGHT = 24;

type Doc = InstanceType<typeof PDFDocument>;

function cell(
  doc: Doc,
  x: number,
  y: number,
  width: number,
  label: string,
  value: string,
  bold = false,
): void {
  doc.rect(x, y, width, ROW_HEIGHT).lineWidth(0.5).stroke('#333333');
  doc
    .font('Helvetica')
    .fontSize(6)
    .fillColor('#444444')
    .text(label, x + 3, y + 2, { width: width - 6 });
  doc
    .font(bold ? 'Helvetica-Bold' : 'Helvetica')
    .fontSize(9)
    .fillColor('#000000')
    .text(value, x + 3, y + 11, { width: width - 6, height: 12, ellipsis: true, lineBreak: false });
}

function header(doc: Doc, boleto: BoletoDocument, y: number, width: number, line: string): void {
  doc
    .font('Helvetica-Bold')
    .fontSize(13)
    .fillColor('#000000')
    .text(boleto.bankName, PAGE_MARGIN, y + 4);
  doc
    .font('Helvetica-Bold')
    .fontSize(13)
    .text(`| ${boleto.bankCodeWithDigit} |`, PAGE_MARGIN + 120, y + 4);
  doc
    .font('Helvetica-Bold')
    .fontSize(10.5)
    .text(line, PAGE_MARGIN + 190, y + 6, { width: width - 190, align: 'right' });
  doc
    .moveTo(PAGE_MARGIN, y + 22)
    .lineTo(PAGE_MARGIN + width, y + 22)
    .lineWidth(1.5)
    .stroke('#000000');
}

function drawBarcode(doc: Doc, barcode: string, x: number, y: number): void {
  const widths = interleaved2of5(barcode);
  const unit = BARCODE_WIDTH / widths.reduce((sum, w) => sum + w, 0);
  let position = x;
  widths.forEach((w, index) => {
    if (index % 2 === 0) doc.rect(position, y, w * unit, BARCODE_HEIGHT).fill('#000000');
    position += w * unit;
  });
}

function drawQrCode(doc: Doc, text: string, x: number, y: number, size: number): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const module = size / modules.size;
  for (let row = 0; row < modules.size; row++)
    for (let col = 0; col < modules.size; col++)
      if (modules.get(row, col)) doc.rect(x + col * module, y + row * module, module, module).fill('#000000');
}

/** Renders the boletos, one page each, in order; resolves to the PDF bytes. */
export function renderBoletosPdf(boletos: readonly BoletoDocument[]): Promise<Buffer> {
  const [first] = boletos;
  if (!first) throw new RangeError('A boleto PDF needs a boleto');
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE_MARGIN,
    autoFirstPage: false,
    info: { Title: `${first.heading} - ${first.beneficiary.name}`, Author: first.beneficiary.name },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  for (const boleto of boletos) {
    doc.addPage();
    drawBoletoPage(doc, boleto);
  }
  doc.end();
  return done;
}

function drawBoletoPage(doc: Doc, boleto: BoletoDocument): void {
  const width = doc.page.width - PAGE_MARGIN * 2;
  const amount = formatMoney(boleto.amountCents);
  const due = formatBrDate(boleto.dueDate);
  const payerLine = `${boleto.payer.name} - CPF/CNPJ ${boleto.payer.document}`;
  const beneficiaryLine = `${boleto.beneficiary.name} - CNPJ ${boleto.beneficiary.document}`;
  const agreement = `${boleto.agreement} / ${boleto.wallet}`;

  // Payer's receipt.
  let y = PAGE_MARGIN;
  doc.font('Helvetica-Bold').fontSize(12).text(boleto.heading, PAGE_MARGIN, y);
  doc.font('Helvetica').fontSize(8).text('Recibo do Pagador', PAGE_MARGIN, y, { width, align: 'right' });
  y += 20;
  header(doc, boleto, y, width, boleto.digitableLine);
  y += 28;
  const half = width / 2;
  const quarter = width / 4;
  cell(doc, PAGE_MARGIN, y, half, 'Beneficiário', beneficiaryLine);
  cell(doc, PAGE_MARGIN + half, y, quarter, 'Vencimento', due, true);
  cell(doc, PAGE_MARGIN + half + quarter, y, quarter, 'Valor do documento', amount, true);
  y += ROW_HEIGHT;
  cell(doc, PAGE_MARGIN, y, half, 'Pagador', payerLine);
  cell(doc, PAGE_MARGIN + half, y, quarter, 'Nosso número', boleto.ourNumber);
  cell(doc, PAGE_MARGIN + half + quarter, y, quarter, 'Nº do documento', boleto.documentNumber);
  y += ROW_HEIGHT + 14;
  doc
    .moveTo(PAGE_MARGIN, y)
    .lineTo(PAGE_MARGIN + width, y)
    .dash(3, { space: 3 })
    .lineWidth(0.5)
    .stroke('#666666')
    .undash();
  doc
    .font('Helvetica')
    .fontSize(6)
    .fillColor('#666666')
    .text('Corte na linha pontilhada', PAGE_MARGIN, y + 2);
  y += 16;

  // Ficha de compensação.
  header(doc, boleto, y, width, boleto.digitableLine);
  y += 28;
  const main = width * 0.72;
  const side = width - main;
  const rows: [string, string, string, string, boolean?][] = [
    [
      'Local de pagamento',
      'Pagável em qualquer banco, lotérica ou aplicativo do seu banco',
      'Vencimento',
      due,
      true,
    ],
    ['Beneficiário', beneficiaryLine, 'Convênio / Carteira', agreement],
    [
      'Data do documento / Nº do documento',
      `${formatBrDate(boleto.issuedOn)} / ${boleto.documentNumber}`,
      'Nosso número',
      boleto.ourNumber,
    ],
    [
      'Espécie / Aceite / Data de processamento',
      `R$ / N / ${formatBrDate(boleto.issuedOn)}`,
      '(=) Valor do documento',
      amount,
      true,
    ],
  ];
  for (const [label, value, sideLabel, sideValue, bold] of rows) {
    cell(doc, PAGE_MARGIN, y, main, label, value);
    cell(doc, PAGE_MARGIN + main, y, side, sideLabel, sideValue, bold);
    y += ROW_HEIGHT;
  }
  const instructionsHeight = ROW_HEIGHT * 3;
  doc.rect(PAGE_MARGIN, y, main, instructionsHeight).lineWidth(0.5).stroke('#333333');
  doc
    .font('Helvetica')
    .fontSize(6)
    .fillColor('#444444')
    .text('Instruções', PAGE_MARGIN + 3, y + 2);
  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor('#000000')
    .text(boleto.instructions.join('\n'), PAGE_MARGIN + 3, y + 11, { width: main - 6 });
  for (const [index, label] of [
    '(-) Desconto / Abatimento',
    '(+) Mora / Multa',
    '(=) Valor cobrado',
  ].entries())
    cell(doc, PAGE_MARGIN + main, y + index * ROW_HEIGHT, side, label, '');
  y += instructionsHeight;
  doc
    .rect(PAGE_MARGIN, y, width, ROW_HEIGHT + 10)
    .lineWidth(0.5)
    .stroke('#333333');
  doc
    .font('Helvetica')
    .fontSize(6)
    .fillColor('#444444')
    .text('Pagador', PAGE_MARGIN + 3, y + 2);
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor('#000000')
    .text([payerLine, boleto.payer.address].filter(Boolean).join('\n'), PAGE_MARGIN + 3, y + 10, {
      width: width - 6,
    });
  y += ROW_HEIGHT + 18;
  drawBarcode(doc, boleto.barcode, PAGE_MARGIN, y);
  doc
    .font('Helvetica')
    .fontSize(6)
    .fillColor('#444444')
    .text('Autenticação mecânica - Ficha de Compensação', PAGE_MARGIN + BARCODE_WIDTH + 12, y, {
      width: width - BARCODE_WIDTH - 12,
      align: 'right',
    });
  y += BARCODE_HEIGHT + 24;

  // PIX for the same amount.
  const qrSize = 110;
  drawQrCode(doc, boleto.pixCode, PAGE_MARGIN, y, qrSize);
  const textX = PAGE_MARGIN + qrSize + 14;
  doc.font('Helvetica-Bold').fontSize(11).fillColor('#000000').text(`Pague com PIX: ${amount}`, textX, y);
  doc
    .font('Helvetica')
    .fontSize(8)
    .text(
      'Abra o aplicativo do seu banco, escolha PIX e leia o QR code, ou use o código "copia e cola":',
      textX,
      y + 18,
      {
        width: width - qrSize - 14,
      },
    );
  doc
    .font('Courier')
    .fontSize(7)
    .text(boleto.pixCode, textX, y + 42, { width: width - qrSize - 14 });
}
