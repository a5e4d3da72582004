import type PDFDocument from 'pdfkit';

/**
 * The bytes a pdfkit document writes, once it ends. Call it before drawing (pdfkit streams pages as they are drawn),
 * then draw and call `doc.end()`.
 */
export function pdfBytes(doc: InstanceType<typeof PDFDocument>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}
