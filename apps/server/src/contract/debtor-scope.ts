import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DebtScope } from '../repositories/debt-snapshot';

/**
 * The request's partner and open session, and the debt scope they make: the partner, the person and the person's
 * debt version read with the session. Debtor calls take partner and person from here, never from the body.
 */
export async function requireDebtor(app: FastifyInstance, request: FastifyRequest) {
  const partner = await app.requirePartner(request);
  const session = await app.debtorSessions.require(request, partner, 'open');
  const scope: DebtScope = {
    partnerId: partner.id,
    personId: session.person.id,
    partner,
    person: session.person,
    version: { person: session.person.debtsVersion, epoch: session.debtEpoch },
  };
  return { partner, session, scope };
}
