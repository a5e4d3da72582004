// Every e-mail the server sends is composed here from fixed templates: clients never supply a subject or body.

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Text someone wrote, as HTML paragraphs (blank lines split them; line breaks kept). */
export const paragraphs = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((p) => `<p style="white-space:pre-wrap">${escapeHtml(p.trim())}</p>`)
    .join('\n');

export interface ComposedEmail {
  template: string;
  subject: string;
  text: string;
  html: string;
}

export function contactMessageEmail(input: {
  partnerName: string;
  name: string;
  email: string;
  document: string;
  text: string;
}): ComposedEmail {
  const rows: [string, string][] = [
    ['Nome', input.name],
    ['E-mail', input.email],
    ['CPF/CNPJ', input.document],
  ];
  return {
    template: 'contact-message',
    subject: `[${input.partnerName}] Nova mensagem de contato pelo portal`,
    text: [
      `Nova mensagem enviada pelo formulário de contato do portal ${input.partnerName}.`,
      '',
      ...rows.map(([label, value]) => `${label}: ${value}`),
      '',
      'Mensagem:',
      input.text,
    ].join('\n'),
    html: `<p>Nova mensagem enviada pelo formulário de contato do portal <strong>${escapeHtml(input.partnerName)}</strong>.</p>
<table>${rows.map(([label, value]) => `<tr><th align="left">${label}</th><td>${escapeHtml(value)}</td></tr>`).join('')}</table>
<p><strong>Mensagem:</strong></p><p style="white-space:pre-wrap">${escapeHtml(input.text)}</p>`,
  };
}

export function phoneChangeEmail(input: {
  partnerName: string;
  personName: string;
  link: string;
}): ComposedEmail {
  const firstName = input.personName.split(' ')[0] ?? input.personName;
  return {
    template: 'phone-change-link',
    subject: `[${input.partnerName}] Cadastre o seu novo telefone`,
    text: [
      `Olá, ${firstName}.`,
      '',
      `Recebemos um pedido para trocar o telefone do seu cadastro no portal ${input.partnerName}.`,
      'Para cadastrar o novo telefone, abra o link abaixo. Ele vale por 1 hora e só pode ser usado uma vez.',
      '',
      input.link,
      '',
      'Se você não fez este pedido, ignore este e-mail: nada será alterado.',
    ].join('\n'),
    html: `<p>Olá, ${escapeHtml(firstName)}.</p>
<p>Recebemos um pedido para trocar o telefone do seu cadastro no portal <strong>${escapeHtml(input.partnerName)}</strong>.</p>
<p>Para cadastrar o novo telefone, abra o link abaixo. Ele vale por 1 hora e só pode ser usado uma vez.</p>
<p><a href="${escapeHtml(input.link)}">Cadastrar novo telefone</a></p>
<p>Se você não fez este pedido, ignore este e-mail: nada será alterado.</p>`,
  };
}

export function secondCopyEmail(input: {
  partnerName: string;
  storeName: string;
  dueDate: string;
  amount: string;
  digitableLine: string;
  pixCode: string;
}): ComposedEmail {
  const rows: [string, string][] = [
    ['Credor', input.storeName],
    ['Vencimento', input.dueDate],
    ['Valor', input.amount],
    ['Linha digitável', input.digitableLine],
    ['PIX copia e cola', input.pixCode],
  ];
  return {
    template: 'second-copy',
    subject: `[${input.partnerName}] Sua 2ª via de boleto`,
    text: [
      `Segue a 2ª via que você pediu no portal ${input.partnerName}.`,
      '',
      ...rows.map(([label, value]) => `${label}: ${value}`),
      '',
      'Pague no aplicativo do seu banco com a linha digitável ou com o PIX copia e cola.',
    ].join('\n'),
    html: `<p>Segue a 2ª via que você pediu no portal <strong>${escapeHtml(input.partnerName)}</strong>.</p>
<table>${rows.map(([label, value]) => `<tr><th align="left">${label}</th><td style="word-break:break-all">${escapeHtml(value)}</td></tr>`).join('')}</table>
<p>Pague no aplicativo do seu banco com a linha digitável ou com o PIX copia e cola.</p>`,
  };
}

export function leadEmail(input: {
  partnerName: string;
  name: string;
  document: string;
  email: string;
  mobile: string;
  phone: string;
  city: string;
  store: string;
  amount: string;
  affordable: string;
  paymentForm: string;
  notes: string;
}): ComposedEmail {
  const rows: [string, string][] = [
    ['Nome', input.name],
    ['CPF/CNPJ', input.document],
    ['E-mail', input.email],
    ['Celular', input.mobile],
    ['Telefone fixo', input.phone || '-'],
    ['Cidade', input.city],
    ['Loja', input.store],
    ['Valor', input.amount],
    ['Valor que pode pagar', input.affordable],
    ['Forma de pagamento', input.paymentForm],
    ['Observação', input.notes || '-'],
  ];
  return {
    template: 'lead',
    subject: `[${input.partnerName}] Nova proposta de negociação (lead)`,
    text: [
      `Uma nova proposta de negociação foi cadastrada no portal ${input.partnerName}.`,
      'A pessoa espera uma resposta por e-mail em algumas horas.',
      '',
      ...rows.map(([label, value]) => `${label}: ${value}`),
    ].join('\n'),
    html: `<p>Uma nova proposta de negociação foi cadastrada no portal <strong>${escapeHtml(input.partnerName)}</strong>.</p>
<p>A pessoa espera uma resposta por e-mail em algumas horas.</p>
<table>${rows.map(([label, value]) => `<tr><th align="left">${label}</th><td style="white-space:pre-wrap">${escapeHtml(value)}</td></tr>`).join('')}</table>`,
  };
}
