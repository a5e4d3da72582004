import { maskCep } from '@portal/domain';
import { z } from 'zod';
import type { CepLookup } from '../integrations/cep/cep-lookup';
import { findAddress } from '../services/cep/find-address';
import type { ActionDefinition } from './action';
import { formText } from './body-fields';
import { fail, ok } from './envelope';

// consultarCEP of spec 002 §7 (docs/api.md "Public pages"): reads data.retorno and dados logradouro, bairro,
// localidade, uf. A CEP that is invalid, unknown or cannot be looked up answers retorno false with those fields
// empty, so the form clears them (§5).

const cepBody = z.object({ cep: formText(20) });

export function cepActions(lookup: CepLookup): Record<string, ActionDefinition> {
  return {
    'portal/consultarCEP': {
      perMinute: 30,
      handler: async (request, body) => {
        const { cep } = cepBody.parse(body);
        const answer = await findAddress(lookup, cep, request.log);
        const dados = { ...answer.address, cep: answer.address.cep ? maskCep(answer.address.cep) : '' };
        return answer.found ? ok(dados) : fail(answer.message, dados);
      },
    },
  };
}
