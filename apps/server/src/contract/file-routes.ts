import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import { findFile } from '../repositories/file-repository';

const fileParams = z.object({ name: z.string().regex(/^[0-9a-f]{64}\.[a-z0-9]{2,5}$/) });

export function registerFileRoutes(app: FastifyInstance, db: Db): void {
  // Files are content-addressed, so a URL never changes meaning and can be cached for a year.
  app.get('/files/:name', async (request, reply) => {
    const { name } = fileParams.parse(request.params);
    const sha256 = name.slice(0, 64);
    const file = await findFile(db, sha256);
    if (!file || !name.endsWith(`.${file.extension}`)) throw new AppError('FILE_NOT_FOUND');
    if (request.headers['if-none-match'] === `"${sha256}"`) return reply.code(304).send();
    return reply
      .header('content-type', file.mimeType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('etag', `"${sha256}"`)
      .header('x-content-type-options', 'nosniff')
      .send(file.bytes);
  });
}
