import type { FastifyReply } from 'fastify';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * A file of one person (a boleto, their data, a CV) for this browser only: never kept by a shared cache, never
 * sniffed as another type; `inline` opens in the browser, `attachment` saves it.
 */
export function privateFile(
  reply: FastifyReply,
  file: { type: string; name: string; disposition: 'inline' | 'attachment' },
): FastifyReply {
  return reply
    .header('content-type', file.type)
    .header('content-disposition', `${file.disposition}; filename="${file.name}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store');
}
