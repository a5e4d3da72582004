import { FAQ_MESSAGES } from '@portal/domain';
import { z } from 'zod';
import type { Db } from '../db/client';
import { listFaqRows } from '../repositories/faq-repository';
import { createFaq } from '../services/faq/create-faq';
import { deleteFaq } from '../services/faq/delete-faq';
import { listFaq } from '../services/faq/list-faq';
import { updateFaq } from '../services/faq/update-faq';
import type { ActionDefinition } from './action';
import { areaText, formCode, lineText } from './body-fields';
import { ok } from './envelope';
import { auditChange, requireStaff } from './staff-auth';

// The FAQ calls of spec 002 §7 on api.php (docs/api.md "FAQ"): getDuvidas is public (the debtor area's FAQ, spec
// 001 §7), the three writes are the back office's and need a staff bearer token, checked before the body is read.

// Strings only; the rules (required, length) are the use case's, so their messages are the spec's. The coarse
// cap keeps a huge value from being trimmed and counted.
const entry = z.object({ titulo: lineText(20_000).default(''), descricao: areaText(20_000).default('') });
// Built once: a zod schema compiles itself on its first parse, so one made per call costs more than the call.
const listBody = z.object({ codigo: z.union([z.literal(''), formCode]).optional() });
const codeBody = z.object({ codigo: formCode });
const updateBody = entry.extend({ codigo: formCode });

export function faqActions(db: Db): Record<string, ActionDefinition> {
  const actions: Record<string, ActionDefinition> = {
    'portal/getDuvidas': {
      perMinute: 120,
      handler: async (_request, body) => {
        const { codigo } = listBody.parse(body);
        return ok({ duvidas: await listFaq(db, codigo === '' ? undefined : codigo) });
      },
    },
    'portal/cadastrarDuvida': {
      perMinute: 60,
      handler: async (request, body, reply) => {
        await requireStaff(db, request, reply, 'administration');
        const duvida = await createFaq(db, entry.parse(body));
        auditChange(request, { entity: 'faq', entityId: duvida.codigo, after: duvida });
        return ok({ duvida }, FAQ_MESSAGES.created);
      },
    },
    'portal/atualizarDuvida': {
      perMinute: 60,
      handler: async (request, body, reply) => {
        await requireStaff(db, request, reply, 'administration');
        const input = updateBody.parse(body);
        const [before] = await listFaqRows(db, input.codigo);
        const duvida = await updateFaq(db, input.codigo, input);
        auditChange(request, { entity: 'faq', entityId: input.codigo, before, after: duvida });
        return ok({ duvida }, FAQ_MESSAGES.updated);
      },
    },
    'portal/deletarDuvida': {
      perMinute: 60,
      handler: async (request, body, reply) => {
        await requireStaff(db, request, reply, 'administration');
        const { codigo } = codeBody.parse(body);
        const [before] = await listFaqRows(db, codigo);
        await deleteFaq(db, codigo);
        auditChange(request, { entity: 'faq', entityId: codigo, before });
        return ok(null, FAQ_MESSAGES.deleted);
      },
    },
  };
  return actions;
}
