import { type PartnerSettings, partnerFormFrom, partnerFormSchema, settingAt } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { filterPartners, partnerOptionLabel } from '../api/partners';
import {
  findImage,
  imageSource,
  newPartnerSettings,
  partnerSettingsOf,
  withImage,
  withPartnerLogo,
} from './partner-form-state';

describe('partner form state', () => {
  it('starts with the spec defaults and fails on the name first', () => {
    const values = newPartnerSettings();
    expect(settingAt(values, 'header.title')).toBe('Negocie aqui suas dívidas');
    expect(settingAt(values, 'customization.landPage.textBotaoBuscar')).toBe('Buscar minhas dívidas ');
    expect(settingAt(values, 'tutorial.steps')).toHaveLength(4);
    const result = partnerFormSchema('create').safeParse(values);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['nome']);
  });

  it('opens a stored partner as it is, with four empty steps when it has none', () => {
    const values = partnerSettingsOf({
      id: 7,
      nome: 'Acme',
      identificador: 'acme',
      emp_codigo: 7,
      logo: '/files/a.png',
      tipoLogo: 'png',
      favicon: null,
      estilo: { corPrimaria: '#000000', corSecundaria: '#ffffff' },
      pixel_meta: null,
      hotjar_id: null,
      loj_codigo: '',
      loj_codigo_nao_negocia: '',
      creditorAccessUrl: null,
      captcha: { provider: 'altcha', siteKey: null },
      capacidades: {},
      sessoes: [
        {
          nome: 'about',
          campos: { title: 'Sobre' },
          arquivos: [
            { identificador: 'image', tipoImagem: 'image', url: '/files/b.png', adicionais: { name: 'b' } },
          ],
        },
      ],
    });
    expect(settingAt(values, 'about.title')).toBe('Sobre');
    expect(imageSource(findImage(values.arquivos?.about, 'image'))).toBe('/files/b.png');
    expect(settingAt(values, 'tutorial.steps')).toEqual(
      [0, 1, 2, 3].map((code) => ({ code, title: '', text: '' })),
    );
  });

  it('puts, previews and removes a section image (header desktop is identificador 1)', () => {
    let files = withImage(undefined, 'header', 'desktop', {
      arquivo: 'data:image/png;base64,AA',
      name: 'a.png',
    });
    expect(findImage(files, 'desktop')).toMatchObject({ identificador: '1', tipoImagem: 'desktop' });
    expect(imageSource(findImage(files, 'desktop'))).toBe('data:image/png;base64,AA');
    files = withImage(files, 'header', 'mobile', { arquivo: 'data:image/png;base64,BB', name: 'b.png' });
    expect(findImage(files, 'mobile')?.identificador).toBe('2');
    files = withImage(files, 'header', 'desktop', null);
    expect(findImage(files, 'desktop')).toBeUndefined();
  });

  it('adds, replaces and removes partner logos, keeping stored ones and unique identifiers', () => {
    const upload = (name: string) => ({ arquivo: `data:image/png;base64,${name}`, name });
    let logos = withPartnerLogo(undefined, 0, upload('a'));
    logos = withPartnerLogo(logos, 1, upload('b'));
    logos = withPartnerLogo(logos, 2, upload('c'));
    expect(logos.map((f) => f.identificador)).toEqual(['logo-1', 'logo-2', 'logo-3']);
    logos = withPartnerLogo(logos, 0, null);
    logos = withPartnerLogo(logos, 2, upload('d'));
    expect(logos.map((f) => [f.identificador, f.adicionais?.name])).toEqual([
      ['logo-2', 'b'],
      ['logo-3', 'c'],
      ['logo-4', 'd'],
    ]);
    logos = withPartnerLogo(logos, 0, upload('e'));
    expect(logos.map((f) => [f.identificador, imageSource(f)])).toEqual([
      ['logo-2', 'data:image/png;base64,e'],
      ['logo-3', 'data:image/png;base64,c'],
      ['logo-4', 'data:image/png;base64,d'],
    ]);
  });
});

describe('a new partner payload', () => {
  it('leaves out the sections nobody filled, keeps the rest', () => {
    let values: PartnerSettings = { ...newPartnerSettings(), about: { title: '' } };
    const names = () => (partnerFormFrom(values).sessoes ?? []).map((s) => s.nome).sort();
    expect(names()).toEqual(['customization', 'header']);
    values = {
      ...values,
      tutorial: { steps: [{ code: 0, title: 'Passo', text: '' }] },
      arquivos: {
        about: withImage(undefined, 'about', 'image', { arquivo: 'data:image/png;base64,AA', name: 'a.png' }),
      },
    };
    expect(names()).toEqual(['about', 'customization', 'header', 'tutorial']);
  });
});

describe('partner list filter', () => {
  const items = [
    {
      id: 3,
      nome: 'zeta',
      identificador: 'z',
      emp_codigo: 3,
      logo: null,
      arquivado_em: '2025-03-10T15:00:00.000Z',
    },
    { id: 1, nome: 'Ácme', identificador: 'a', emp_codigo: 1, logo: null, arquivado_em: null },
    {
      id: 2,
      nome: 'Beta Cobranças',
      identificador: 'b',
      emp_codigo: 2,
      logo: '/files/x.webp',
      arquivado_em: null,
    },
  ];
  it('sorts by name and searches case-insensitively', () => {
    expect(filterPartners(items, '').map((i) => i.id)).toEqual([1, 2, 3]);
    expect(filterPartners(items, 'COBRAN').map((i) => i.id)).toEqual([2]);
    expect(filterPartners(items, '  ZETA ').map((i) => i.id)).toEqual([3]);
  });
  it('marks an archived partner in the back-office filters (decision 014)', () => {
    expect(items.map(partnerOptionLabel)).toEqual(['zeta (arquivado)', 'Ácme', 'Beta Cobranças']);
  });
});
