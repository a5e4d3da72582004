import { CREDITOR_SIGN_UP_SUCCESS } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client';
import { findCreditorLead } from '../services/creditors/find-creditor-lead';
import { listCreditorPlans } from '../services/creditors/list-creditor-plans';
import { registerCreditorLead } from '../services/creditors/register-creditor-lead';
import { signUpCreditorCompany } from '../services/creditors/sign-up-creditor-company';
import type { ActionDefinition } from './action';
import { formText as field, lineText } from './body-fields';
import { ok } from './envelope';

// Creditor registration and sign-up calls of spec 002 §7 on api.php (docs/api.md "Creditor sign-up"): public, for
// the host's partner. Strings only here; the rules and their messages are the domain's, so the forms and the server
// say the same.

const creditorLeadBody = z.object({
  razao_social: field(500),
  cnpj: field(40),
  email: field(500),
  telefone_cel: field(40),
  telefone_fixo: field(40),
  website: field(500),
  nome_contato: field(500),
  // Accepted for the legacy client and ignored: the server builds the link from the partner's address.
  link_cadastro: field(2000),
});
const creditorLeadCodeBody = z.object({ codigo: lineText(100).trim().min(1) });
const signUpBody = z.object({
  emp_nome_banco: field(500),
  emp_nome: field(500),
  usu_nome: field(500),
  usu_email: field(500),
  emp_usuario_banco: field(500),
  emp_senha_banco: field(500),
  usu_login: field(500),
  usu_senha: field(500),
  emp_numero_usuarios: field(10),
  emp_cobranca_prospeccao: field(20),
  emp_usa_site: field(5),
  pla_codigo: field(10),
  codigo: field(100),
});

export function creditorActions(
  app: FastifyInstance,
  deps: { db: Db; publicUrlTemplate: string },
): Record<string, ActionDefinition> {
  const { db } = deps;
  return {
    'portal/cadastrarEmpresaCredora': {
      // A public form that sends e-mails: a handful a minute per client address.
      perMinute: 5,
      handler: async (request, body) => {
        const input = creditorLeadBody.parse(body);
        const partner = await app.requirePartner(request);
        return ok(null, await registerCreditorLead(db, deps, partner, input));
      },
    },
    'portal/getEmpresasCredoras': {
      perMinute: 20,
      handler: async (request, body) => {
        const { codigo } = creditorLeadCodeBody.parse(body);
        const lead = await findCreditorLead(db, await app.requirePartner(request), codigo);
        return ok({ credores: [lead] });
      },
    },
    'portal/getPlanosAtivos': {
      perMinute: 60,
      handler: async (request) => {
        await app.requirePartner(request);
        return ok({ planos: listCreditorPlans() });
      },
    },
    'portal/cadastrarCliente': {
      // Each call hashes a password (argon2id, ~19 MiB): few a minute per client address.
      perMinute: 5,
      handler: async (request, body) => {
        const input = signUpBody.parse(body);
        await signUpCreditorCompany(db, deps, await app.requirePartner(request), input);
        return ok(null, CREDITOR_SIGN_UP_SUCCESS.title);
      },
    },
  };
}
