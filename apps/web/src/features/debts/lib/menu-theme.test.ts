import type { PartnerConfig } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { menuLook } from './menu-theme';

function config(background: string | undefined, whiteLogo: boolean): Pick<PartnerConfig, 'sessoes' | 'logo'> {
  const sessoes: PartnerConfig['sessoes'] = [
    { nome: 'customization', campos: { menuDebits: { corFundoMenuDebits: background } }, arquivos: [] },
  ];
  if (whiteLogo) {
    sessoes.push({
      nome: 'logoForBackgroundWhite',
      campos: {},
      arquivos: [
        { identificador: 'w', tipoImagem: 'logo', url: '/files/white.webp', adicionais: { name: 'w' } },
      ],
    });
  }
  return { logo: '/files/logo.webp', sessoes };
}

describe('side menu look (spec 001 §2, §9)', () => {
  it('defaults to the #050b17 background with white text and the partner logo', () => {
    expect(menuLook(config(undefined, true))).toEqual({
      background: '#050b17',
      ink: '#ffffff',
      logo: '/files/logo.webp',
    });
  });

  it('on a light background: dark text and the logo made for white backgrounds', () => {
    expect(menuLook(config('#f5f5f5', true))).toEqual({
      background: '#f5f5f5',
      ink: '#111827',
      logo: '/files/white.webp',
    });
    expect(menuLook(config('#f5f5f5', false)).logo).toBe('/files/logo.webp');
  });
});
