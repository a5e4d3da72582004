// CEP (Brazilian postal code) rules (spec 002 §5 "Address form": a 9-character CEP, mask #####-###, triggers the
// address lookup that fills street, district, city and state, or clears them; §8 'Digite um cep válido').

export const CEP_MESSAGES = {
  invalid: 'Digite um cep válido',
  notFound: 'CEP não encontrado.',
  unavailable: 'Não foi possível consultar o CEP agora. Preencha o endereço.',
} as const;

/** The address a CEP lookup fills (the names of spec 002 §7 consultarCEP's answer). */
export interface CepAddress {
  cep: string;
  logradouro: string;
  bairro: string;
  localidade: string;
  uf: string;
}

/** The cleared address the form shows when a lookup fails or the CEP is not found. */
export const EMPTY_CEP_ADDRESS: Omit<CepAddress, 'cep'> = {
  logradouro: '',
  bairro: '',
  localidade: '',
  uf: '',
};

/** The 8 digits of a CEP typed as '01310-100' or '01310100' (spaces around allowed); null for anything else. */
export function normalizeCep(input: string): string | null {
  const text = input.trim();
  if (!/^\d{5}-?\d{3}$/.test(text)) return null;
  const cep = text.replace('-', '');
  return cep === '00000000' ? null : cep;
}

// IBGE: the 26 states and the Federal District, by their two-letter abbreviations.
export const BRAZILIAN_STATES = [
  'AC',
  'AL',
  'AP',
  'AM',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MT',
  'MS',
  'MG',
  'PA',
  'PB',
  'PR',
  'PE',
  'PI',
  'RJ',
  'RN',
  'RS',
  'RO',
  'RR',
  'SC',
  'SP',
  'SE',
  'TO',
] as const;

/** Whether `uf` (any case) is a Brazilian state's or the Federal District's abbreviation. */
export function isBrazilianState(uf: string): boolean {
  return (BRAZILIAN_STATES as readonly string[]).includes(uf.toUpperCase());
}
