import type { Contrato, Divida, DividasResposta, Loja, Parcela } from '@portal/domain';
import type { FastifyReply } from 'fastify';
import type { Envelope } from './envelope';

// passo_2_novo's answer is the largest the portal sends on every visit (about 10 KB for the demo debtor) and
// JSON.stringify was a tenth of its server CPU: Fastify's schema serialiser (fast-json-stringify) writes it in about
// half the time. It writes the properties listed here, in this order, and no others, so each object lists every
// property of its wire type (the mapped types below fail the typecheck otherwise) in the order list-debts.ts builds
// them; debts.test.ts compares the answer byte for byte with JSON.stringify of the same listing.

type Schema = Record<string, unknown>;
/** Every property of T, optional ones too, and no other. */
const object = <T>(properties: { [K in keyof Required<T>]: Schema }): Schema => ({
  type: 'object',
  properties,
});
// Numbers as 'number', never 'integer' (which would round): money is integer centavos and the percentages have decimals.
const number = { type: 'number' };
const text = { type: 'string' };
const maybeText = { type: ['string', 'null'] };
const boolean = { type: 'boolean' };
const arrayOf = (items: Schema): Schema => ({ type: 'array', items });

const parcela = object<Parcela>({
  par_codigo: number,
  par_prestacao: number,
  par_vencimento: text,
  par_valor: number,
  corrigido: number,
  fase: number,
  lancamento_futuro: number,
  par_paga: number,
});

const divida = object<Divida>({
  chave: text,
  loj_codigo: number,
  emp_codigo: number,
  pes_codigo: number,
  loja: object<Loja>({
    loj_codigo: number,
    loj_fantasia: text,
    loj_razao_social: text,
    loj_cpf_cnpj: text,
    loj_caminho_logo: maybeText,
    prazo_maximo_entrada_site: number,
    loj_emite_segunda_via_boleto_recupera: text,
    loj_cartao_de_credito_recorrente: text,
    loj_tipo_agrupamento_nagociacao: maybeText,
    loj_cidade: maybeText,
    loj_estado: maybeText,
  }),
  tipo_necociacao: text,
  acordo_ativo: boolean,
  acordo_em_outro_portal: boolean,
  contratos: arrayOf(
    object<Contrato>({
      con_codigo: number,
      con_contrato: text,
      con_observacao: maybeText,
      con_nome_loja: text,
      origem: maybeText,
      referencia: maybeText,
      parcelas: arrayOf(parcela),
    }),
  ),
  pre_codigos: arrayOf(number),
  total_original: number,
  totalCorrigido: number,
  total_corrigido_avista: number,
  total_corrigido_aprazo: number,
  saldo_contrato: number,
  saldo_contrato_com_desconto: number,
  total_desconto: number,
  porcentagem_desconto_total: number,
  com_desconto: boolean,
  lancamentos_futuros: object<Divida['lancamentos_futuros']>({ total: number, parcelas: arrayOf(parcela) }),
  fase: number,
  contraproposta: object<Required<Divida>['contraproposta']>({
    entrada: number,
    quantidade_parcelas: number,
    valor_parcela: number,
    mensagem: text,
    respondida_em: text,
  }),
});

const person = object<DividasResposta['pessoa']>({ pes_codigo: number, pes_nome: text, pes_cpf_cnpj: text });

const debtListingAnswer = object<Envelope<DividasResposta>>({
  retorno: boolean,
  // Null too: should an onSend hook fail after the handler, the error handler's envelope (dados null) goes through
  // this serialiser as well.
  dados: {
    ...object<DividasResposta>({ pessoa: person, acordo_ativo: boolean, dividas: arrayOf(divida) }),
    type: ['object', 'null'],
  },
  mensagem: text,
});

type Serialize = (value: unknown) => string;

// The bytes of a frozen card, which cannot change: list-debts.ts hands the same frozen card to a session's repeated
// listings, and writing its bytes again (serialising, measuring and encoding about 10 KB) was a third of the
// listing's server CPU (docs/performance.md). A card made for one call (one with a counter-offer) is not frozen.
const cardBytes = new WeakMap<Divida, Buffer>();
const COMMA = Buffer.from(',');

function bytesOf(card: Divida, serializeCard: Serialize): Buffer {
  const kept = cardBytes.get(card);
  if (kept) return kept;
  const json = serializeCard(card);
  if (!Object.isFrozen(card)) return Buffer.from(json);
  // A buffer of its own: Buffer.from cuts a small string's bytes from a shared 8 KB slab, which keeping would pin.
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(json));
  bytes.write(json);
  cardBytes.set(card, bytes);
  return bytes;
}

/**
 * The reply sends the listing's envelope with its schema serialisers (compiled once per route by Fastify), as bytes
 * put together from each card's. Called when the answer is the listing: an error thrown before keeps the default
 * serialiser for its envelope and its details.
 */
export function sendsDebtListing(reply: FastifyReply): void {
  const serializeCard = reply.compileSerializationSchema(divida) as Serialize;
  const serializePerson = reply.compileSerializationSchema(person) as Serialize;
  const serializeWhole = reply.compileSerializationSchema(debtListingAnswer) as Serialize;
  const write = (envelope: Envelope<DividasResposta | null>): string | Buffer => {
    const { retorno, dados, mensagem } = envelope;
    if (!dados) return serializeWhole(envelope);
    const parts: Buffer[] = [
      Buffer.from(
        `{"retorno":${retorno},"dados":{"pessoa":${serializePerson(dados.pessoa)},"acordo_ativo":${dados.acordo_ativo},"dividas":[`,
      ),
    ];
    dados.dividas.forEach((card, index) => {
      if (index > 0) parts.push(COMMA);
      parts.push(bytesOf(card, serializeCard));
    });
    parts.push(Buffer.from(`]},"mensagem":${JSON.stringify(mensagem)}}`));
    return Buffer.concat(parts);
  };
  // Typed as returning a string, but Fastify sends the Buffer a serialiser returns as it is (reply.js onSendEnd;
  // debts.test.ts would fail otherwise). A reply with its own serialiser gets no JSON content type from Fastify.
  reply.type('application/json; charset=utf-8').serializer(write as (payload: unknown) => string);
}
