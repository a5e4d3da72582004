import { type ComposedEmail, escapeHtml } from './templates';

// The e-mail of the job form (spec 002 §2 "Job form"): the partner learns of a new application. The CV never
// travels by e-mail; staff download it from the back office (Candidaturas).

export function jobApplicationEmail(input: {
  partnerName: string;
  name: string;
  phone: string;
  email: string;
  vacancyLevel: string;
  interestArea: string;
  message: string;
  hasCv: boolean;
}): ComposedEmail {
  const rows: [string, string][] = [
    ['Nome', input.name],
    ['Celular', input.phone],
    ['E-mail', input.email],
    ['Nível da vaga', input.vacancyLevel],
    ['Área de interesse', input.interestArea],
    ['Mensagem', input.message || '-'],
  ];
  const cvNote = input.hasCv
    ? 'O currículo (PDF) está anexado à candidatura no painel administrativo, em Candidaturas.'
    : 'A pessoa não enviou currículo.';
  return {
    template: 'job-application',
    subject: `[${input.partnerName}] Nova candidatura pelo Trabalhe conosco`,
    text: [
      `Uma nova candidatura foi enviada pelo formulário Trabalhe conosco do portal ${input.partnerName}.`,
      '',
      ...rows.map(([label, value]) => `${label}: ${value}`),
      '',
      cvNote,
    ].join('\n'),
    html: `<p>Uma nova candidatura foi enviada pelo formulário Trabalhe conosco do portal <strong>${escapeHtml(input.partnerName)}</strong>.</p>
<table>${rows.map(([label, value]) => `<tr><th align="left">${label}</th><td style="white-space:pre-wrap">${escapeHtml(value)}</td></tr>`).join('')}</table>
<p>${cvNote}</p>`,
  };
}
