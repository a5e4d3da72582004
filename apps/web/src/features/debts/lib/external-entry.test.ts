import { describe, expect, it } from 'vitest';
import { readExternalEntry } from './external-entry';

describe('entry by another system with the CPF in the path (spec 001 §2)', () => {
  it('reads the CPF and the origin and advisory codes', () => {
    expect(readExternalEntry('/menu/529.982.247-25', '?enumCanalOrigem=TOTEM&codAssessoriaSenff=77')).toEqual(
      {
        cpfCnpj: '52998224725',
        enumCanalOrigem: 'TOTEM',
        codAssessoriaSenff: '77',
      },
    );
    expect(readExternalEntry('/minhas-dividas/52998224725', '')).toEqual({ cpfCnpj: '52998224725' });
  });

  it('marks an invalid document so the screen can refuse it', () => {
    expect(readExternalEntry('/menu/12345678900', '')).toEqual({ cpfCnpj: null });
  });

  it('is not an entry without the parameter', () => {
    expect(readExternalEntry('/menu', '?enumCanalOrigem=TOTEM')).toBeNull();
    expect(readExternalEntry('/', '')).toBeNull();
  });
});
