import { describe, expect, it } from 'vitest';
import type { PartnerConfig } from '../partner/partner-config';
import {
  legalCompany,
  NEGOTIATION_COMPANY,
  NEGOTIATION_TITLE,
  privacyPolicy,
  termsDocumentTitle,
  termsFavicon,
  termsOfUse,
} from './terms';

type Partner = Pick<PartnerConfig, 'nome' | 'capacidades' | 'sessoes' | 'logo' | 'favicon'>;

const demo: Partner = {
  nome: 'Portal Demo',
  capacidades: {},
  logo: '/logo.webp',
  favicon: '/favicon.png',
  sessoes: [
    {
      nome: 'contact',
      campos: {
        dadosEmpresa: 'Portal Demo Serviços de Cobrança Ltda.',
        address: 'Av. Paulista, 1000',
        email: 'contato@demo.example.com',
        phone: '1140028922',
        site: 'https://demo.example.com',
      },
      arquivos: [],
    },
  ],
};
const aqui: Partner = { ...demo, nome: 'Negocie Aqui', capacidades: { negotiationTitleOnTerms: true } };

describe('terms company variant (spec 002 §1)', () => {
  it("uses the partner's contact data by default", () => {
    expect(legalCompany(demo)).toEqual({
      nome: 'Portal Demo Serviços de Cobrança Ltda.',
      endereco: 'Av. Paulista, 1000',
      email: 'contato@demo.example.com',
      telefone: '(11) 4002-8922',
      site: 'https://demo.example.com',
      foro: 'São Paulo - SP',
    });
  });

  it('falls back to the partner name and leaves out missing contact fields', () => {
    const company = legalCompany({ ...demo, sessoes: [] });
    expect(company).toEqual({ nome: 'Portal Demo', foro: 'São Paulo - SP' });
    expect(
      termsOfUse(company)
        .flatMap((s) => s.paragrafos)
        .join(' '),
    ).not.toContain('undefined');
  });

  it('uses the fixed variant for the negotiationTitleOnTerms capability', () => {
    expect(legalCompany(aqui)).toBe(NEGOTIATION_COMPANY);
  });
});

describe('terms page title and favicon (spec 002 §2)', () => {
  it('titles the page by capability', () => {
    expect(termsDocumentTitle(demo)).toBe('Portal Demo - Termos de uso e política de privacidade');
    expect(termsDocumentTitle(aqui)).toBe(NEGOTIATION_TITLE);
  });

  it('uses the logo as favicon only for the capability', () => {
    expect(termsFavicon(demo)).toBe('/favicon.png');
    expect(termsFavicon(aqui)).toBe('/logo.webp');
  });
});

describe('legal text facts (spec 002 §1, §9)', () => {
  const all = (sections: { titulo: string; paragrafos: string[] }[]) =>
    sections.flatMap((s) => [s.titulo, ...s.paragrafos]).join('\n');
  const company = legalCompany(demo);
  const text = `${all(termsOfUse(company))}\n${all(privacyPolicy(company))}`;
  it.each([
    'foro da comarca de São Paulo - SP',
    'horário de Brasília',
    'no máximo 5 anos depois que você deixar de usar o serviço',
    'têm os seus dados apagados 90 dias depois de atendidos',
    'fica só um registro sem nada que identifique você',
    'as mensagens de contato 5 anos depois de respondidas',
    'guardadas por 5 anos depois da resposta',
    'Não vendemos',
    'endereço IP, ações realizadas, páginas visitadas, datas e horários',
    'dispositivo',
    'identificador da sessão',
    'de segunda a sexta-feira, das 08:00 às 18:00',
    'Versão 1.1, de 01/01/2022',
    'pelo menos a cada 6 meses',
    'a cada 12 meses',
    'em até 15 dias',
    '18 anos',
    'Portal Demo Serviços de Cobrança Ltda.',
    'contato@demo.example.com',
    '(11) 4002-8922',
  ])('states "%s"', (fact) => {
    expect(text).toContain(fact);
  });
});
