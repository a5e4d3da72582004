import type { CustomizationFields, OmniChannelFields, PartnerConfig } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { agreementsTitle, hasOmniChannel, menuTiles } from './menu-tiles';

type Config = Pick<PartnerConfig, 'loj_codigo' | 'sessoes' | 'capacidades'>;

function config(
  options: {
    stores?: string;
    customization?: CustomizationFields;
    omni?: OmniChannelFields;
    capacidades?: PartnerConfig['capacidades'];
  } = {},
): Config {
  const sessoes: PartnerConfig['sessoes'] = [
    { nome: 'customization', campos: { ...options.customization }, arquivos: [] },
  ];
  if (options.omni) sessoes.push({ nome: 'omniChannel', campos: { ...options.omni }, arquivos: [] });
  return { loj_codigo: options.stores ?? '1,2', sessoes, capacidades: options.capacidades ?? {} };
}

const ids = (c: Config) => menuTiles(c).map((tile) => tile.id);

describe('main menu tiles (spec 001 §2 AccordionTabs)', () => {
  it('offers my debts, my agreements, FAQ and Sair by default, with the §9 texts', () => {
    const tiles = menuTiles(config());
    expect(tiles.map((t) => t.id)).toEqual(['myDebits', 'myAgreements', 'faq', 'leave']);
    expect(tiles[0]).toEqual({
      id: 'myDebits',
      path: '/minhas-dividas',
      title: 'Minhas Dívidas',
      caption: 'Você possui dívidas?',
    });
    expect(tiles[1]).toMatchObject({ title: 'Meus Acordos', caption: 'Consulte seus acordos e pagamentos.' });
  });

  it('uses the partner texts for my debts and my agreements', () => {
    const tiles = menuTiles(
      config({
        customization: {
          myDebits: { textMyDebits: 'Débitos', subtextMyDebits: 'Veja seus débitos' },
          myAgreements: { textMyAgreements: 'Acordos', subtextMyAgreements: 'Seus pagamentos' },
        },
      }),
    );
    expect(tiles[0]).toMatchObject({ title: 'Débitos', caption: 'Veja seus débitos' });
    expect(tiles[1]).toMatchObject({ title: 'Acordos', caption: 'Seus pagamentos' });
  });

  it('without negotiating stores: no my debts, and my agreements reads Meus Boletos', () => {
    const tiles = menuTiles(config({ stores: '' }));
    expect(tiles.map((t) => t.id)).toEqual(['myAgreements', 'faq', 'leave']);
    expect(tiles[0]?.title).toBe('Meus Boletos');
  });

  it('talk to us needs both an omni channel and flgFaleConosco', () => {
    const flag = { menuDebits: { flgFaleConosco: true } };
    expect(ids(config({ customization: flag }))).not.toContain('talkToUs');
    expect(ids(config({ omni: { whatsappOmni: '11999990000' } }))).not.toContain('talkToUs');
    expect(ids(config({ customization: flag, omni: { whatsappOmni: ' ' } }))).not.toContain('talkToUs');
    expect(ids(config({ customization: flag, omni: { whatsappOmni: '11999990000' } }))).toContain('talkToUs');
    expect(ids(config({ customization: flag, omni: { flgdiscadoraOmni: true } }))).toContain('talkToUs');
  });

  it('hides FAQ with the hideFaqTile capability', () => {
    expect(ids(config({ capacidades: { hideFaqTile: true } }))).not.toContain('faq');
  });

  it('renders every tile: each has its screen, Meus Acordos / Meus Boletos included', () => {
    const all = config({ customization: { menuDebits: { flgFaleConosco: true } }, omni: { chatOmni: 'x' } });
    expect(ids(all)).toEqual(['myDebits', 'myAgreements', 'talkToUs', 'faq', 'leave']);
    const boletoOnly = menuTiles(config({ stores: '' }));
    expect(boletoOnly.map((t) => t.id)).toEqual(['myAgreements', 'faq', 'leave']);
    expect(boletoOnly[0]).toMatchObject({ path: '/meus-acordos', title: 'Meus Boletos' });
  });

  it("MyAgreements' title: the partner's text, the default, or 'Meus Boletos' without negotiation", () => {
    const named = { myAgreements: { textMyAgreements: ' Acordos ' } };
    expect(agreementsTitle(config())).toBe('Meus Acordos');
    expect(agreementsTitle(config({ customization: named }))).toBe('Acordos');
    expect(agreementsTitle(config({ customization: { myAgreements: { textMyAgreements: '  ' } } }))).toBe(
      'Meus Acordos',
    );
    expect(agreementsTitle(config({ stores: '', customization: named }))).toBe('Meus Boletos');
  });

  it('an omni-channel section with nothing filled counts as not configured', () => {
    expect(hasOmniChannel(config({ omni: { flgdiscadoraOmni: false, emailOmni: '' } }))).toBe(false);
  });
});
