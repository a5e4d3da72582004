import { type ComposedEmail, escapeHtml, paragraphs } from './templates';

// The answer a staff member writes in a work queue (decision 030), e-mailed to the person who asked. The staff's text
// is the one part not written here; it goes as text, escaped in the HTML.

export function workAnswerEmail(input: {
  partnerName: string;
  firstName: string;
  /** e.g. 'Resposta à sua proposta'. */
  subject: string;
  /** The privacy request's protocol, named in the subject and the text. */
  protocol: string | null;
  answer: string;
  /** The counter-offer, already formatted ('Entrada de R$ 100,00 e 5 parcelas de R$ 80,50'). */
  counterOffer: string | null;
}): ComposedEmail {
  const about = input.protocol ? ` (protocolo ${input.protocol})` : '';
  const offer = input.counterOffer
    ? [
        `Nossa contraproposta: ${input.counterOffer}.`,
        'Ela também aparece em Minhas Dívidas, quando você entrar no portal.',
      ]
    : [];
  return {
    template: 'work-answer',
    subject: `[${input.partnerName}] ${input.subject}${about}`,
    text: [`Olá, ${input.firstName}.`, '', input.answer, '', ...offer, '', input.partnerName].join('\n'),
    html: `<p>Olá, ${escapeHtml(input.firstName)}.</p>
${paragraphs(input.answer)}
${offer.map((line) => `<p><strong>${escapeHtml(line)}</strong></p>`).join('\n')}
<p>${escapeHtml(input.partnerName)}</p>`,
  };
}

/** A debtor asked to be called or contacted on WhatsApp (spec 001 §7): to the partner's contact address. */
export function callRequestEmail(input: {
  partnerName: string;
  channel: string;
  name: string;
  document: string;
  phone: string;
  store: string;
}): ComposedEmail {
  const rows: [string, string][] = [
    ['Canal', input.channel],
    ['Nome', input.name],
    ['CPF/CNPJ', input.document],
    ['Telefone', input.phone],
    ['Loja', input.store],
  ];
  const intro = `Uma pessoa pediu contato (${input.channel}) pelo portal ${input.partnerName}. O pedido está na fila "Ligações e WhatsApp" do painel.`;
  return {
    template: 'call-request',
    subject: `[${input.partnerName}] Novo pedido de contato: ${input.channel}`,
    text: [intro, '', ...rows.map(([label, value]) => `${label}: ${value}`)].join('\n'),
    html: `<p>${escapeHtml(intro)}</p>
<table>${rows.map(([label, value]) => `<tr><th align="left">${label}</th><td>${escapeHtml(value)}</td></tr>`).join('')}</table>`,
  };
}
