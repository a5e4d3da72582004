import { extractText, getDocumentProxy } from 'unpdf';

/** The text of a PDF, its pages merged, every run of white space one space (line breaks fall where the layout puts them). */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}
