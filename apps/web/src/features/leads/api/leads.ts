import type { CepAddress, LeadInput } from '@portal/domain';
import { type Envelope, portalCall } from '../../../lib/api';

/** `a=portal&b=cadastrarLead` (spec 002 §7, docs/api.md "Leads and CEP lookup"). */
export function sendLead(input: LeadInput): Promise<Envelope<{ led_codigo: number }>> {
  return portalCall('portal', 'cadastrarLead', { ...input });
}

/**
 * `a=portal&b=consultarCEP`: the address of a CEP (retorno true), or the cleared fields and the server's message
 * ('CEP não encontrado.', ...) with retorno false.
 */
export function lookUpCep(cep: string, signal?: AbortSignal): Promise<Envelope<CepAddress>> {
  return portalCall('portal', 'consultarCEP', { cep }, { signal });
}
