import { CEP_MESSAGES, type CepAddress, EMPTY_CEP_ADDRESS, normalizeCep } from '@portal/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { CepLookup } from '../../integrations/cep/cep-lookup';

export type CepAnswer =
  | { found: true; address: CepAddress }
  | { found: false; address: CepAddress; message: string };

/**
 * consultarCEP (spec 002 §5 "Address form", §7): the address of a CEP typed with or without its mask; on an invalid
 * CEP, one that does not exist or a service failure, the cleared address and a message (the form clears the
 * fields and lets the person type them).
 */
export async function findAddress(
  lookup: CepLookup,
  input: string,
  log?: FastifyBaseLogger,
): Promise<CepAnswer> {
  const cep = normalizeCep(input);
  const cleared = (message: string): CepAnswer => ({
    found: false,
    address: { cep: cep ?? '', ...EMPTY_CEP_ADDRESS },
    message,
  });
  if (!cep) return cleared(CEP_MESSAGES.invalid);
  try {
    const address = await lookup.find(cep);
    return address ? { found: true, address } : cleared(CEP_MESSAGES.notFound);
  } catch (error) {
    log?.warn({ err: error, service: lookup.name }, 'CEP lookup failed');
    return cleared(CEP_MESSAGES.unavailable);
  }
}
