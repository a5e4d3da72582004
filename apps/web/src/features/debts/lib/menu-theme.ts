import { customization, findSection, type PartnerConfig, sectionFile } from '@portal/domain';
import { parseColor, textOn, toHex } from '../../../lib/theme';

/** Spec 001 §9: default menu background. */
export const DEFAULT_MENU_BACKGROUND = '#050b17';

export interface MenuLook {
  background: string;
  /** White or dark text, whichever passes AA on the background. */
  ink: string;
  /** The logo that reads on the background: the white-background logo when the menu is light. */
  logo: string | null;
}

/** The side menu's colours and logo (spec 001 §2 "Debts template", §3 menuDebits.corFundoMenuDebits). */
export function menuLook(config: Pick<PartnerConfig, 'sessoes' | 'logo'>): MenuLook {
  const background =
    parseColor(customization(config).menuDebits?.corFundoMenuDebits) ?? parseColor(DEFAULT_MENU_BACKGROUND)!;
  const ink = textOn(background);
  const light = ink[0] < 128;
  const whiteLogo = sectionFile(findSection(config, 'logoForBackgroundWhite'), 'logo')?.url;
  return {
    background: toHex(background),
    ink: toHex(ink),
    logo: (light ? whiteLogo : undefined) ?? config.logo,
  };
}
