import {
  type CapabilityName,
  type CustomizationFields,
  type NegotiationTerms,
  UNSET_NEGOTIATION_TERMS,
} from '@portal/domain';

// The demo partners of the Foundation issue, each exercising one kind of partner configuration.

export interface DemoPartner {
  identifier: string;
  name: string;
  companyCode: number;
  primary: string;
  secondary: string;
  capabilities: CapabilityName[];
  customization: CustomizationFields;
  /** Indexes into DEMO_STORES: [store, negotiates]. */
  stores: [number, boolean][];
  /** Fills about, tutorial, partners and every contact field. */
  fullLanding: boolean;
  /** False switches the portal off (retornarTokenEmpresa answers null). */
  active?: boolean;
  metaPixelId?: string;
  hotjarId?: string;
}

const standardLogin = { flgValidarDataNasc: true, flgValidarTelefone: true, flgEsqueceuTelefone: true };

export const DEMO_PARTNERS: DemoPartner[] = [
  {
    identifier: 'demo',
    name: 'Portal Demo',
    companyCode: 100,
    primary: '#00c0fb',
    secondary: '#5938c8',
    capabilities: ['undeletable'],
    customization: {
      landPage: {
        flgAcessoCredor: true,
        flgIntegraRobo: true,
        flgOverlay: true,
        textBotaoBuscar: 'Buscar minhas dívidas',
      },
      confirmBirthday: { ...standardLogin },
      menuDebits: { flgReceberLigacao: true, flgFaleConosco: true },
      myDebits: { flgValorOriginal: true, flgAgruparContratos: true, flgAtivarEscolhaDoVencimento: true },
      myAgreements: { flgPaginar: true },
    },
    stores: [
      [0, true],
      [1, true],
      [2, true],
      [7, false],
    ],
    fullLanding: true,
    metaPixelId: '000000000000001',
    hotjarId: '0000001',
  },
  {
    identifier: 'negocie',
    name: 'Negocie Já',
    companyCode: 200,
    primary: '#0a7d3b',
    secondary: '#0b3d2e',
    capabilities: ['workWithUsMenu', 'sendBoletosButton'],
    customization: {
      landPage: { flgAcessoCredor: true },
      confirmBirthday: { ...standardLogin },
      // Boleto and card only: shows the payment options without PIX.
      myDebits: { flgDesativarPix: true },
      // Meus Acordos links the confession term and e-mails it (spec 001 §3 flgTermoCofissao).
      myAgreements: { flgTermoCofissao: true },
    },
    stores: [
      [0, true],
      [3, true],
    ],
    fullLanding: true,
  },
  {
    identifier: 'acme',
    name: 'Acme Cobranças',
    companyCode: 300,
    primary: '#e4572e',
    secondary: '#29335c',
    capabilities: [],
    customization: {
      landPage: { flgAcessoCredor: false, flgMaxWidth: true },
      confirmBirthday: { ...standardLogin },
      myDebits: { flgDesativarCartaoCredito: true, flgAtivarEscolhaDoVencimento: true },
    },
    stores: [
      [1, true],
      [4, true],
    ],
    fullLanding: true,
  },
  {
    identifier: 'especial',
    name: 'Especial 350',
    companyCode: 350,
    primary: '#8a2be2',
    secondary: '#2d1b4e',
    capabilities: ['plainLoginAgreement', 'largeFonts', 'specialPortal'],
    customization: {
      confirmBirthday: { flgValidarDataNasc: false, flgValidarTelefone: false },
      // Stage mode: plans come from the calculation service (local stand-in unless STAGE_CALCULATION_HOST is set).
      myDebits: { flgPortalUsaStage: true },
    },
    stores: [[2, true]],
    fullLanding: false,
  },
  {
    identifier: 'senff',
    name: 'Senff',
    companyCode: 128,
    primary: '#d7263d',
    secondary: '#1b1b3a',
    capabilities: [
      'smsTokenLogin',
      'skipRobotCheck',
      'largeFonts',
      'temporaryOffersNotice',
      'insuranceLink',
      'integratedCardIssuer',
      'secondCopyInvoiceButton',
      'cardBrandAndForm',
      'cardReturnStates',
      'requireContactOnConfirm',
      'sendBoletosButton',
      'deviceFingerprint',
    ],
    customization: {
      confirmBirthday: {
        flgValidarDataNasc: true,
        flgValidarTelefone: false,
        flgValidarToken: true,
        flgTotem: true,
      },
      myDebits: { urlSeguro: 'https://seguros.senff.example.com' },
    },
    stores: [[5, true]],
    fullLanding: false,
  },
  {
    identifier: 'prefeitura',
    name: 'Prefeitura de Vila Nova',
    companyCode: 400,
    primary: '#1565c0',
    secondary: '#0d2b52',
    capabilities: ['cityHallWarningCard'],
    // Stored where the partner form keeps it (confirmBirthday); the login also honours menuDebits.
    customization: { confirmBirthday: { ...standardLogin, flgPrefeituraMode: true } },
    stores: [[6, true]],
    fullLanding: false,
  },
  {
    identifier: 'servicos',
    name: 'Serviços Fácil',
    companyCode: 500,
    primary: '#00897b',
    secondary: '#263238',
    capabilities: [],
    customization: { landPage: { flgModoServico: true }, confirmBirthday: { ...standardLogin } },
    stores: [[3, true]],
    fullLanding: false,
  },
  {
    identifier: 'login',
    name: 'Login Rápido',
    companyCode: 600,
    primary: '#f9a825',
    secondary: '#3e2723',
    capabilities: ['loginPanelOnLanding'],
    customization: { confirmBirthday: { flgValidarDataNasc: false, flgValidarTelefone: true } },
    stores: [[1, true]],
    fullLanding: false,
  },
  {
    identifier: 'boletos',
    name: 'Boletos Online',
    companyCode: 700,
    primary: '#6d4c41',
    secondary: '#212121',
    capabilities: [],
    customization: { confirmBirthday: { ...standardLogin } },
    stores: [
      [7, false],
      [4, false],
    ],
    fullLanding: false,
  },
  {
    identifier: 'camec',
    name: 'Camec',
    companyCode: 800,
    primary: '#2e7d32',
    secondary: '#1b5e20',
    capabilities: ['hideFaqTile', 'fixedFaqTexts', 'showOriginAndReference'],
    // Unknown CPF/CNPJ gets the 'Usuario não encontrado' modal instead of the registration.
    customization: { confirmBirthday: { ...standardLogin, flgDesativaCadastro: true } },
    stores: [[4, true]],
    fullLanding: false,
  },
  {
    identifier: 'aqui',
    name: 'Negocie Aqui',
    companyCode: 900,
    primary: '#c2185b',
    secondary: '#4a148c',
    capabilities: ['negotiationTitleOnTerms'],
    customization: { menuDebits: { flgPrefeituraMode: false }, confirmBirthday: { ...standardLogin } },
    stores: [[0, true]],
    fullLanding: false,
  },
  {
    identifier: 'inativo',
    name: 'Portal Inativo',
    companyCode: 990,
    primary: '#607d8b',
    secondary: '#37474f',
    capabilities: [],
    customization: {},
    stores: [],
    fullLanding: false,
    active: false,
  },
];

export interface DemoStore {
  tradeName: string;
  legalName: string;
  cnpjBase: string;
  primary: string;
  secondary: string;
  maxEntryDays: number;
  issuesSecondCopy: boolean;
  city: string;
  state: string;
  /** Overrides of DEMO_POLICY. */
  policy?: Partial<NegotiationTerms>;
  /** loj_tipo_agrupamento_negociacao: contratos_iguais makes one card per contract when the partner groups. */
  groupingType?: 'contratos_iguais';
}

/**
 * The policy the demo's staff set on every demo store (decision 027: a store offers a discount only when staff chose
 * one): 100% off charges and 10% off principal in cash, 50% off charges in instalments.
 */
export const DEMO_POLICY: NegotiationTerms = {
  ...UNSET_NEGOTIATION_TERMS,
  cashDiscount: { feesBp: 10_000, principalBp: 1_000 },
  instalmentDiscount: { feesBp: 5_000, principalBp: 0 },
};

export const DEMO_STORES: DemoStore[] = [
  {
    tradeName: 'Alfa Eletro',
    legalName: 'Alfa Eletrodomésticos S.A.',
    cnpjBase: '112223330001',
    groupingType: 'contratos_iguais',
    primary: '#ff6f00',
    secondary: '#263238',
    maxEntryDays: 10,
    issuesSecondCopy: true,
    city: 'São Paulo',
    state: 'SP',
  },
  {
    tradeName: 'Banco Horizonte',
    legalName: 'Banco Horizonte S.A.',
    cnpjBase: '445556660001',
    policy: {
      maxInstalments: 24,
      instalmentInterestMonthlyBp: 249,
      cashDiscount: { feesBp: 10_000, principalBp: 2_000 },
      instalmentDiscount: { feesBp: 6_000, principalBp: 500 },
    },
    primary: '#0d47a1',
    secondary: '#102027',
    maxEntryDays: 15,
    issuesSecondCopy: false,
    city: 'Rio de Janeiro',
    state: 'RJ',
  },
  {
    tradeName: 'Bela Casa',
    legalName: 'Móveis Bela Casa Ltda.',
    cnpjBase: '778889990001',
    primary: '#6a1b9a',
    secondary: '#311b92',
    maxEntryDays: 7,
    issuesSecondCopy: true,
    city: 'Belo Horizonte',
    state: 'MG',
  },
  {
    tradeName: 'Conecta Telecom',
    legalName: 'Conecta Telecomunicações Ltda.',
    cnpjBase: '123123120001',
    primary: '#00838f',
    secondary: '#004d40',
    maxEntryDays: 5,
    issuesSecondCopy: false,
    city: 'Curitiba',
    state: 'PR',
  },
  {
    tradeName: 'Faculdade Saber',
    legalName: 'Instituto Saber de Ensino Ltda.',
    cnpjBase: '321321320001',
    primary: '#2e7d32',
    secondary: '#1b5e20',
    maxEntryDays: 10,
    issuesSecondCopy: false,
    city: 'Porto Alegre',
    state: 'RS',
  },
  {
    tradeName: 'Senff Cartões',
    legalName: 'Senff Administradora de Cartões S.A.',
    cnpjBase: '456456450001',
    primary: '#d7263d',
    secondary: '#1b1b3a',
    maxEntryDays: 10,
    issuesSecondCopy: true,
    city: 'Curitiba',
    state: 'PR',
  },
  {
    tradeName: 'Prefeitura Vila Nova',
    legalName: 'Município de Vila Nova',
    cnpjBase: '987987980001',
    // spec 001 §9 city-hall notice: 90% off fine and interest in cash; 70% off for up to 60 instalments at 0.5% a month.
    policy: {
      cashDiscount: { feesBp: 9_000, principalBp: 0 },
      instalmentDiscount: { feesBp: 7_000, principalBp: 0 },
      maxInstalments: 60,
      instalmentInterestMonthlyBp: 50,
    },
    primary: '#1565c0',
    secondary: '#0d2b52',
    maxEntryDays: 30,
    issuesSecondCopy: true,
    city: 'Vila Nova',
    state: 'SC',
  },
  {
    tradeName: 'Energia Luz',
    legalName: 'Energia Luz Distribuidora S.A.',
    cnpjBase: '654654650001',
    primary: '#fbc02d',
    secondary: '#3e2723',
    maxEntryDays: 5,
    issuesSecondCopy: true,
    city: 'Salvador',
    state: 'BA',
  },
];
