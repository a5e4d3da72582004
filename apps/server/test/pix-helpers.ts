import type { FastifyInstance } from 'fastify';
import { hasError, isDynamicPix, parsePix } from 'pix-utils';

/** The signed payload a payer's bank reads from a location (JWS compact: header.payload.signature). */
export interface PixLocationPayload {
  calendario: { dataDeVencimento: string; validadeAposVencimento: number };
  devedor: { nome: string; cpf?: string; cnpj?: string };
  valor: { original: string };
  chave: string;
  txid: string;
  status: string;
}

export function decodeJws(jws: string): { header: Record<string, string>; payload: PixLocationPayload } {
  const [header, payload] = jws.split('.');
  const json = (segment = '') => JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
  return { header: json(header), payload: json(payload) };
}

/**
 * Reads a dynamic BR Code as a payer's bank does: pix-utils decodes it (CRC first), then the charge is fetched from
 * its location, here the local PSP the portal hosts under /psp-local.
 */
export async function pixChargeAt(app: FastifyInstance, code: string) {
  const pix = parsePix(code);
  if (hasError(pix) || !isDynamicPix(pix)) throw new Error(`not a dynamic BR Code: ${code}`);
  const path = pix.url.slice(pix.url.indexOf('/psp-local/'));
  const answer = await app.inject({ method: 'GET', url: path });
  if (answer.statusCode !== 200) throw new Error(`location ${pix.url} answered ${answer.statusCode}`);
  return { pix, ...decodeJws(answer.body) };
}
