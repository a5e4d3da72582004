// "Meus dados" (issue 6, beyond the spec; docs/decisions/010-lgpd-export-and-erasure.md): what the erasure asked by
// an identified person removes and what it keeps, in the words the confirmation dialog, the confirmation e-mail and
// the stored request all use.
import type { PrivacyRequestType } from '../forms/privacy-request-form';
import { DATA_RETENTION_YEARS } from '../legal/terms';

/** The privacy request type an erasure is recorded under (spec 000 §5 tipoRequisicao option). */
export const ERASURE_REQUEST_TYPE: PrivacyRequestType = 'Eliminação';

/**
 * The registration data the erasure clears from the person's record, unless another partner's portal also serves
 * the person (the record is shared; that partner still identifies them by it).
 */
export const ERASURE_REGISTRATION_DATA =
  'data de nascimento, telefone, e-mail, sexo e endereço do seu cadastro';
export const ERASURE_REGISTRATION_KEPT =
  'você também é atendido pelo portal de outro parceiro, que usa esses dados para identificar você';

/** What the erasure always removes or anonymises, for this portal only. */
export const ERASURE_REMOVES: readonly string[] = [
  'o registro do seu primeiro acesso e os seus acessos ao portal',
  'as simulações de pagamento que você não aceitou',
  'os pedidos "Não consigo pagar", os pedidos de ligação e de contato por WhatsApp e as contrapropostas',
  // Only what the person sent logged in is known to be theirs (docs/decisions/054).
  'as mensagens e as propostas que você enviou pelos formulários de contato e de proposta com o seu acesso aberto neste portal',
  'o destinatário e o conteúdo das mensagens que enviamos a você',
  'o seu CPF/CNPJ nos registros de navegação, que ficam anônimos',
];

/** What the erasure keeps, each with the reason the law gives (LGPD art. 16 and art. 7). */
export const ERASURE_KEEPS: readonly { what: string; why: string }[] = [
  {
    what: 'nome e CPF/CNPJ',
    why: 'o mínimo para identificar a quem pertencem os registros que precisam ser guardados',
  },
  {
    what: 'contratos, parcelas, acordos e segundas vias de boleto',
    why: `obrigação legal do credor e defesa de direitos em eventual processo, por até ${DATA_RETENTION_YEARS} anos (LGPD art. 16, I, e art. 7º, VI)`,
  },
  {
    what: 'contestações de dívida ("Não reconheço a dívida")',
    why: 'defesa dos seus direitos e dos do credor (LGPD art. 7º, VI)',
  },
  {
    what: 'as suas solicitações de privacidade, incluindo esta',
    why: 'prova de que o seu pedido foi atendido (LGPD art. 16, I, e art. 37)',
  },
];

/** After the erasure the person can no longer log in with birth date and phone: said before they confirm. */
export const ERASURE_CONSEQUENCE =
  'Depois da eliminação, a sua sessão será encerrada. Se os seus dados de cadastro forem apagados, você não conseguirá mais entrar neste portal com a data de nascimento e o telefone; para negociar, fale com o atendimento do parceiro.';

/** The message stored with the privacy request an erasure creates. */
export function erasureRequestMessage(registrationErased: boolean): string {
  return [
    'Eliminação pedida pelo titular identificado no portal ("Meus dados") e executada na hora.',
    registrationErased
      ? `Removido: ${ERASURE_REGISTRATION_DATA}.`
      : `Mantido: ${ERASURE_REGISTRATION_DATA} (o titular também é atendido pelo portal de outro parceiro).`,
    `Removido: ${ERASURE_REMOVES.join('; ')}.`,
    `Mantido: ${ERASURE_KEEPS.map((k) => k.what).join('; ')}.`,
  ].join(' ');
}
