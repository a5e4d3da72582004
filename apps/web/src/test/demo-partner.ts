import type { PartnerConfig } from '@portal/domain';

/** The demo partner's configuration as the server answers it, with no capability on: a web test's starting point. */
export const DEMO_PARTNER = {
  id: 1,
  nome: 'Portal Demo',
  identificador: 'demo',
  emp_codigo: 100,
  logo: null,
  tipoLogo: null,
  favicon: null,
  estilo: { corPrimaria: '#00c0fb', corSecundaria: '#5938c8' },
  pixel_meta: null,
  hotjar_id: null,
  loj_codigo: '1',
  loj_codigo_nao_negocia: '',
  creditorAccessUrl: null,
  captcha: { provider: 'altcha', siteKey: null },
  capacidades: {},
  sessoes: [],
} as PartnerConfig;
