import { type ComposedEmail, escapeHtml } from './templates';

// The e-mails of a rights request from the privacy portal (spec 000 §7: the request is sent to the partner by
// e-mail; issue 6: a copy with the protocol goes to the person). Composed here, never from client text for the
// subject; the person's copy carries nothing the visitor typed, so the form cannot send someone else a message.

export interface RightsRequestMail {
  partnerName: string;
  protocol: string;
  requestType: string;
  name: string;
  phone: string;
  email: string;
  message: string;
  /** When it arrived, in Brasília time: 'dd/mm/aaaa às HH:MM'. */
  receivedAt: string;
  /** The legal deadline, 'dd/mm/aaaa'. */
  dueDate: string;
}

const table = (rows: [string, string][]) =>
  `<table>${rows.map(([label, value]) => `<tr><th align="left" valign="top">${label}</th><td style="white-space:pre-wrap">${escapeHtml(value)}</td></tr>`).join('')}</table>`;

/** To the partner's contact address: every field, the protocol and the deadline. */
export function rightsRequestPartnerEmail(input: RightsRequestMail): ComposedEmail {
  const rows: [string, string][] = [
    ['Protocolo', input.protocol],
    ['Tipo de solicitação', input.requestType],
    ['Nome', input.name],
    ['Telefone', input.phone],
    ['E-mail', input.email],
    ['Recebida em', input.receivedAt],
    ['Prazo de resposta', input.dueDate],
  ];
  return {
    template: 'privacy-request-partner',
    subject: `[${input.partnerName}] Solicitação LGPD ${input.protocol}: ${input.requestType}`,
    text: [
      `Uma nova solicitação de direitos (LGPD) foi enviada pelo portal de privacidade de ${input.partnerName}.`,
      `Responda até ${input.dueDate} (15 dias, LGPD art. 19, II).`,
      '',
      ...rows.map(([label, value]) => `${label}: ${value}`),
      '',
      'Solicitação:',
      input.message,
    ].join('\n'),
    html: `<p>Uma nova solicitação de direitos (LGPD) foi enviada pelo portal de privacidade de <strong>${escapeHtml(input.partnerName)}</strong>.</p>
<p>Responda até <strong>${escapeHtml(input.dueDate)}</strong> (15 dias, LGPD art. 19, II).</p>
${table(rows)}
<p><strong>Solicitação:</strong></p><p style="white-space:pre-wrap">${escapeHtml(input.message)}</p>`,
  };
}

/** To the person: the protocol, the type and the deadline. */
export function rightsRequestPersonEmail(
  input: Pick<RightsRequestMail, 'partnerName' | 'protocol' | 'requestType' | 'receivedAt' | 'dueDate'>,
): ComposedEmail {
  const rows: [string, string][] = [
    ['Protocolo', input.protocol],
    ['Tipo de solicitação', input.requestType],
    ['Recebida em', input.receivedAt],
    ['Prazo de resposta', input.dueDate],
  ];
  return {
    template: 'privacy-request-person',
    subject: `[${input.partnerName}] Recebemos a sua solicitação ${input.protocol}`,
    text: [
      'Olá.',
      '',
      `Recebemos a sua solicitação de direitos (LGPD) pelo portal de privacidade de ${input.partnerName}.`,
      `Guarde o número do protocolo: ${input.protocol}. Vamos responder até ${input.dueDate}.`,
      '',
      ...rows.map(([label, value]) => `${label}: ${value}`),
      '',
      'Se você não fez esta solicitação, pode ignorar este e-mail.',
    ].join('\n'),
    html: `<p>Olá.</p>
<p>Recebemos a sua solicitação de direitos (LGPD) pelo portal de privacidade de <strong>${escapeHtml(input.partnerName)}</strong>.</p>
<p>Guarde o número do protocolo: <strong>${escapeHtml(input.protocol)}</strong>. Vamos responder até <strong>${escapeHtml(input.dueDate)}</strong>.</p>
${table(rows)}
<p>Se você não fez esta solicitação, pode ignorar este e-mail.</p>`,
  };
}
