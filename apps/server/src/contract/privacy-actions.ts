import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client';
import { submitRightsRequest } from '../services/privacy/submit-rights-request';
import type { ActionDefinition } from './action';
import { clientText, formText as field } from './body-fields';
import { ok } from './envelope';

// The privacy portal's rights request on api.php (spec 000 §3, §5, §7, §8; docs/api.md "Privacy portal"): public,
// for the host's partner. Strings only here; the rules and their messages are the domain's
// (privacyRequestSchema), so the form and the server say the same.

const rightsRequestBody = z.object({
  nome: field(1000),
  telefone: field(40),
  email: field(1000),
  tipoRequisicao: field(200),
  solicitacao: clientText(20_000),
});

export function privacyActions(app: FastifyInstance, db: Db): Record<string, ActionDefinition> {
  return {
    'portal/enviarSolicitacaoPrivacidade': {
      // A public form that also e-mails the address typed in it: a handful a minute per client address.
      perMinute: 5,
      handler: async (request, body) => {
        const input = rightsRequestBody.parse(body);
        // The data subject's rights (LGPD art. 18) outlive the portal: a switched-off partner still receives them.
        const partner = await app.requirePartner(request, { evenSwitchedOff: true });
        const submitted = await submitRightsRequest(db, partner, input);
        return ok({ protocolo: submitted.protocol, prazo: submitted.dueOn }, submitted.message);
      },
    },
  };
}
