import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DebtorSession } from '../plugins/debtor-session';
import type { DebtScope } from '../repositories/debt-snapshot';
import type { PartnerRow } from '../repositories/partner-repository';

/** The debt scope of a partner and a session: the partner, the person and the person's debt version read with it. */
export function debtorScope<S extends DebtorSession>(partner: PartnerRow, session: S) {
  const scope: DebtScope = {
    partnerId: partner.id,
    personId: session.person.id,
    partner,
    person: session.person,
    version: { person: session.person.debtsVersion, epoch: session.debtEpoch },
  };
  return { partner, session, scope };
}

/**
 * The request's partner and open session, and the debt scope they make. Debtor calls take partner and person from
 * here, never from the body.
 */
export async function requireDebtor(app: FastifyInstance, request: FastifyRequest) {
  const partner = await app.requirePartner(request);
  return debtorScope(partner, await app.debtorSessions.require(request, partner, 'open'));
}

/** requireDebtor for the debt listing: its session comes with the listing's other reads (one statement). */
export async function requireDebtorListingDebts(app: FastifyInstance, request: FastifyRequest) {
  const partner = await app.requirePartner(request);
  return debtorScope(partner, await app.debtorSessions.requireListingDebts(request, partner));
}

/**
 * Who sends a public form (contact, proposal): the person of the request's open session on the partner, or null for
 * an anonymous sender. Never the CPF/CNPJ typed in the form, which may be anyone's (docs/decisions/054).
 */
export async function formSender(app: FastifyInstance, request: FastifyRequest, partner: PartnerRow) {
  return (await app.debtorSessions.find(request, partner))?.person.id ?? null;
}
