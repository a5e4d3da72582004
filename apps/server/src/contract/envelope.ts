/** The portal API answer (GUIDE "The wire contract"): every response, success or failure, has this shape. */
export interface Envelope<T = unknown> {
  retorno: boolean;
  dados: T;
  mensagem: string;
}

export function ok<T>(dados: T, mensagem = ''): Envelope<T> {
  return { retorno: true, dados, mensagem };
}

export function fail<T = null>(mensagem: string, dados: T = null as T): Envelope<T> {
  return { retorno: false, dados, mensagem };
}
