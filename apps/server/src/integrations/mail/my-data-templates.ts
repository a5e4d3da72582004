import {
  ERASURE_KEEPS,
  ERASURE_REGISTRATION_DATA,
  ERASURE_REGISTRATION_KEPT,
  ERASURE_REMOVES,
} from '@portal/domain';
import { type ComposedEmail, escapeHtml } from './templates';

// The confirmation of an erasure asked on "Meus dados" (docs/decisions/010-lgpd-export-and-erasure.md): the protocol,
// what was removed and what was kept with its reason. Nothing in it comes from what the visitor typed.

export function erasureConfirmationEmail(input: {
  partnerName: string;
  protocol: string;
  /** 'dd/mm/aaaa às HH:MM', Brasília time. */
  executedAt: string;
  registrationErased: boolean;
}): ComposedEmail {
  const removed = input.registrationErased
    ? [ERASURE_REGISTRATION_DATA, ...ERASURE_REMOVES]
    : ERASURE_REMOVES;
  const kept = ERASURE_KEEPS.map(({ what, why }) => `${what}: ${why}`);
  if (!input.registrationErased) kept.unshift(`${ERASURE_REGISTRATION_DATA}: ${ERASURE_REGISTRATION_KEPT}`);
  return {
    template: 'privacy-erasure-person',
    subject: `[${input.partnerName}] Seus dados foram eliminados: protocolo ${input.protocol}`,
    text: [
      'Olá.',
      '',
      `Atendemos ao seu pedido de eliminação de dados no portal ${input.partnerName} em ${input.executedAt}.`,
      `Protocolo: ${input.protocol}.`,
      '',
      'O que eliminamos:',
      ...removed.map((item) => `- ${item}`),
      '',
      'O que a lei nos obriga a guardar:',
      ...kept.map((item) => `- ${item}`),
      '',
      'Se você não fez este pedido, responda a este e-mail ou fale com o atendimento do portal.',
    ].join('\n'),
    html: `<p>Olá.</p>
<p>Atendemos ao seu pedido de eliminação de dados no portal <strong>${escapeHtml(input.partnerName)}</strong> em ${escapeHtml(input.executedAt)}.</p>
<p>Protocolo: <strong>${escapeHtml(input.protocol)}</strong>.</p>
<p><strong>O que eliminamos:</strong></p>
<ul>${removed.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>
<p><strong>O que a lei nos obriga a guardar:</strong></p>
<ul>${kept.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>
<p>Se você não fez este pedido, responda a este e-mail ou fale com o atendimento do portal.</p>`,
  };
}
