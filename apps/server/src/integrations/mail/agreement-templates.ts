import { instalmentName } from '@portal/domain';
import { type ComposedEmail, escapeHtml, paragraphs } from './templates';

// E-mails of Meus Acordos (spec 001 §7 "Send e-mail" and its boleto variant), composed on the server only: the
// partner's own text is the one part not written here, and it comes from the partner's configuration.

export interface BoletoLine {
  storeName: string;
  /** 'Entrada', '1/2', 'Parcela única'. */
  label: string;
  dueDate: string;
  amount: string;
  digitableLine: string;
}

/** The ticked boletos, their PDF attached: the partner's text (its {nome} filled), then each boleto's line. */
export function agreementBoletosEmail(input: {
  partnerName: string;
  /** The partner's textEmailBoleto with the first name in, or the default text. */
  text: string;
  boletos: readonly BoletoLine[];
}): ComposedEmail {
  const stores = [...new Set(input.boletos.map((b) => b.storeName))];
  const rows = input.boletos.map((b) => ({
    title: `${b.storeName} - ${instalmentName(b.label)} - vencimento ${b.dueDate} - ${b.amount}`,
    line: b.digitableLine,
  }));
  const attached = 'O PDF com os boletos está em anexo.';
  return {
    template: 'agreement-boletos',
    subject: `[${input.partnerName}] Boletos do seu acordo${stores.length === 1 ? ` com ${stores[0]}` : ''}`,
    text: [
      input.text.trim(),
      '',
      ...rows.flatMap((r) => [r.title, `Linha digitável: ${r.line}`, '']),
      attached,
    ].join('\n'),
    html: `${paragraphs(input.text)}
<table>${rows.map((r) => `<tr><td><strong>${escapeHtml(r.title)}</strong><br>Linha digitável: <span style="word-break:break-all">${escapeHtml(r.line)}</span></td></tr>`).join('')}</table>
<p>${attached}</p>`,
  };
}

/** The confession term of one agreement, its PDF attached. */
export function confessionTermEmail(input: {
  partnerName: string;
  firstName: string;
  agreementId: number;
  storeName: string;
  total: string;
  releaseSentence: string;
}): ComposedEmail {
  const intro = `Segue em anexo o termo de confissão de dívida do seu acordo nº ${input.agreementId} com ${input.storeName}, no valor total de ${input.total}.`;
  return {
    template: 'confession-term',
    subject: `[${input.partnerName}] Termo de confissão de dívida do acordo ${input.agreementId}`,
    text: [`Olá, ${input.firstName}.`, '', intro, '', input.releaseSentence].join('\n'),
    html: `<p>Olá, ${escapeHtml(input.firstName)}.</p>
<p>${escapeHtml(intro)}</p>
<p>${escapeHtml(input.releaseSentence)}</p>`,
  };
}
