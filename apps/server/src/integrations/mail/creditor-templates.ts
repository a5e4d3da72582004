import { maskCnpj, maskPhone } from '@portal/domain';
import { type ComposedEmail, escapeHtml } from './templates';

// E-mails of the creditor registration and sign-up (spec 002 §3, §7, §8), composed on the server only.

type Rows = [string, string][];

const textRows = (rows: Rows) => rows.map(([label, value]) => `${label}: ${value}`);
const htmlRows = (rows: Rows) =>
  `<table>${rows.map(([label, value]) => `<tr><th align="left">${label}</th><td>${escapeHtml(value)}</td></tr>`).join('')}</table>`;

/** To the creditor who registered at /seja-parceiro: the link to the sign-up wizard (spec 002 §8 confirmation). */
export function creditorConfirmationEmail(input: {
  partnerName: string;
  contactName: string;
  companyName: string;
  link: string;
}): ComposedEmail {
  const firstName = input.contactName.split(' ')[0] ?? input.contactName;
  const intro = `Recebemos o cadastro da empresa ${input.companyName} como credor parceiro do portal ${input.partnerName}.`;
  const next = 'Para concluir, abra o link abaixo, crie o seu usuário e escolha o plano da sua empresa.';
  return {
    template: 'creditor-confirmation',
    subject: `[${input.partnerName}] Confirme o cadastro da sua empresa`,
    text: [
      `Olá, ${firstName}.`,
      '',
      intro,
      next,
      '',
      input.link,
      '',
      'Se você não fez este cadastro, ignore este e-mail.',
    ].join('\n'),
    html: `<p>Olá, ${escapeHtml(firstName)}.</p>
<p>${escapeHtml(intro)}</p>
<p>${escapeHtml(next)}</p>
<p><a href="${escapeHtml(input.link)}">Concluir o cadastro da empresa</a></p>
<p>Se você não fez este cadastro, ignore este e-mail.</p>`,
  };
}

/** To the partner's contact address: a creditor registered at /seja-parceiro (CNPJ and phones as stored, unmasked). */
export function creditorLeadNotificationEmail(input: {
  partnerName: string;
  companyName: string;
  cnpj: string;
  contactName: string;
  email: string;
  mobile: string;
  landline: string;
  website: string;
}): ComposedEmail {
  const rows: Rows = [
    ['Razão social', input.companyName],
    ['CNPJ', maskCnpj(input.cnpj)],
    ['Contato', input.contactName],
    ['E-mail', input.email],
    ['Celular', maskPhone(input.mobile)],
    ['Telefone fixo', input.landline ? maskPhone(input.landline) : '-'],
    ['Site', input.website || '-'],
  ];
  const intro = `Uma empresa se cadastrou como credor parceiro no portal ${input.partnerName}.`;
  return {
    template: 'creditor-lead',
    subject: `[${input.partnerName}] Novo credor parceiro cadastrado`,
    text: [intro, 'Ela recebeu por e-mail o link para concluir o cadastro.', '', ...textRows(rows)].join(
      '\n',
    ),
    html: `<p>${escapeHtml(intro)}</p>
<p>Ela recebeu por e-mail o link para concluir o cadastro.</p>
${htmlRows(rows)}`,
  };
}

/** To the user created by the wizard: the login and the plan, never the password. */
export function creditorWelcomeEmail(input: {
  partnerName: string;
  userName: string;
  companyName: string;
  login: string;
  planName: string;
  portalUrl: string;
}): ComposedEmail {
  const firstName = input.userName.split(' ')[0] ?? input.userName;
  const rows: Rows = [
    ['Empresa', input.companyName],
    ['Usuário', input.login],
    ['Plano', input.planName],
  ];
  const intro = `O cadastro da sua empresa no portal ${input.partnerName} foi concluído.`;
  const access = 'Acesse a área do credor com o seu usuário e a senha que você criou no cadastro.';
  return {
    template: 'creditor-welcome',
    subject: `[${input.partnerName}] Cadastro concluído: bem-vindo!`,
    text: [`Olá, ${firstName}.`, '', intro, '', ...textRows(rows), '', access, input.portalUrl].join('\n'),
    html: `<p>Olá, ${escapeHtml(firstName)}.</p>
<p>${escapeHtml(intro)}</p>
${htmlRows(rows)}
<p>${escapeHtml(access)}</p>
<p><a href="${escapeHtml(input.portalUrl)}">${escapeHtml(input.portalUrl)}</a></p>`,
  };
}
