import { customization, hasCapability, type PartnerConfig, PRIVACY_PORTAL_PATH } from '@portal/domain';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { PageLink } from '../../../app/page-navigation';
import { Icon } from '../../../components/ui/Icon';

interface Props {
  config: PartnerConfig;
  hasAbout: boolean;
  hasTutorial: boolean;
  hasContact: boolean;
}

/** Spec 000 §2 header menu; on small screens a button opens and closes the list. */
export function LandingNav({ config, hasAbout, hasTutorial, hasContact }: Props) {
  const [open, setOpen] = useState(false);
  const landPage = customization(config).landPage;
  const creditorUrl = landPage?.flgAcessoCredor === false ? null : config.creditorAccessUrl;
  const close = () => setOpen(false);

  // A menu entry that scrolls within the page closes the menu.
  useEffect(() => {
    const onHashChange = () => setOpen(false);
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === 'Escape' && open) {
      setOpen(false);
      event.currentTarget.querySelector<HTMLButtonElement>('.nav__toggle')?.focus();
    }
  }

  return (
    <nav className="nav" aria-label="Menu principal" onKeyDown={onKeyDown}>
      <button
        type="button"
        className="nav__toggle"
        aria-expanded={open}
        aria-controls="menu-principal"
        onClick={() => setOpen((value) => !value)}
      >
        <Icon name={open ? 'close' : 'menu'} />
        <span className="nav__toggle-text">Menu</span>
      </button>
      <ul id="menu-principal" className={open ? 'nav__list nav__list--open' : 'nav__list'}>
        {hasCapability(config, 'workWithUsMenu') && (
          <li>
            <PageLink to="/trabalhe-conosco" onClick={close}>
              Trabalhe conosco
            </PageLink>
          </li>
        )}
        <li>
          <PageLink to={PRIVACY_PORTAL_PATH} onClick={close}>
            Portal de privacidade
          </PageLink>
        </li>
        {hasAbout && (
          <li>
            <a href="#sobre">Sobre</a>
          </li>
        )}
        {hasTutorial && (
          <li>
            <a href="#como-funciona">Como funciona</a>
          </li>
        )}
        {hasContact && (
          <li>
            <a href="#contato">Contato</a>
          </li>
        )}
        <li>
          <PageLink to="/seja-parceiro" onClick={close}>
            Seja um credor parceiro
          </PageLink>
        </li>
        {creditorUrl && (
          <li>
            <a href={creditorUrl} target="_blank" rel="noopener noreferrer" onClick={close}>
              Acesso credor<span className="sr-only"> (abre em nova aba)</span>
            </a>
          </li>
        )}
      </ul>
    </nav>
  );
}
