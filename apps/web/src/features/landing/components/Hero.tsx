import {
  customization,
  findSection,
  LANDING_DEFAULTS,
  type PartnerConfig,
  sectionFile,
} from '@portal/domain';
import { type CSSProperties, useEffect, useRef } from 'react';
import { useFocusStart } from '../../../components/ui/focus-return';
import { markHeroPainted } from '../../../lib/first-paint';
import { distinctFrom, parseColor, pickTextColor, themeColors, toHex } from '../../../lib/theme';
import { SearchForm } from './SearchForm';

const WHITE: [number, number, number] = [255, 255, 255];

/**
 * The slider (section header) of spec 000 §2: title, subtitle, the header image (the page's LCP element, so it
 * loads eagerly with high priority) and the CPF/CNPJ search. Text sits on a solid panel whose colours are
 * checked for contrast, never directly on the photo.
 */
export function Hero({ config }: { config: PartnerConfig }) {
  const focusStart = useFocusStart<HTMLHeadingElement>();
  const header = findSection(config, 'header');
  const fields = header?.campos ?? {};
  const landPage = customization(config).landPage ?? {};
  const desktop = sectionFile(header, 'desktop');
  const mobile = sectionFile(header, 'mobile');
  const main = desktop ?? mobile;

  const panel = parseColor(fields.background) ?? WHITE;
  const { primary, secondary } = themeColors(config);
  const titleColor = pickTextColor(fields.firstTitleColor ?? toHex(secondary), panel);
  const subtitleColor = pickTextColor(fields.subTitleColor ?? '#374151', panel);
  // The search button must stand out from the panel even when the partner picked the same colour for both.
  const buttonBg = distinctFrom([fields.headerButtonsColor, toHex(primary), toHex(secondary)], panel);
  const buttonStyle: CSSProperties = { background: toHex(buttonBg), color: pickTextColor(null, buttonBg) };

  const imgRef = useRef<HTMLImageElement>(null);
  useEffect(() => {
    // No image, or one already decoded from cache before React listened: the hero is on screen now.
    if (!main || imgRef.current?.complete) markHeroPainted();
  }, [main]);

  const classes = ['hero'];
  if (main) classes.push('hero--with-image');
  if (landPage.flgOverlay) classes.push('hero--overlay');
  if (landPage.flgStretch) classes.push('hero--stretch');

  return (
    <section className={classes.join(' ')} aria-labelledby="hero-title">
      {main && (
        <picture className="hero__media">
          {desktop && mobile && (
            <source
              media="(max-width: 767px)"
              srcSet={mobile.url}
              width={mobile.width}
              height={mobile.height}
            />
          )}
          <img
            ref={imgRef}
            onLoad={markHeroPainted}
            onError={markHeroPainted}
            className="hero__img"
            elementtiming="hero"
            src={main.url}
            width={main.width}
            height={main.height}
            alt=""
            fetchPriority="high"
            loading="eager"
          />
        </picture>
      )}
      <div className="hero__inner container">
        <div
          className="hero__panel"
          style={{ background: toHex(panel), color: pickTextColor(null, panel) } as CSSProperties}
        >
          <h1 id="hero-title" className="hero__title" style={{ color: titleColor }} {...focusStart}>
            {fields.title || LANDING_DEFAULTS.title}
          </h1>
          <p className="hero__subtitle" style={{ color: subtitleColor }}>
            {fields.subtitle || LANDING_DEFAULTS.subtitle}
          </p>
          <SearchForm
            buttonText={landPage.textBotaoBuscar?.trim() || LANDING_DEFAULTS.searchButton}
            buttonStyle={buttonStyle}
          />
        </div>
      </div>
    </section>
  );
}

/** Spec 000 §9: the default landing totals (static marketing text). */
export function Stats() {
  return (
    <section className="stats" aria-label="O portal em números">
      <ul className="stats__list container">
        <li>
          <strong>Mais de 1,3 milhão</strong> de negociações
        </li>
        <li>
          <strong>Mais de 4 mil</strong> empresas
        </li>
        <li>
          <strong>Mais de 3,6 milhões</strong> de CPFs
        </li>
      </ul>
    </section>
  );
}
