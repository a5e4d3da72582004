import { DEFAULT_STYLE, type PartnerConfig } from '@portal/domain';

// Partner colours come from the back office and can be anything; text drawn on them must still pass WCAG AA
// (4.5:1). Every colour pair the page uses is computed here and handed to CSS as variables.

type Rgb = [number, number, number];

const WHITE: Rgb = [255, 255, 255];
// The light grey of alternate sections (--surface); ink colours are computed against it, so they also pass on white.
const SURFACE: Rgb = [243, 244, 246];
const DARK: Rgb = [17, 24, 39]; // #111827, the body text colour
const AA = 4.5;

export function parseColor(value: string | null | undefined): Rgb | null {
  if (!value) return null;
  const hex = value.trim().replace(/^#/, '');
  if (/^[0-9a-f]{3}$/i.test(hex)) {
    return [0, 1, 2].map((i) => Number.parseInt(hex[i]!.repeat(2), 16)) as Rgb;
  }
  if (/^[0-9a-f]{6}([0-9a-f]{2})?$/i.test(hex)) {
    return [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as Rgb;
  }
  const rgb = /^rgba?\(\s*(\d{1,3})[\s,]+(\d{1,3})[\s,]+(\d{1,3})/i.exec(value.trim());
  if (rgb) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])].map((n) => Math.min(255, n)) as Rgb;
  return null;
}

export function toHex(rgb: Rgb): string {
  return `#${rgb.map((n) => Math.round(n).toString(16).padStart(2, '0')).join('')}`;
}

function channel(c: number): number {
  const s = c / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}

export function luminance([r, g, b]: Rgb): number {
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** White or dark text, whichever reads better on `background`. */
export function textOn(background: Rgb): Rgb {
  return contrast(background, WHITE) >= contrast(background, DARK) ? WHITE : DARK;
}

function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [0, 1, 2].map((i) => a[i]! + (b[i]! - a[i]!) * t) as Rgb;
}

/** `color` darkened (or lightened) just enough to reach AA on `background`. */
export function readableOn(color: Rgb, background: Rgb, ratio = AA): Rgb {
  if (contrast(color, background) >= ratio) return color;
  const target = luminance(background) > 0.18 ? ([0, 0, 0] as Rgb) : WHITE;
  for (let t = 0.05; t <= 1; t += 0.05) {
    const candidate = mix(color, target, t);
    if (contrast(candidate, background) >= ratio) return candidate;
  }
  return textOn(background);
}

/** `preferred` when it reads on `background`, otherwise white or dark. */
export function pickTextColor(preferred: string | null | undefined, background: Rgb): string {
  const rgb = parseColor(preferred);
  if (rgb && contrast(rgb, background) >= AA) return toHex(rgb);
  return toHex(textOn(background));
}

/**
 * The first colour that stands out from `background` (3:1, WCAG non-text contrast), e.g. a button on a panel;
 * white or dark when none does.
 */
export function distinctFrom(candidates: (string | null | undefined)[], background: Rgb): Rgb {
  for (const candidate of candidates) {
    const rgb = parseColor(candidate);
    if (rgb && contrast(rgb, background) >= 3) return rgb;
  }
  return textOn(background);
}

export interface ThemeColors {
  primary: Rgb;
  secondary: Rgb;
}

export function themeColors(config: Pick<PartnerConfig, 'estilo'> | null): ThemeColors {
  const primary = parseColor(config?.estilo?.corPrimaria) ?? parseColor(DEFAULT_STYLE.corPrimaria)!;
  const secondary = parseColor(config?.estilo?.corSecundaria) ?? parseColor(DEFAULT_STYLE.corSecundaria)!;
  return { primary, secondary };
}

/** The partner colours and their readable companions, as the CSS variables the stylesheet reads. */
export function themeVariables(config: Pick<PartnerConfig, 'estilo'>): Record<string, string> {
  const { primary, secondary } = themeColors(config);
  return {
    '--color-primary': toHex(primary),
    '--color-secondary': toHex(secondary),
    '--color-on-primary': toHex(textOn(primary)),
    '--color-on-secondary': toHex(textOn(secondary)),
    // Partner colours used as text on the white page (links, headings).
    '--color-primary-ink': toHex(readableOn(primary, SURFACE)),
    '--color-secondary-ink': toHex(readableOn(secondary, SURFACE)),
  };
}

/** Writes the partner colours as CSS variables on <html> (the server already put them in the page's head). */
export function applyTheme(config: Pick<PartnerConfig, 'estilo'>): void {
  const vars = themeVariables(config);
  const root = document.documentElement.style;
  for (const [name, value] of Object.entries(vars)) root.setProperty(name, value);
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', vars['--color-primary']!);
}

/** Sets (or replaces) the page icon. */
export function setFavicon(url: string | null | undefined): void {
  if (!url) return;
  let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.appendChild(link);
  }
  link.href = url;
}
