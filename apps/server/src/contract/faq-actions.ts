import { FAQ_MESSAGES, FAQ_SHARED } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client';
import { createFaq } from '../services/faq/create-faq';
import { deleteFaq } from '../services/faq/delete-faq';
import { listFaq } from '../services/faq/list-faq';
import { updateFaq } from '../services/faq/update-faq';
import type { ActionDefinition } from './action';
import { areaText, formCode, lineText } from './body-fields';
import { ok } from './envelope';
import { auditTrailOf, requireStaff } from './staff-auth';

// The FAQ calls of spec 002 §7 on api.php (docs/api.md "FAQ"): getDuvidas is public (the debtor area's FAQ, spec
// 001 §7) and answers the list of the host's partner; the three writes are the back office's and need a staff bearer
// token, checked before the body is read: administrators on any list, operators on their partners' (issue 18 item 8).

// Strings only; the rules (required, length, whose list) are the use case's, so their messages are the spec's. The
// coarse cap keeps a huge value from being trimmed and counted. A new entry that names no partner goes to the shared
// list, as before partners had their own; an edited one stays in its list.
const entry = z.object({
  titulo: lineText(20_000).default(''),
  descricao: areaText(20_000).default(''),
  parceiro: lineText(20).default(FAQ_SHARED),
});
// Built once: a zod schema compiles itself on its first parse, so one made per call costs more than the call.
const listBody = z.object({ codigo: z.union([z.literal(''), formCode]).optional() });
const codeBody = z.object({ codigo: formCode });
const updateBody = entry.extend({ codigo: formCode, parceiro: lineText(20).optional() });

export function faqActions(app: FastifyInstance, db: Db): Record<string, ActionDefinition> {
  const actions: Record<string, ActionDefinition> = {
    'portal/getDuvidas': {
      perMinute: 120,
      handler: async (request, body) => {
        const { codigo } = listBody.parse(body);
        const partner = await app.requirePartner(request);
        return ok({ duvidas: await listFaq(db, partner.id, codigo === '' ? undefined : codigo) });
      },
    },
    'portal/cadastrarDuvida': {
      perMinute: 60,
      handler: async (request, body, reply) => {
        const staff = await requireStaff(db, request, reply, 'write');
        const duvida = await createFaq(db, auditTrailOf(request), staff.scope, entry.parse(body));
        return ok({ duvida }, FAQ_MESSAGES.created);
      },
    },
    'portal/atualizarDuvida': {
      perMinute: 60,
      handler: async (request, body, reply) => {
        const staff = await requireStaff(db, request, reply, 'write');
        const { codigo, ...input } = updateBody.parse(body);
        const duvida = await updateFaq(db, auditTrailOf(request), staff.scope, codigo, input);
        return ok({ duvida }, FAQ_MESSAGES.updated);
      },
    },
    'portal/deletarDuvida': {
      perMinute: 60,
      handler: async (request, body, reply) => {
        const staff = await requireStaff(db, request, reply, 'write');
        const { codigo } = codeBody.parse(body);
        await deleteFaq(db, auditTrailOf(request), staff.scope, codigo);
        return ok(null, FAQ_MESSAGES.deleted);
      },
    },
  };
  return actions;
}
