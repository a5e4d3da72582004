import { describe, expect, it } from 'vitest';
import {
  type CustomizationFields,
  customization,
  hasCapability,
  isCityHallMode,
  type PartnerConfig,
  sectionFile,
} from './partner-config';

const withCustomization = (campos: CustomizationFields): Pick<PartnerConfig, 'sessoes'> => ({
  sessoes: [{ nome: 'customization', campos: { ...campos }, arquivos: [] }],
});

describe('isCityHallMode (spec 000 §3, spec 002 §3: both places of flgPrefeituraMode)', () => {
  it.each([
    [{ menuDebits: { flgPrefeituraMode: true } }, true],
    [{ confirmBirthday: { flgPrefeituraMode: true } }, true],
    [{ menuDebits: { flgPrefeituraMode: false }, confirmBirthday: { flgPrefeituraMode: true } }, true],
    [{ menuDebits: { flgPrefeituraMode: false } }, false],
    [{}, false],
  ])('%o -> %s', (campos, expected) => {
    expect(isCityHallMode(withCustomization(campos as CustomizationFields))).toBe(expected);
  });

  it('is off when the partner has no customization section', () => {
    expect(isCityHallMode({ sessoes: [] })).toBe(false);
    expect(customization({ sessoes: [] })).toEqual({});
  });
});

describe('hasCapability and sectionFile', () => {
  it('only a capability set to true counts', () => {
    expect(hasCapability({ capacidades: { workWithUsMenu: true } }, 'workWithUsMenu')).toBe(true);
    expect(hasCapability({ capacidades: { workWithUsMenu: false } }, 'workWithUsMenu')).toBe(false);
    expect(hasCapability({ capacidades: {} }, 'largeFonts')).toBe(false);
  });

  it('finds a file of a section by image type', () => {
    const section = {
      arquivos: [
        { identificador: 'h1', tipoImagem: 'desktop', url: '/files/a.webp', adicionais: { name: 'a' } },
        { identificador: 'h2', tipoImagem: 'mobile', url: '/files/b.webp', adicionais: { name: 'b' } },
      ],
    };
    expect(sectionFile(section, 'mobile')?.url).toBe('/files/b.webp');
    expect(sectionFile(section, 'logo')).toBeUndefined();
    expect(sectionFile(undefined, 'logo')).toBeUndefined();
  });
});
