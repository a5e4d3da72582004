// Every e-mail the server sends is composed here from fixed templates: clients never supply a subject or body.

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

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
