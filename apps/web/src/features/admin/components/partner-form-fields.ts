import { CAPABILITIES, type CapabilityName, type SectionName } from '@portal/domain';

// The partner form's sections and fields (spec 002 §3 Partner, customization groups, omni channels), by path (see
// lib/partner-form-state.ts). `updateOnly` fields are those the spec lists "on update" / "edit only".

export type FieldKind =
  | 'text'
  | 'textarea'
  | 'color'
  | 'time'
  | 'flag'
  | 'number'
  | 'email'
  | 'phone0800'
  | 'company'
  | 'select';

export interface FieldDef {
  path: string;
  label: string;
  kind?: FieldKind;
  hint?: string;
  updateOnly?: boolean;
  /** The choices of a 'select' field. */
  options?: { value: string; label: string }[];
}

export interface ImageDef {
  section: SectionName;
  tipoImagem: string;
  label: string;
}

export interface SectionDef {
  id: string;
  title: string;
  /** Where a section-level rule (About all-or-nothing, tutorial) shows its message. */
  errorKeys?: string[];
  fields: FieldDef[];
  images?: ImageDef[];
  /** Sub-groups (customization). */
  groups?: { title: string; fields: FieldDef[] }[];
}

const colors = (section: string, list: [string, string][]): FieldDef[] =>
  list.map(([key, label]) => ({ path: `${section}.${key}`, label, kind: 'color' }));

const c = (
  group: string,
  key: string,
  label: string,
  kind: FieldKind = 'text',
  updateOnly = false,
): FieldDef => ({
  path: `customization.${group}.${key}`,
  label,
  kind,
  updateOnly,
});

export const PARTNER_SECTIONS: SectionDef[] = [
  {
    id: 'identidade',
    title: 'Identificação',
    fields: [
      { path: 'nome', label: 'Nome do parceiro' },
      {
        path: 'identificador',
        label: 'Subdomínio',
        hint: 'O endereço do portal: <subdomínio>.portal… (letras minúsculas, números e hífens).',
      },
      { path: 'emp_codigo', label: 'Código da empresa (emp_codigo)', kind: 'company' },
      {
        path: 'loj_codigo',
        label: 'Lojas que negociam (loj_codigo)',
        hint: 'Códigos de loja separados por vírgula, por exemplo 1, 2, 3.',
      },
      {
        path: 'loj_codigo_nao_negocia',
        label: 'Lojas que não negociam (loj_codigo_nao_negocia)',
        hint: 'Códigos de loja separados por vírgula.',
        updateOnly: true,
      },
      { path: 'hotjar_id', label: 'ID do Hotjar' },
      { path: 'pixel_meta', label: 'Pixel da Meta' },
      { path: 'creditorAccessUrl', label: 'Link do acesso do credor' },
      {
        path: 'captcha.provider',
        label: 'Verificação anti-robô',
        kind: 'select',
        options: [
          { value: 'altcha', label: 'ALTCHA (no próprio portal, sem chave)' },
          { value: 'turnstile', label: 'Cloudflare Turnstile' },
          { value: 'recaptcha', label: 'Google reCAPTCHA' },
          { value: 'hcaptcha', label: 'hCaptcha' },
        ],
      },
      {
        path: 'captcha.siteKey',
        label: 'Chave do site da verificação (site key)',
        hint: 'Obrigatória para Turnstile, reCAPTCHA e hCaptcha.',
      },
      { path: 'ativo', label: 'Portal ativo', kind: 'flag' },
    ],
  },
  {
    id: 'estilo',
    title: 'Estilo',
    fields: [
      { path: 'estilo.corPrimaria', label: 'Cor primária', kind: 'color' },
      { path: 'estilo.corSecundaria', label: 'Cor secundária', kind: 'color' },
    ],
  },
  {
    id: 'cabecalho',
    title: 'Cabeçalho',
    fields: [
      { path: 'header.title', label: 'Título' },
      { path: 'header.subtitle', label: 'Subtítulo' },
      ...colors('header', [
        ['firstTitleColor', 'Cor da primeira parte do título'],
        ['secondTitleColor', 'Cor da segunda parte do título'],
        ['subTitleColor', 'Cor do subtítulo'],
        ['headerButtonsColor', 'Cor dos botões do cabeçalho'],
        ['background', 'Cor de fundo do cabeçalho'],
      ]),
    ],
    images: [
      { section: 'header', tipoImagem: 'desktop', label: 'Imagem do cabeçalho (computador)' },
      { section: 'header', tipoImagem: 'mobile', label: 'Imagem do cabeçalho (celular)' },
    ],
  },
  {
    id: 'logo-fundo-branco',
    title: 'Logotipo para fundo branco',
    fields: [],
    images: [{ section: 'logoForBackgroundWhite', tipoImagem: 'logo', label: 'Logotipo para fundo branco' }],
  },
  {
    id: 'sobre',
    title: 'Sobre',
    errorKeys: ['about'],
    fields: [
      { path: 'about.title', label: 'Título do sobre' },
      { path: 'about.text', label: 'Texto do sobre', kind: 'textarea' },
    ],
    images: [{ section: 'about', tipoImagem: 'image', label: 'Imagem da empresa' }],
  },
  {
    id: 'passo-a-passo',
    title: 'Passo a passo',
    errorKeys: ['tutorial', 'tutorial.steps'],
    fields: [{ path: 'tutorial.title', label: 'Título do passo a passo' }],
    images: [{ section: 'tutorial', tipoImagem: 'image', label: 'Imagem de fundo do passo a passo' }],
  },
  {
    id: 'parceiros',
    title: 'Parceiros',
    fields: [{ path: 'partners.text', label: 'Texto da seção de parceiros', kind: 'textarea' }],
  },
  {
    id: 'contato',
    title: 'Contato',
    fields: [
      { path: 'contact.phone', label: 'Telefone' },
      {
        path: 'contact.phoneZeroEightHundred',
        label: 'Telefone 0800',
        kind: 'phone0800',
        hint: '####-###-####',
      },
      { path: 'contact.whatsapp', label: 'WhatsApp' },
      { path: 'contact.email', label: 'E-mail', kind: 'email' },
      { path: 'contact.address', label: 'Endereço' },
      { path: 'contact.dadosEmpresa', label: 'Dados da empresa', kind: 'textarea', updateOnly: true },
      { path: 'contact.site', label: 'Site' },
      { path: 'contact.linkedin', label: 'LinkedIn' },
      { path: 'contact.telegram', label: 'Telegram' },
      { path: 'contact.url_facebook', label: 'Facebook' },
      { path: 'contact.url_instagram', label: 'Instagram' },
      { path: 'contact.initialTime', label: 'Horário inicial (dias úteis)', kind: 'time' },
      { path: 'contact.finalTime', label: 'Horário final (dias úteis)', kind: 'time' },
      { path: 'contact.initialTimeWeekend', label: 'Horário inicial (fins de semana)', kind: 'time' },
      { path: 'contact.finalTimeWeekend', label: 'Horário final (fins de semana)', kind: 'time' },
    ],
    images: [{ section: 'contact', tipoImagem: 'image', label: 'Imagem do contato' }],
  },
  {
    id: 'omnichannel',
    title: 'Canais de atendimento (omnichannel)',
    fields: [
      { path: 'omniChannel.whatsappOmni', label: 'WhatsApp (número)' },
      {
        path: 'omniChannel.whatsappLinkOmni',
        label: 'Link do WhatsApp',
        hint: 'Quando preenchido, é usado no lugar do número.',
      },
      { path: 'omniChannel.instagramOmni', label: 'Instagram' },
      { path: 'omniChannel.telegramOmni', label: 'Telegram' },
      { path: 'omniChannel.messengerOmni', label: 'Messenger' },
      { path: 'omniChannel.skypeOmni', label: 'Skype' },
      { path: 'omniChannel.linkedinOmni', label: 'LinkedIn' },
      { path: 'omniChannel.emailOmni', label: 'E-mail', kind: 'email' },
      { path: 'omniChannel.chatOmni', label: 'Chat' },
      { path: 'omniChannel.siteOmni', label: 'Site' },
      { path: 'omniChannel.flgdiscadoraOmni', label: 'Agendar ligação (discadora)', kind: 'flag' },
    ],
  },
  {
    id: 'personalizacao',
    title: 'Personalização',
    errorKeys: [],
    fields: [],
    groups: [
      {
        title: 'Página inicial',
        fields: [
          c('landPage', 'textBotaoBuscar', 'Texto do botão de busca'),
          c('landPage', 'textNomeParceiroContratos', 'Nome do parceiro nos contratos', 'text', true),
          c('landPage', 'flgAcessoCredor', 'Mostrar o acesso do credor', 'flag'),
          c('landPage', 'flgOverlay', 'Sombra sobre a imagem do cabeçalho', 'flag'),
          c('landPage', 'flgModoServico', 'Modo serviço', 'flag'),
          c('landPage', 'flgStretch', 'Esticar a imagem do cabeçalho', 'flag'),
          c('landPage', 'flgIntegraRobo', 'Integrar com o robô de negociação', 'flag'),
          c('landPage', 'flgMaxWidth', 'Largura máxima no conteúdo', 'flag'),
        ],
      },
      {
        title: 'Identificação do devedor',
        fields: [
          c('confirmBirthday', 'flgValidarDataNasc', 'Validar a data de nascimento', 'flag'),
          c('confirmBirthday', 'flgValidarTelefone', 'Validar o telefone', 'flag'),
          c('confirmBirthday', 'flgNaoUtilizaLGPD', 'Não usar o aceite da LGPD', 'flag'),
          c('confirmBirthday', 'flgValidarToken', 'Validar com token por SMS', 'flag'),
          c('confirmBirthday', 'flgTotem', 'Modo totem', 'flag'),
          c('confirmBirthday', 'flgEsqueceuTelefone', 'Mostrar "esqueci o telefone"', 'flag'),
          c('confirmBirthday', 'flgDesativaCadastro', 'Desativar o cadastro', 'flag'),
          c('confirmBirthday', 'flgPrefeituraMode', 'Modo prefeitura', 'flag'),
        ],
      },
      {
        title: 'Menu do devedor',
        fields: [
          c('menuDebits', 'textAbaixoLogo', 'Texto abaixo do logotipo', 'textarea'),
          c('menuDebits', 'corFundoMenuDebits', 'Cor de fundo do menu', 'color', true),
          c('menuDebits', 'flgReceberLigacao', 'Mostrar "receber ligação"', 'flag'),
          c('menuDebits', 'flgFaleConosco', 'Mostrar "fale conosco"', 'flag'),
        ],
      },
      {
        title: 'Minhas dívidas',
        fields: [
          c('myDebits', 'textMyDebits', 'Título de minhas dívidas'),
          c('myDebits', 'subtextMyDebits', 'Legenda de minhas dívidas'),
          c('myDebits', 'subtextPanelMyDebits', 'Texto do painel de dívidas'),
          c('myDebits', 'subtextPanelMyDebitsNotFound', 'Texto quando não há dívidas'),
          c('myDebits', 'textMyDebitsDetails', 'Texto do botão de detalhes'),
          c('myDebits', 'textMyDebitsCantPay', 'Texto do botão "não posso pagar"'),
          c('myDebits', 'textMyDebitsPaymentOptions', 'Texto das opções de pagamento'),
          c('myDebits', 'textSalvarAcordos', 'Texto ao salvar o acordo'),
          c('myDebits', 'textChavePix', 'Texto da chave PIX'),
          c(
            'myDebits',
            'detailsMonthlyPayment.textConfirmaAcordo',
            'Texto de confirmação do acordo',
            'textarea',
          ),
          c('myDebits', 'flgValorOriginal', 'Mostrar o valor original', 'flag'),
          c('myDebits', 'flgAgruparContratos', 'Agrupar contratos', 'flag'),
          c('myDebits', 'flgDesativarEnviarProposta', 'Desativar o envio de proposta', 'flag'),
          c('myDebits', 'flgDesativarCartaoCredito', 'Desativar o cartão de crédito', 'flag'),
          c('myDebits', 'flgAtivarEscolhaDoVencimento', 'Permitir escolher o vencimento', 'flag'),
          c('myDebits', 'flgDesativarPix', 'Desativar o PIX', 'flag', true),
          c(
            'myDebits',
            'flgDesativatBotaoNaoPossoPagar',
            'Desativar o botão "não posso pagar"',
            'flag',
            true,
          ),
          c('myDebits', 'flgPortalUsaStage', 'Portal usa stage', 'flag', true),
        ],
      },
      {
        title: 'Meus acordos',
        fields: [
          c('myAgreements', 'textMyAgreements', 'Título de meus acordos'),
          c('myAgreements', 'subtextMyAgreements', 'Legenda de meus acordos'),
          c('myAgreements', 'subtextPanelMyAgreements', 'Texto do painel de acordos'),
          c('myAgreements', 'subtextPanelMyAgreementsNotFound', 'Texto quando não há acordos'),
          c('myAgreements', 'textMyAgreementsPayment', 'Texto do botão de pagamentos'),
          c('myAgreements', 'textEmailBoleto', 'Texto do e-mail do boleto', 'textarea'),
          c('myAgreements', 'flgTermoCofissao', 'Termo de confissão de dívida', 'flag'),
          c('myAgreements', 'flgPagueMe', 'PagueMe', 'flag'),
          c('myAgreements', 'flgIncluirHistorico', 'Incluir o histórico', 'flag'),
          c('myAgreements', 'flgPaginar', 'Paginar os acordos', 'flag', true),
        ],
      },
    ],
  },
  {
    id: 'capacidades',
    title: 'Capacidades do parceiro',
    fields: (Object.keys(CAPABILITIES) as CapabilityName[]).map((name) => ({
      path: `capacidades.${name}`,
      label: CAPABILITIES[name].label,
      kind: 'flag' as const,
    })),
  },
];
