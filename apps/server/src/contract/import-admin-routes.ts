import { PassThrough, type Readable } from 'node:stream';
import type { ImportRunSummary } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../errors';
import { findImportRun, listImportRuns } from '../repositories/import-run-repository';
import { importRunAnswer } from '../services/import/import-run-answer';
import {
  IMPORT_MAX_BYTES,
  type ImportDeps,
  liveImportRun,
  startPortfolioImport,
} from '../services/import/start-portfolio-import';
import { formCode } from './body-fields';
import { auditTrailOf } from './staff-auth';

// The portfolio import of the admin API (issue 18 item 2; docs/api.md "Importação"; decision 028), registered inside
// `staffOnly`. Administrators only: a file upserts persons and stores that other partners' portals show too.

const CSV_TYPES = ['text/csv', 'application/octet-stream'];
const RUNS_LISTED = 20;
const idParam = z.object({ id: formCode });
const uploadQuery = z.object({
  parceiro: formCode,
  // The name is only shown back: anything outside a plain file name becomes '_'.
  nome: z
    .string()
    .transform((name) => name.replace(/[^\p{L}\p{N} ._()-]/gu, '_').slice(0, 100) || 'carteira.csv')
    .catch('carteira.csv')
    .default('carteira.csv'),
});

export async function registerImportAdminRoutes(admin: FastifyInstance, deps: ImportDeps): Promise<void> {
  const { db } = deps.database;
  await admin.register(async (scope) => {
    // The file's bytes reach the use case as a stream: it is written to disk as it arrives, never held whole.
    scope.addContentTypeParser(CSV_TYPES, (_request, payload, done) => done(null, payload));

    // The list counts each run's problems; their messages quote the file's values (a person's e-mail, phone or
    // CPF/CNPJ), so only one run's read lists them, and it is audited.
    scope.get('/api/importacoes', { config: { staffAccess: 'oversight' } }, async () => {
      const rows = await listImportRuns(db, RUNS_LISTED);
      return {
        data: rows.map((row): ImportRunSummary => {
          const { problemas: _, ...run } = liveImportRun(db, row.id) ?? importRunAnswer(row);
          return run;
        }),
      };
    });

    scope.get(
      '/api/importacoes/:id',
      { config: { staffAccess: 'oversight', personalData: 'import_run' } },
      async (request) => {
        const { id } = idParam.parse(request.params);
        const live = liveImportRun(db, id);
        if (live) return { data: live };
        const row = await findImportRun(db, id);
        if (!row) throw new AppError('IMPORT_RUN_NOT_FOUND');
        return { data: importRunAnswer(row) };
      },
    );

    // The answer is the run as it goes, one JSON line each (application/x-ndjson), the last one as it ended: the
    // progress reaches the uploader from memory, also while the embedded database is busy with the import.
    scope.post(
      '/api/importacoes',
      { config: { staffAccess: 'administration' }, compress: false },
      async (request, reply) => {
        const { parceiro, nome } = uploadQuery.parse(request.query ?? {});
        const body = request.body as Readable | undefined;
        if (!CSV_TYPES.includes(request.headers['content-type']?.split(';')[0]?.trim() ?? '') || !body?.pipe)
          throw new AppError('IMPORT_NOT_CSV');
        if (Number(request.headers['content-length'] ?? 0) > IMPORT_MAX_BYTES) {
          body.resume();
          throw new AppError('IMPORT_TOO_LARGE');
        }
        const lines = new PassThrough();
        const started = await startPortfolioImport(
          deps,
          auditTrailOf(request),
          { body, fileName: nome, partnerId: parceiro },
          (run) => {
            lines.write(`${JSON.stringify(run)}\n`);
            if (run.status !== 'running') lines.end();
          },
        ).catch((error: unknown) => {
          // A refusal before the file was read: the rest of it is read and dropped, so the client, still sending,
          // gets the answer rather than a connection cut short.
          body.resume();
          throw error;
        });
        started.finished.catch((error: unknown) => request.log.error(error, 'portfolio import'));
        return reply.code(202).header('content-type', 'application/x-ndjson; charset=utf-8').send(lines);
      },
    );
  });
}
