import {
  customization,
  findSection,
  hasCapability,
  type PartnerConfig,
  permitsNegotiation,
} from '@portal/domain';

// Spec 001 §2 "Main menu (AccordionTabs)": which tiles the menu offers, and with which texts (§9 defaults).

export type TileId = 'myDebits' | 'myAgreements' | 'talkToUs' | 'faq' | 'leave';

export interface MenuTile {
  id: TileId;
  title: string;
  caption?: string;
  /** Where the tile goes; Sair has none (it ends the session). */
  path?: string;
}

export const MENU_DEFAULTS = {
  myDebits: 'Minhas Dívidas',
  myDebitsCaption: 'Você possui dívidas?',
  myAgreements: 'Meus Acordos',
  myBoletos: 'Meus Boletos',
  myAgreementsCaption: 'Consulte seus acordos e pagamentos.',
  talkToUs: 'Fale Conosco',
  faq: 'Dúvidas',
  leave: 'Sair',
} as const;

type Config = Pick<PartnerConfig, 'loj_codigo' | 'sessoes' | 'capacidades'>;

/** Spec 001 §3 sessoes.omniChannel: at least one channel configured. */
export function hasOmniChannel(config: Pick<PartnerConfig, 'sessoes'>): boolean {
  const fields = findSection(config, 'omniChannel')?.campos;
  if (!fields) return false;
  return Object.values(fields).some((value) =>
    typeof value === 'string' ? value.trim() !== '' : value === true,
  );
}

const text = (value: string | undefined, fallback: string) => value?.trim() || fallback;

/** Spec 001 §1/§2: MyAgreements reads 'Meus Boletos' where negotiation is not permitted, else the partner's text. */
export function agreementsTitle(config: Pick<PartnerConfig, 'loj_codigo' | 'sessoes'>): string {
  return permitsNegotiation(config)
    ? text(customization(config).myAgreements?.textMyAgreements, MENU_DEFAULTS.myAgreements)
    : MENU_DEFAULTS.myBoletos;
}

/** Every tile the partner's menu shows, in order. */
export function menuTiles(config: Config): MenuTile[] {
  const settings = customization(config);
  const permitted = permitsNegotiation(config);
  const tiles: MenuTile[] = [];
  if (permitted) {
    tiles.push({
      id: 'myDebits',
      path: '/minhas-dividas',
      title: text(settings.myDebits?.textMyDebits, MENU_DEFAULTS.myDebits),
      caption: text(settings.myDebits?.subtextMyDebits, MENU_DEFAULTS.myDebitsCaption),
    });
  }
  tiles.push({
    id: 'myAgreements',
    path: '/meus-acordos',
    title: agreementsTitle(config),
    caption: text(settings.myAgreements?.subtextMyAgreements, MENU_DEFAULTS.myAgreementsCaption),
  });
  if (hasOmniChannel(config) && settings.menuDebits?.flgFaleConosco) {
    tiles.push({ id: 'talkToUs', title: MENU_DEFAULTS.talkToUs, path: '/fale-conosco' });
  }
  if (!hasCapability(config, 'hideFaqTile'))
    tiles.push({ id: 'faq', title: MENU_DEFAULTS.faq, path: '/duvidas' });
  tiles.push({ id: 'leave', title: MENU_DEFAULTS.leave });
  return tiles;
}
