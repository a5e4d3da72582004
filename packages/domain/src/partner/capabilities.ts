// Every behaviour the specs tie to a partner identifier or company code, as a named capability that the
// partner configuration switches on (GUIDE "Partner-specific behaviour"). docs/capabilities.md is generated
// from this list (npm run docs:capabilities) so the two never drift.

export interface CapabilityDefinition {
  /** Its name for the back office's partner form (Portuguese, user-facing). */
  label: string;
  /** What the capability does, in one line. */
  description: string;
  /** Where the spec says it, quoted. */
  source: string;
  /** The partner the spec names for it, which the demo seed gives it. */
  seededOn: string;
}

export const CAPABILITIES = {
  workWithUsMenu: {
    label: 'Menu e formulário "Trabalhe conosco"',
    description: 'Shows the "Trabalhe conosco" (Work with us) header entry and job form.',
    source: 'spec 000 §2: "Work with us (only for the partner identified as negocie)"',
    seededOn: 'negocie',
  },
  loginPanelOnLanding: {
    label: 'Login com telefone e verificação na página inicial',
    description: 'Login variant: after the CPF/CNPJ, the landing page asks for phone and the robot check.',
    source:
      'spec 000 §2: "Some partners use a login variant: after typing the CPF/CNPJ in the search box, a login panel asks for phone and a robot-check (captcha)."',
    seededOn: 'login',
  },
  smsTokenLogin: {
    label: 'Login com código por SMS',
    description: 'With flgValidarToken on, login goes through the SMS token screen (VerifyToken).',
    source:
      'spec 000 §4: "if token validation is on (flgValidarToken) and the partner is the token-validation partner (identifier \'Senff\'), go to VerifyToken"',
    seededOn: 'senff',
  },
  skipRobotCheck: {
    label: 'Sem verificação de robô no login',
    description: 'No robot check (captcha) at login.',
    source:
      'spec 000 §2: "A robot-check widget (not shown for one named partner)"; §5: "except for one named partner where it is not used"',
    seededOn: 'senff',
  },
  plainLoginAgreement: {
    label: 'Texto simples de autorização no login',
    description: 'The login agreement text drops the birth-date and phone wording.',
    source: 'spec 000 §2: "Partner code 350 drops the birth-date and phone wording."',
    seededOn: 'emp_codigo 350',
  },
  largeFonts: {
    label: 'Letras maiores',
    description: 'Larger fonts and the special styling of the debtor area.',
    source:
      'spec 000 §6: "companies 350 and 128 get special styling"; spec 001 §6: "Company code 350 gets larger fonts."',
    seededOn: 'emp_codigo 350',
  },
  specialPortal: {
    label: 'Portal especial (empresa 350)',
    description: 'The special portal mode the creditor side flags for company 350.',
    source: 'spec 002 §9: "The partner with emp_codigo 350 is the special portal flag."',
    seededOn: 'emp_codigo 350',
  },
  hideFaqTile: {
    label: 'Esconder "Dúvidas" no menu do devedor',
    description: 'Hides the FAQ tile of the main menu.',
    source: 'spec 001 §2: "FAQ: hidden for the Camec portal."',
    seededOn: 'camec',
  },
  temporaryOffersNotice: {
    label: 'Aviso de ofertas temporárias',
    description: 'My debts shows a notice that offers are temporary.',
    source: 'spec 001 §2: "a notice (for one partner: offers are temporary)"',
    seededOn: 'senff',
  },
  insuranceLink: {
    label: 'Link do seguro em Minhas Dívidas',
    description: 'My debts shows an insurance link (step code 104).',
    source: 'spec 001 §2: "an insurance link for one partner"',
    seededOn: 'senff',
  },
  cityHallWarningCard: {
    label: 'Aviso da prefeitura em Minhas Dívidas',
    description: 'My debts shows the city-hall warning card (discount notice).',
    source: 'spec 001 §2: "an optional warning card for a city-hall partner"',
    seededOn: 'prefeitura',
  },
  showOriginAndReference: {
    label: 'Mostrar origem e referência das dívidas',
    description: 'Debt cards show origin and reference of the contracts.',
    source: 'spec 001 §2: "origin and reference (three partners)"',
    seededOn: 'camec',
  },
  integratedCardIssuer: {
    label: 'Cartão integrado (dias de atraso, dados do cartão)',
    description:
      'Integrated card partner: days overdue or until next due, card data in details, the pay-in-full dialog when a second copy exists.',
    source:
      'spec 001 §2: "days overdue or days until next due (integrated card partner)"; §4: "For the integrated card partner, choosing pay-in-full when a second-copy boleto exists opens a dialog"',
    seededOn: 'senff',
  },
  secondCopyInvoiceButton: {
    label: 'Botão "2ª via de fatura" nas dívidas',
    description: 'Debt cards offer the second-copy invoice button.',
    source: 'spec 001 §2: "second-copy invoice (one partner)"',
    seededOn: 'senff',
  },
  cardBrandAndForm: {
    label: 'Pedir bandeira e forma no pagamento com cartão',
    description: 'Payment options ask for card brand and card form.',
    source: 'spec 001 §2: "Card brand and card form for one partner."',
    seededOn: 'senff',
  },
  cardReturnStates: {
    label: 'Estados de retorno do cartão em Meus Acordos',
    description: 'Handles card return states PAID, REJECTED and VOIDED on MyAgreements.',
    source: 'spec 001 §4: "Card return states for one partner: PAID, REJECTED, VOIDED."',
    seededOn: 'senff',
  },
  requireContactOnConfirm: {
    label: 'Exigir telefone e e-mail ao confirmar o acordo',
    description: 'Agreement confirmation also requires phone and e-mail.',
    source:
      "spec 001 §5: \"For one partner, phone ('Telefone é obrigatório') and e-mail ('E-mail é obrigatório') are also required.\"",
    seededOn: 'senff',
  },
  sendBoletosButton: {
    label: 'Botão de enviar boletos por SMS/e-mail',
    description: 'MyAgreements offers sending boletos by SMS/e-mail when flgPagueMe is off.',
    source: 'spec 001 §6: "the send-boletos button (only for two partners when the pay-me flag is off)"',
    seededOn: 'negocie, senff',
  },
  fixedFaqTexts: {
    label: 'Dúvidas com textos fixos do portal',
    description: 'The FAQ shows the fixed texts instead of the server list.',
    source: 'spec 001 §2: "FAQ: accordion, from the server, or fixed texts for some partners."',
    seededOn: 'camec',
  },
  deviceFingerprint: {
    label: 'Script antifraude no pagamento com cartão',
    description:
      'Loads the fraud-prevention device fingerprint script (myDebits.urlScriptAntifraude) on the card form, only after cookie consent.',
    source: 'spec 001 §7: "A fraud-prevention device fingerprint script is loaded for one partner."',
    seededOn: 'senff',
  },
  negotiationTitleOnTerms: {
    label: 'Termos com título de negociação e dados alternativos',
    description:
      'The terms page uses the fixed negotiation title and favicon, and the alternative company data.',
    source:
      'spec 002 §2: "For partner \'aqui\' the page title becomes a fixed negotiation title and the favicon changes."; §1: "one variant for the partner \'aqui\', another default"',
    seededOn: 'aqui',
  },
  undeletable: {
    label: 'Não pode ser arquivado',
    description: "The partner cannot be archived (the list's delete) from the back office list.",
    source: 'spec 002 §2: "Delete button (hidden for partner id 1)"; §9: "Partner id 1 is not deletable."',
    seededOn: 'demo (id 1)',
  },
} as const satisfies Record<string, CapabilityDefinition>;

export type CapabilityName = keyof typeof CAPABILITIES;

export const CAPABILITY_NAMES = Object.keys(CAPABILITIES) as CapabilityName[];
