import { PARTNER_FORM_DEFAULTS, validatePartnerForm } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { filterPartners, partnerOptionLabel } from '../api/partners';
import {
  getField,
  getImage,
  imageSource,
  newPartnerForm,
  partnerLogos,
  setField,
  setImage,
  setPartnerLogo,
  withoutEmptySections,
} from './partner-form-state';

describe('partner form state', () => {
  it('starts with the spec defaults and fails on the name first', () => {
    const form = newPartnerForm();
    expect(getField(form, 'header.title')).toBe(PARTNER_FORM_DEFAULTS.header.title);
    expect(getField(form, 'customization.landPage.textBotaoBuscar')).toBe('Buscar minhas dívidas ');
    expect(validatePartnerForm(form, 'create')?.field).toBe('nome');
  });

  it('reads and writes top-level, nested and section paths without touching the rest', () => {
    let form = newPartnerForm();
    form = setField(form, 'estilo.corPrimaria', '#112233');
    form = setField(form, 'customization.myDebits.flgValorOriginal', true);
    form = setField(form, 'tutorial.steps', [{ code: 0, title: 'a', text: 'b' }]);
    expect(form.estilo).toEqual({ corPrimaria: '#112233', corSecundaria: '' });
    expect(getField(form, 'customization.myDebits.flgValorOriginal')).toBe(true);
    expect(getField(form, 'customization.myDebits.textMyDebits')).toBe('Minhas Dívidas');
    expect(getField(form, 'tutorial.steps')).toHaveLength(1);
  });

  it('puts, previews and removes a section image (header desktop is identificador 1)', () => {
    let form = setImage(newPartnerForm(), 'header', 'desktop', {
      arquivo: 'data:image/png;base64,AA',
      name: 'a.png',
    });
    expect(getImage(form, 'header', 'desktop')).toMatchObject({ identificador: '1', tipoImagem: 'desktop' });
    expect(imageSource(getImage(form, 'header', 'desktop'))).toBe('data:image/png;base64,AA');
    form = setImage(form, 'header', 'desktop', null);
    expect(getImage(form, 'header', 'desktop')).toBeUndefined();
  });

  it('adds, replaces and removes partner logos, keeping stored ones and unique identifiers', () => {
    const upload = (name: string) => ({ arquivo: `data:image/png;base64,${name}`, name });
    let form = setField(newPartnerForm(), 'partners.text', 'Quem confia em nós');
    form = setPartnerLogo(form, 0, upload('a'));
    form = setPartnerLogo(form, 1, upload('b'));
    form = setPartnerLogo(form, 2, upload('c'));
    expect(partnerLogos(form).map((f) => f.identificador)).toEqual(['logo-1', 'logo-2', 'logo-3']);
    form = setPartnerLogo(form, 0, null);
    form = setPartnerLogo(form, 2, upload('d'));
    expect(partnerLogos(form).map((f) => [f.identificador, f.adicionais?.name])).toEqual([
      ['logo-2', 'b'],
      ['logo-3', 'c'],
      ['logo-4', 'd'],
    ]);
    form = setPartnerLogo(form, 0, upload('e'));
    expect(partnerLogos(form).map((f) => [f.identificador, imageSource(f)])).toEqual([
      ['logo-2', 'data:image/png;base64,e'],
      ['logo-3', 'data:image/png;base64,c'],
      ['logo-4', 'data:image/png;base64,d'],
    ]);
    expect(getField(form, 'partners.text')).toBe('Quem confia em nós');
  });
});

describe('a new partner payload', () => {
  it('leaves out the sections nobody filled, keeps the rest', () => {
    let form = setField(newPartnerForm(), 'about.title', '');
    const names = () => (withoutEmptySections(form).sessoes ?? []).map((s) => s.nome).sort();
    expect(names()).toEqual(['customization', 'header']);
    form = setField(form, 'tutorial.steps', [{ code: 0, title: 'Passo', text: '' }]);
    form = setImage(form, 'about', 'image', { arquivo: 'data:image/png;base64,AA', name: 'a.png' });
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
