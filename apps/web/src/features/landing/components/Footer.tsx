import { findSection, type PartnerConfig, PRIVACY_PORTAL_PATH, sectionFile } from '@portal/domain';
import { PageLink } from '../../../app/page-navigation';

export function Footer({ config }: { config: PartnerConfig }) {
  const year = new Date().getFullYear();
  // The footer is white, like the top bar: prefer the logo made for a white background.
  const logo = sectionFile(findSection(config, 'logoForBackgroundWhite'), 'logo')?.url ?? config.logo;
  return (
    <footer className="footer">
      <div className="container footer__inner">
        {logo && (
          <img className="footer__logo" src={logo} alt="" height={40} loading="lazy" decoding="async" />
        )}
        <p className="footer__name">{config.nome}</p>
        <ul className="footer__links">
          <li>
            <PageLink to={PRIVACY_PORTAL_PATH}>Portal de privacidade</PageLink>
          </li>
          <li>
            <PageLink to="/politica-de-privacidade">Termos de uso e política de privacidade</PageLink>
          </li>
          <li>
            <PageLink to="/envie-sua-proposta">Envie sua proposta</PageLink>
          </li>
        </ul>
        <p className="footer__copy">
          © {year} {config.nome}. Todos os direitos reservados.
        </p>
      </div>
    </footer>
  );
}
