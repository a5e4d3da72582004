import { todayInBrasilia } from '@portal/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import type { DebtScope } from '../repositories/debt-snapshot';
import { erasePersonData } from '../services/privacy/erase-person-data';
import { exportPersonData } from '../services/privacy/export-person-data';
import { renderPersonDataPdf } from '../services/privacy/person-data-pdf';
import type { ActionDefinition } from './action';
import { requireDebtor } from './debtor-scope';
import { ok } from './envelope';
import { privateFile } from './private-file';

// "Meus dados" (issue 6 item 1, docs/api.md "My data"; docs/decisions/010): the identified person downloads what the
// portal holds about them on this partner and can ask for its erasure. Only an open session reaches them; partner
// and person come from the session, never from the request.

const download = { config: { rateLimit: { max: 10, timeWindow: 60_000 } } };

export function myDataActions(app: FastifyInstance, db: Db): Record<string, ActionDefinition> {
  const scopeOf = async (request: FastifyRequest): Promise<DebtScope> =>
    (await requireDebtor(app, request)).scope;
  // Personal data: an attachment for this browser only.
  const attachment = (reply: FastifyReply, type: string, name: string) =>
    privateFile(reply, { type, name, disposition: 'attachment' });
  const fileName = (scope: DebtScope, extension: string) =>
    `meus-dados-${scope.partner.identifier}-${todayInBrasilia()}.${extension}`;

  app.get('/api/meus-dados.json', download, async (request, reply) => {
    const scope = await scopeOf(request);
    const data = await exportPersonData(db, scope);
    return attachment(reply, 'application/json; charset=utf-8', fileName(scope, 'json')).send(
      JSON.stringify(data, null, 2),
    );
  });

  app.get('/api/meus-dados.pdf', download, async (request, reply) => {
    const scope = await scopeOf(request);
    const pdf = await renderPersonDataPdf(await exportPersonData(db, scope));
    return attachment(reply, 'application/pdf', fileName(scope, 'pdf')).send(pdf);
  });

  return {
    // Executed at once: the answer carries the protocol and the session is over.
    'portal/solicitarEliminacaoDados': {
      perMinute: 3,
      handler: async (request, _body, reply) => {
        const result = await erasePersonData(db, await scopeOf(request));
        await app.debtorSessions.end(request, reply);
        return ok(
          {
            protocolo: result.protocol,
            cadastroEliminado: result.registrationErased,
            emailEnviado: result.emailQueued,
          },
          `Seus dados foram eliminados. Protocolo ${result.protocol}.`,
        );
      },
    },
  };
}
