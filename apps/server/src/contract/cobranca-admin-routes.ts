import type { RetornoReportAnswer } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import { findCnabFile } from '../repositories/cnab-repository';
import { REISSUE_BOLETOS_JOB } from '../scheduler/jobs';
import { generateRemessa } from '../services/payments/generate-remessa';
import {
  importRetorno,
  RETORNO_MAX_BYTES,
  type RetornoReport,
  retornoText,
} from '../services/payments/import-retorno';
import { listRemessas, remessaWire } from '../services/payments/list-remessas';
import { formCode, pageNumber } from './body-fields';
import { auditChange, staffOf } from './staff-auth';

// The boleto collection calls of the admin API (issue 17 item 2; docs/api.md "Cobrança"), registered inside
// `staffOnly`: the CNAB 240 remessas the portal writes for the bank, and the upload of the bank's retorno.

const idParam = z.object({ id: formCode });
const listQuery = z.object({ page: pageNumber });
// A wrong store code is a 400, never a run for every store.
const generateBody = z.object({ loja: formCode.optional() });
const uploadQuery = z.object({
  nome: z
    .string()
    .regex(/^[\w.-]{1,100}$/)
    .catch('retorno.ret')
    .default('retorno.ret'),
});

/** The retorno's report in the admin API's shape: every title's line, movement, our-number and what it did. */
function reportWire(report: RetornoReport): RetornoReportAnswer {
  return {
    arquivo_id: report.fileId,
    nome_arquivo: report.fileName,
    ja_importado: report.alreadyImported,
    totais: {
      aplicados: report.counts.applied,
      duplicados: report.counts.duplicate,
      nao_aplicados: report.counts.unapplied,
      de_acordo_cancelado: report.counts.agreement_cancelled,
      a_menor: report.counts.underpaid,
      rejeitados: report.counts.rejected,
      confirmados: report.counts.confirmed,
      baixados: report.counts.written_off,
      desconhecidos: report.counts.unknown,
      ignorados: report.counts.ignored,
    },
    linhas: report.lines.map((line) => ({
      linha: line.line,
      movimento: line.movement,
      movimento_texto: line.movementText,
      nosso_numero: line.ourNumber,
      resultado: line.outcome,
      motivos: line.reasons.map((r) => ({ codigo: r.code, texto: r.text })),
      valor: line.amountCents,
      valor_pago: line.paidCents,
      tarifa: line.feeCents,
      data_ocorrencia: line.occurredOn,
    })),
  };
}

export async function registerCobrancaAdminRoutes(admin: FastifyInstance, db: Db): Promise<void> {
  await admin.register(async (scope) => {
    // A retorno comes as the file's bytes as sent (the back office and any client), read as the CLI reads a file;
    // text/plain (already text) is accepted too.
    scope.addContentTypeParser('application/octet-stream', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, retornoText(body as Buffer)),
    );

    // Bank files cover every partner's boletos: administrators and auditors, never an operator.
    scope.get('/api/cobranca/remessas', { config: { staffAccess: 'oversight' } }, async (request) => {
      const { page } = listQuery.parse(request.query ?? {});
      return listRemessas(db, page);
    });

    scope.post(
      '/api/cobranca/remessas',
      { config: { staffAccess: 'administration' } },
      async (request, reply) => {
        const { loja } = generateBody.parse(request.body ?? {});
        const files = await generateRemessa(db, {
          storeId: loja,
          createdBy: `staff:${staffOf(request).username}`,
          now: new Date(),
        });
        auditChange(request, {
          entity: 'cnab_file',
          entityId: files.map((file) => file.id).join(','),
          after: files.map((file) => remessaWire(file)),
        });
        return reply.code(files.length > 0 ? 201 : 200).send({
          message: files.length > 0 ? 'Remessa gerada.' : 'Nenhum boleto novo para registrar.',
          data: files.map((file) => remessaWire(file)),
        });
      },
    );

    // A remessa names every payer and their CPF/CNPJ: each download is audited.
    scope.get(
      '/api/cobranca/remessas/:id/arquivo',
      { config: { staffAccess: 'oversight', personalData: 'cnab_file' } },
      async (request, reply) => {
        const { id } = idParam.parse(request.params);
        const file = await findCnabFile(db, id);
        if (file?.kind !== 'remessa') throw new AppError('FILE_NOT_FOUND');
        auditChange(request, { entity: 'cnab_file', entityId: id, action: 'read' });
        return reply
          .header('content-type', 'text/plain; charset=us-ascii')
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .send(file.content);
      },
    );

    scope.post(
      '/api/cobranca/retornos',
      {
        bodyLimit: RETORNO_MAX_BYTES + 1024,
        config: { staffAccess: 'administration', bodyTooLarge: new AppError('RETORNO_TOO_LARGE') },
      },
      async (request, reply) => {
        const { nome } = uploadQuery.parse(request.query ?? {});
        if (typeof request.body !== 'string' || request.body.length === 0)
          throw new AppError('RETORNO_INVALID', { erros: [{ linha: 1, mensagem: 'arquivo vazio' }] });
        const report = await importRetorno(db, {
          content: typeof request.body === 'string' ? request.body : '',
          fileName: nome,
          createdBy: `staff:${staffOf(request).username}`,
          now: new Date(),
        });
        auditChange(request, {
          entity: 'cnab_file',
          entityId: report.fileId,
          after: reportWire(report).totais,
        });
        // A new file's refused, written-off and short-paid boletos are replaced now, not at the job's next run
        // (decision 065), once the answer is sent: the job's PSP calls are not the upload's to wait on.
        if (!report.alreadyImported)
          reply.raw.once('close', () => void request.server.scheduler.runNow(REISSUE_BOLETOS_JOB));
        return {
          message: report.alreadyImported
            ? 'Este retorno já foi importado; nada foi alterado.'
            : 'Retorno importado.',
          data: reportWire(report),
        };
      },
    );
  });
}
