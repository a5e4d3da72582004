import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client';
import { createLead } from '../services/leads/create-lead';
import { saveStep } from '../services/steps/save-step';
import type { ActionDefinition } from './action';
import { clientText, formText as field } from './body-fields';
import { formSender } from './debtor-scope';
import { ok } from './envelope';

// cadastrarLead of spec 002 §7 on api.php (docs/api.md "Public pages"): public, for the host's partner. Strings only
// here; the rules and their messages are the domain's (leadSchema), so the form and the server say the same.

/** Spec 001 §4 step code 'new lead', logged here once a new lead is stored (the form posts no step of its own). */
const NEW_LEAD_STEP = 11;

const leadBody = z.object({
  nome: field(500),
  cpf_cnpj: field(40),
  email: field(500),
  cidade: field(500),
  celular: field(40),
  fone: field(40),
  loja: field(500),
  valor: field(40),
  valor_pode_pagar: field(40),
  forma_pagamento: field(10),
  obs: clientText(5000),
});

export function leadActions(app: FastifyInstance, db: Db): Record<string, ActionDefinition> {
  return {
    'portal/cadastrarLead': {
      // A public form: a handful a minute per client address is plenty for a person and little for a robot.
      perMinute: 5,
      handler: async (request, body) => {
        const input = leadBody.parse(body);
        const partner = await app.requirePartner(request);
        const sender = await formSender(app, request, partner);
        const { id, message, isNew } = await createLead(db, partner, sender, input);
        if (isNew)
          await saveStep(db, partner, sender, {
            cpfCnpj: input.cpf_cnpj,
            stepCode: NEW_LEAD_STEP,
            reason: 'Novo lead',
          });
        return ok({ led_codigo: id }, message);
      },
    },
  };
}
