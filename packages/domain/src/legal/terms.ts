import { MINIMUM_AGE } from '../dates';
import { maskPhone } from '../masks';
import { findSection, hasCapability, type PartnerConfig } from '../partner/partner-config';

// Terms of use and privacy policy facts and company data (spec 002 §1 legal text, §2 TermsLGPD, §9 privacy constants).

export const TERMS_VERSION = '1.1';
export const TERMS_DATE = '01/01/2022';
export const SUPPORT_HOURS = 'de segunda a sexta-feira, das 08:00 às 18:00 (horário de Brasília)';
export const DATA_RETENTION_YEARS = 5;
export const POLICY_REVIEW_MONTHS = 6;
export const DATA_REVIEW_MONTHS = 12;
export const RIGHTS_ANSWER_DAYS = 15;
/** Years an answered privacy request is kept as proof it was answered (LGPD art. 37; Lei 9.873/1999 art. 1º). */
export const PRIVACY_REQUEST_PROOF_YEARS = 5;
/** Days an answered call or WhatsApp request is kept: a complaint about it (CDC art. 26, II) can still be checked. */
export const CALL_REQUEST_RETENTION_DAYS = 90;
/**
 * Days an answered cannot-pay or proposal is kept: its purpose ends with the answer, and a complaint about it (CDC art.
 * 26, II) can still be checked, as a call request's.
 */
export const DEBTOR_REQUEST_RETENTION_DAYS = CALL_REQUEST_RETENTION_DAYS;
/**
 * Months the portal's access records keep what identifies and authenticates (a step's CPF/CNPJ and person, a session's
 * token, SMS codes and link): the Marco Civil da Internet (Lei 12.965/2014, art. 15) asks an application to keep its
 * access records six months. What the dashboard counts stays (docs/decisions/072).
 */
export const ACCESS_RECORD_MONTHS = 6;
/** Adults only, per the terms (the same age the login checks). */
export const ADULT_AGE = MINIMUM_AGE;

/** The tabs of TermsLGPD (spec 002 §2); the first is the default. */
export const TERMS_TABS = ['termoDeUso', 'politicaDePrivacidade'] as const;
export type TermsTab = (typeof TERMS_TABS)[number];

/** The privacy policy tab of TermsLGPD, for a link to the policy text itself. */
export const PRIVACY_POLICY_PATH = '/politica-de-privacidade?aba=politicaDePrivacidade';

/** Where the "Portal de privacidade" links lead: the privacy portal of spec 000 §2 (request, policy, rights). */
export const PRIVACY_PORTAL_PATH = '/portal-de-privacidade';

/** The company the legal text names: who runs the service and how to reach it. */
export interface LegalCompany {
  nome: string;
  endereco?: string;
  email?: string;
  telefone?: string;
  site?: string;
  /** The city whose court settles disputes. */
  foro: string;
}

/** The fixed variant for the partner with capability negotiationTitleOnTerms ('aqui'); the data is fictitious. */
export const NEGOTIATION_COMPANY: LegalCompany = {
  nome: 'Negocie Aqui Intermediação de Negócios Ltda. - CNPJ 44.555.666/0001-71',
  endereco: 'Rua XV de Novembro, 500 - Centro, Curitiba - PR, 80020-310',
  email: 'privacidade@negocieaqui.example.com',
  telefone: '(41) 3003-4000',
  site: 'https://negocieaqui.example.com',
  foro: 'Curitiba - PR',
};

/** Court city of the default variant. */
export const DEFAULT_FORUM = 'São Paulo - SP';

/** Fixed document title of the capability's terms page ("a fixed negotiation title", spec 002 §2). */
export const NEGOTIATION_TITLE = 'Negocie Aqui - Negociação de dívidas';

type TermsPartner = Pick<PartnerConfig, 'nome' | 'capacidades' | 'sessoes' | 'logo' | 'favicon'>;

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim() : undefined;

/** Spec 002 §1: the 'aqui' variant (capability) or the partner's own contact data (sessoes.contact.campos). */
export function legalCompany(config: TermsPartner): LegalCompany {
  if (hasCapability(config, 'negotiationTitleOnTerms')) return NEGOTIATION_COMPANY;
  const fields = findSection(config, 'contact')?.campos ?? {};
  const phone = text(fields.phone);
  const company: LegalCompany = { nome: text(fields.dadosEmpresa) ?? config.nome, foro: DEFAULT_FORUM };
  const endereco = text(fields.address);
  const email = text(fields.email);
  const site = text(fields.site);
  if (endereco) company.endereco = endereco;
  if (email) company.email = email;
  if (phone) company.telefone = maskPhone(phone);
  if (site) company.site = site;
  return company;
}

/** Spec 002 §2: the fixed negotiation title for the capability, otherwise the partner's name with the page's. */
export function termsDocumentTitle(config: TermsPartner): string {
  if (hasCapability(config, 'negotiationTitleOnTerms')) return NEGOTIATION_TITLE;
  return `${config.nome} - Termos de uso e política de privacidade`;
}

/** Spec 002 §2 "the favicon changes": the capability uses the partner logo; others keep their usual icon. */
export function termsFavicon(config: TermsPartner): string | null {
  if (hasCapability(config, 'negotiationTitleOnTerms')) return config.logo ?? config.favicon;
  return config.favicon ?? config.logo;
}

export interface LegalSection {
  titulo: string;
  paragrafos: string[];
}

function contactLine(company: LegalCompany): string {
  const ways = [
    company.email && `pelo e-mail ${company.email}`,
    company.telefone && `pelo telefone ${company.telefone}`,
  ].filter(Boolean);
  const how = ways.length ? ways.join(' ou ') : 'pelos canais de atendimento indicados no portal';
  return `Fale conosco ${how}, ${SUPPORT_HOURS}.`;
}

/** Termos de uso: plain Portuguese, every fact of spec 002 §1 that concerns use of the service. */
export function termsOfUse(company: LegalCompany): LegalSection[] {
  return [
    {
      titulo: '1. Quem somos',
      paragrafos: [
        `Este portal é oferecido por ${company.nome}${company.endereco ? `, com endereço em ${company.endereco}` : ''}. Ao usar o portal, você concorda com estes termos. Se não concordar, não use o serviço.`,
      ],
    },
    {
      titulo: '2. Para que serve o portal',
      paragrafos: [
        'O portal permite consultar dívidas em seu nome, simular e fechar acordos, emitir boletos e falar com o atendimento. As condições de cada acordo são as mostradas na tela antes da confirmação.',
      ],
    },
    {
      titulo: '3. Quem pode usar',
      paragrafos: [
        `O portal é só para maiores de idade: você precisa ter ${ADULT_AGE} anos ou mais. Ao se cadastrar, você declara ter pelo menos ${ADULT_AGE} anos e que os dados informados são verdadeiros e seus.`,
      ],
    },
    {
      titulo: '4. Suas responsabilidades',
      paragrafos: [
        'Guarde com cuidado seus dados de acesso e não os compartilhe. Não use o portal para fraudes, para acessar dados de outras pessoas nem para atrapalhar o funcionamento do serviço.',
      ],
    },
    {
      titulo: '5. Registros de acesso',
      paragrafos: [
        'Para sua segurança e para cumprir a lei, guardamos registros de uso: endereço IP, ações realizadas, páginas visitadas, datas e horários de acesso (horário de Brasília), dispositivo e identificador da sessão.',
      ],
    },
    {
      titulo: '6. Atendimento',
      paragrafos: [contactLine(company)],
    },
    {
      titulo: '7. Lei aplicável e foro',
      paragrafos: [
        `Estes termos seguem as leis do Brasil. Qualquer disputa será resolvida no foro da comarca de ${company.foro}. Os horários citados nestes termos são de Brasília.`,
      ],
    },
    {
      titulo: '8. Versão',
      paragrafos: [
        `Versão ${TERMS_VERSION}, de ${TERMS_DATE}. Podemos atualizar estes termos; a versão em vigor é sempre a publicada nesta página.`,
      ],
    },
  ];
}

/** Política de privacidade: what is collected, why, for how long and the person's rights (LGPD). */
export function privacyPolicy(company: LegalCompany): LegalSection[] {
  return [
    {
      titulo: '1. Quem cuida dos seus dados',
      paragrafos: [
        `${company.nome} é a responsável (controladora) pelos dados pessoais tratados neste portal, conforme a Lei Geral de Proteção de Dados (Lei nº 13.709/2018, LGPD).`,
      ],
    },
    {
      titulo: '2. Quais dados coletamos',
      paragrafos: [
        'Dados de cadastro: nome, CPF ou CNPJ, data de nascimento, telefone e e-mail. Dados das dívidas e dos acordos que você consulta ou fecha.',
        'Registros de acesso: endereço IP, ações realizadas, páginas visitadas, datas e horários (horário de Brasília), dispositivo usado e identificador da sessão.',
      ],
    },
    {
      titulo: '3. Para que usamos',
      paragrafos: [
        'Para confirmar sua identidade, mostrar suas dívidas, registrar acordos, emitir boletos, atender você, prevenir fraudes e cumprir obrigações legais.',
      ],
    },
    {
      titulo: '4. Não vendemos seus dados',
      paragrafos: [
        'Não vendemos, alugamos nem cedemos seus dados pessoais. Eles só são compartilhados com o credor da dívida, com prestadores que nos ajudam a operar o serviço e com autoridades, quando a lei exigir.',
      ],
    },
    {
      titulo: '5. Por quanto tempo guardamos',
      paragrafos: [
        `Os dados de cadastro são guardados por no máximo ${DATA_RETENTION_YEARS} anos depois que você deixar de usar o serviço; depois disso, são apagados ou anonimizados. Revisamos os dados guardados a cada ${DATA_REVIEW_MONTHS} meses.`,
        `Os pedidos de ligação ou de contato por WhatsApp têm os seus dados apagados ${CALL_REQUEST_RETENTION_DAYS} dias depois de atendidos, assim como os avisos de que você não consegue pagar e as propostas que você envia (${DEBTOR_REQUEST_RETENTION_DAYS} dias depois da resposta), e as mensagens de contato ${DATA_RETENTION_YEARS} anos depois de respondidas. As contestações de dívida são guardadas por ${DATA_RETENTION_YEARS} anos depois da resposta, como prova para os dois lados. As solicitações sobre os seus direitos são guardadas por ${PRIVACY_REQUEST_PROOF_YEARS} anos depois da resposta, como prova de que foram atendidas. Passados esses prazos, de cada pedido fica só um registro sem nada que identifique você (o tipo, quando foi feito e se foi atendido), para as estatísticas do portal.`,
        `Os registros de acesso (sessões e etapas de navegação) são guardados por ${ACCESS_RECORD_MONTHS} meses, como pede o Marco Civil da Internet; depois disso, as etapas ficam anônimas e as sessões perdem os códigos enviados por SMS, o link de onde você veio e tudo o que permitiria usá-las, guardando só quando você se identificou e viu as dívidas, para as estatísticas do portal (e são apagadas se você pedir a eliminação dos seus dados).`,
      ],
    },
    {
      titulo: '6. Seus direitos',
      paragrafos: [
        'Você pode pedir a confirmação de que tratamos seus dados, o acesso a eles, a correção, a anonimização, o bloqueio ou a eliminação, a portabilidade, informações sobre compartilhamento e a revogação do consentimento.',
        `Respondemos aos pedidos em até ${RIGHTS_ANSWER_DAYS} dias. ${contactLine(company)}`,
      ],
    },
    {
      titulo: '7. Menores de idade',
      paragrafos: [
        `O serviço é destinado apenas a maiores de ${ADULT_AGE} anos. Não coletamos, de propósito, dados de menores de ${ADULT_AGE} anos.`,
      ],
    },
    {
      titulo: '8. Atualizações desta política',
      paragrafos: [
        `Esta política é revisada pelo menos a cada ${POLICY_REVIEW_MONTHS} meses. Versão ${TERMS_VERSION}, de ${TERMS_DATE}.`,
        `Disputas sobre esta política seguem as leis do Brasil e serão resolvidas no foro da comarca de ${company.foro}.`,
      ],
    },
  ];
}
