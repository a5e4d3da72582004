import {
  AGREEMENT_ADMIN_MESSAGES,
  AGREEMENT_PAYMENT_METHODS,
  AGREEMENT_STATUS_NAMES,
  agreementCancelSchema,
  firstIssue,
  normalizeDocument,
  UNAPPLIED_MONEY_MESSAGES,
  UNAPPLIED_SITUATIONS,
  unappliedResolutionSchema,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import type { PaymentProviders } from '../integrations/payments/payment-provider';
import type { AgreementAdminFilters } from '../repositories/agreement-admin-repository';
import { buildAgreementsSheet, buildPaymentsSheet } from '../services/agreements/build-agreements-sheets';
import { listStaffAgreements } from '../services/agreements/list-staff-agreements';
import {
  getStaffAgreement,
  STAFF_DOCUMENTS,
  staffAgreementDocument,
} from '../services/agreements/staff-agreement';
import { cancelAgreement } from '../services/lifecycle/cancel-agreement';
import { listPaymentsReceived } from '../services/payments/list-payments-received';
import { listUnappliedMoney } from '../services/payments/list-unapplied-money';
import { resolveUnappliedMoney } from '../services/payments/resolve-unapplied-money';
import { downloadFlag, tickedInstalments } from './agreement-actions';
import { formCode, lineText, pageNumber, queryFilter } from './body-fields';
import { privateFile, XLSX_TYPE } from './private-file';
import { optionalReportPeriodOf, reportPeriodOf } from './report-query';
import { auditTrailOf, scopeOf } from './staff-auth';

// Agreements and payments in the back office (issue 18 item 3; decision 029; docs/api.md "Agreements and payments"),
// registered inside `staffOnly`. The debtor's own agreement routes live under /api/acordos; staff's under
// /api/gestao, so the two never share a path.

const storeFilters = { parceiro: queryFilter(formCode), loja: queryFilter(formCode) };
const listQuery = z.object({
  page: pageNumber,
  ...storeFilters,
  status: queryFilter(z.enum(AGREEMENT_STATUS_NAMES)),
  forma_pagamento: queryFilter(z.enum(AGREEMENT_PAYMENT_METHODS)),
  cpf_cnpj: queryFilter(lineText(30)),
});
const paymentsQuery = z.object(storeFilters);
const unappliedQuery = z.object({
  page: pageNumber,
  ...storeFilters,
  situacao: queryFilter(z.enum(UNAPPLIED_SITUATIONS)),
});
const idParam = z.object({ id: formCode });
const documentParams = z.object({ id: formCode, documento: z.enum(STAFF_DOCUMENTS) });
const documentQuery = z.object({ parcelas: tickedInstalments.optional(), download: downloadFlag });

function agreementQueryOf(query: unknown): { filters: AgreementAdminFilters; page: number } {
  const parsed = listQuery.parse(query ?? {});
  const cpfCnpj = parsed.cpf_cnpj === undefined ? undefined : normalizeDocument(parsed.cpf_cnpj);
  return {
    filters: {
      partnerId: parsed.parceiro,
      storeId: parsed.loja,
      status: parsed.status,
      paymentMethod: parsed.forma_pagamento,
      period: optionalReportPeriodOf(query),
      cpfCnpj: cpfCnpj || undefined,
    },
    page: parsed.page,
  };
}

function paymentsFiltersOf(query: unknown) {
  const parsed = paymentsQuery.parse(query ?? {});
  return { partnerId: parsed.parceiro, storeId: parsed.loja, period: reportPeriodOf(query) };
}

function unappliedQueryOf(query: unknown) {
  const parsed = unappliedQuery.parse(query ?? {});
  return {
    filters: {
      partnerId: parsed.parceiro,
      storeId: parsed.loja,
      situation: parsed.situacao,
      period: reportPeriodOf(query),
    },
    page: parsed.page,
  };
}

export function registerAgreementAdminRoutes(
  admin: FastifyInstance,
  deps: { db: Db; providers: PaymentProviders },
): void {
  const { db } = deps;
  // Agreements name people and their CPF/CNPJ: every read is audited.
  const personal = { staffAccess: 'read', personalData: 'agreement' } as const;

  admin.get('/api/gestao/acordos', { config: personal }, async (request) => {
    const { filters, page } = agreementQueryOf(request.query);
    return listStaffAgreements(db, scopeOf(request), filters, page);
  });

  admin.get('/api/gestao/acordos/planilha', { config: personal }, async (request, reply) => {
    const { filters } = agreementQueryOf(request.query);
    const { data } = await listStaffAgreements(db, scopeOf(request), filters, 0);
    return privateFile(reply, { type: XLSX_TYPE, name: 'acordos.xlsx', disposition: 'attachment' }).send(
      await buildAgreementsSheet(data),
    );
  });

  admin.get('/api/gestao/acordos/:id', { config: personal }, async (request) => {
    const { id } = idParam.parse(request.params);
    const data = await getStaffAgreement(db, scopeOf(request), id);
    return { data };
  });

  admin.get('/api/gestao/acordos/:id/:documento', { config: personal }, async (request, reply) => {
    const { id, documento } = documentParams.parse(request.params);
    const { parcelas, download } = documentQuery.parse(request.query ?? {});
    const { name, pdf } = await staffAgreementDocument(db, scopeOf(request), id, documento, parcelas);
    return privateFile(reply, {
      type: 'application/pdf',
      name,
      disposition: download === '1' ? 'attachment' : 'inline',
    }).send(pdf);
  });

  admin.post('/api/gestao/acordos/:id/cancelar', { config: { staffAccess: 'write' } }, async (request) => {
    const { id } = idParam.parse(request.params);
    const input = firstIssue(agreementCancelSchema, request.body ?? {});
    if (!input.ok) throw new AppError('INVALID_INPUT', { [input.field]: input.message });
    const cancelled = await cancelAgreement(
      { ...deps, log: request.log },
      auditTrailOf(request),
      id,
      input.data.motivo,
    );
    return {
      message: cancelled ? AGREEMENT_ADMIN_MESSAGES.cancelled : AGREEMENT_ADMIN_MESSAGES.alreadyCancelled,
      data: await getStaffAgreement(db, scopeOf(request), id),
    };
  });

  admin.get('/api/gestao/pagamentos', { config: { staffAccess: 'read' } }, async (request) =>
    listPaymentsReceived(db, scopeOf(request), paymentsFiltersOf(request.query)),
  );

  admin.get(
    '/api/gestao/pagamentos/planilha',
    { config: { staffAccess: 'read' } },
    async (request, reply) => {
      const answer = await listPaymentsReceived(db, scopeOf(request), paymentsFiltersOf(request.query));
      return privateFile(reply, { type: XLSX_TYPE, name: 'pagamentos.xlsx', disposition: 'attachment' }).send(
        await buildPaymentsSheet(answer),
      );
    },
  );

  // Decision 063: the money that paid no instalment, one amount a row, and what staff did with each.
  admin.get('/api/gestao/nao-aplicados', { config: { staffAccess: 'read' } }, async (request) => {
    const { filters, page } = unappliedQueryOf(request.query);
    return listUnappliedMoney(db, scopeOf(request), filters, page);
  });

  // An agreement instalment's unapplied event, and a second copy payment's part that paid nothing (decision 061).
  for (const [path, origin] of [
    ['/api/gestao/nao-aplicados/:id/resolucao', 'agreement'],
    ['/api/gestao/nao-aplicados/segundas-vias/:id/resolucao', 'second_copy'],
  ] as const)
    admin.post(path, { config: { staffAccess: 'write' } }, async (request) => {
      const { id } = idParam.parse(request.params);
      const input = firstIssue(unappliedResolutionSchema, request.body ?? {});
      if (!input.ok) throw new AppError('INVALID_INPUT', { [input.field]: input.message });
      const { resolved, item } = await resolveUnappliedMoney(
        db,
        auditTrailOf(request),
        origin,
        id,
        input.data,
      );
      return {
        message: resolved ? UNAPPLIED_MONEY_MESSAGES.resolved : UNAPPLIED_MONEY_MESSAGES.alreadyResolved,
        data: item,
      };
    });
}
