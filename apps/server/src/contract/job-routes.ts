import { JOB_CV_MAX_BYTES, JOB_MESSAGES } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import { createJobApplication } from '../services/jobs/create-job-application';
import { deleteJobApplication } from '../services/jobs/delete-job-application';
import { listJobApplications } from '../services/jobs/list-job-applications';
import { readJobCv } from '../services/jobs/read-job-cv';
import {
  clientText,
  formText as field,
  formBoolean,
  formCode,
  idempotencyKeyHeader,
  lineText,
  pageNumber,
} from './body-fields';
import { ok } from './envelope';
import { privateFile } from './private-file';
import { auditChange, auditTrailOf, scopeOf, staffOnly } from './staff-auth';

// The job form (spec 002 §2 "Job form"; docs/api.md "Job applications"). Its CV travels as base64 in a JSON body,
// which a 5 MB PDF makes about 7 MB: this one route gets a body limit of its own instead of raising the global
// 1 MB for every call. Staff list the applications and download the CVs with the bearer token.

/** base64 of a 5 MB file (4 characters per 3 bytes) plus room for the other fields. */
const JOB_BODY_LIMIT = Math.ceil(JOB_CV_MAX_BYTES / 3) * 4 + 64 * 1024;

const applicationBody = z.object({
  nome: field(500),
  telefone: field(40),
  email: field(500),
  tipoDeAtuacao: field(100),
  interesse: field(100),
  mensagem: clientText(10_000),
  consentimento: formBoolean.default(false),
  curriculo: lineText(JOB_BODY_LIMIT).default(''),
});
const applicationsQuery = z.object({
  page: pageNumber,
  parceiro: formCode.optional().catch(undefined),
});
const idParams = z.object({ id: formCode });

export async function registerJobRoutes(
  app: FastifyInstance,
  deps: { db: Db; cvDir: string },
): Promise<void> {
  app.post(
    '/api/trabalhe-conosco',
    {
      bodyLimit: JOB_BODY_LIMIT,
      config: {
        // A public form with a large body: a few a minute per client address.
        rateLimit: { max: 5, timeWindow: 60_000 },
        // A body over the limit is a CV over 5 MB: say so, under its field.
        bodyTooLarge: new AppError('JOB_CV_TOO_LARGE', { curriculo: JOB_MESSAGES.cv }),
      },
    },
    async (request) => {
      const input = applicationBody.parse(request.body ?? {});
      const key = idempotencyKeyHeader.parse(request.headers)['idempotency-key'];
      const partner = await app.requirePartner(request);
      const { id, message } = await createJobApplication(deps, partner, input, key);
      return ok({ id }, message);
    },
  );

  await app.register(
    staffOnly(deps.db, (admin) => {
      // Applications carry people's names and contacts: every read is audited.
      const config = { staffAccess: 'read', personalData: 'job_application' } as const;
      admin.get('/api/candidaturas', { config }, async (request) => {
        const query = applicationsQuery.parse(request.query ?? {});
        return listJobApplications(deps.db, scopeOf(request), {
          page: query.page,
          partnerId: query.parceiro,
        });
      });

      // A candidate's erasure or withdrawn consent (decision 051): the row, its CV and its e-mail's text go.
      admin.delete('/api/candidaturas/:id', { config: { staffAccess: 'write' } }, async (request) => {
        const { id } = idParams.parse(request.params);
        await deleteJobApplication(deps, auditTrailOf(request), scopeOf(request), id, 'holder-request');
        return { message: JOB_MESSAGES.deleted };
      });

      admin.get('/api/curriculos/:id', { config }, async (request, reply) => {
        const { id } = idParams.parse(request.params);
        const cv = await readJobCv(deps, scopeOf(request), id);
        auditChange(request, { entity: 'job_application', entityId: id, action: 'read' });
        // An attachment never rendered in the portal's origin, never sniffed, never kept by a shared cache.
        return privateFile(reply, {
          type: 'application/pdf',
          name: cv.fileName,
          disposition: 'attachment',
        }).send(cv.bytes);
      });
    }),
  );
}
