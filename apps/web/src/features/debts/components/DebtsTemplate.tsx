import { customization, findSection, hasCapability, MISSING_PARAMETERS } from '@portal/domain';
import { type CSSProperties, createContext, type ReactNode, useContext, useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useFocusStart } from '../../../components/ui/focus-return';
import { QueryView } from '../../../components/ui/QueryView';
import { usePartner } from '../../../lib/partner';
import { WhatsAppButton } from '../../landing/components/WhatsAppButton';
import { type DebtorSession, useSessionQuery } from '../api/debts';
import { isExternalEntry, markExternalEntry, readExternalEntry } from '../lib/external-entry';
import { menuLook } from '../lib/menu-theme';
import '../debts.css';

const DebtorContext = createContext<DebtorSession | null>(null);

/** The open session of the person the debtor-area screens are showing. */
export function useDebtor(): DebtorSession {
  const session = useContext(DebtorContext);
  if (!session) throw new Error('useDebtor outside DebtsTemplate');
  return session;
}

export interface DebtsTemplateProps {
  /** Spec 001 §2 page title: Minhas Dívidas, Meus Boletos, Meus Acordos, Fale Conosco, Dúvidas. */
  title: string;
  /** Spec 001 §2 Voltar: MyDebits, MyAgreements and FAQ go back to the menu, the others to the landing page. */
  back: 'menu' | 'landing';
  children: ReactNode;
}

/**
 * Spec 001 §2 "Debts template": the side menu (logo, text under it, greeting, page title, Voltar, WhatsApp help)
 * beside the screen. It opens only for the open session: without one the person goes to the landing page; a
 * cpf in the path that is not the session's person goes to identification with that CPF.
 */
export function DebtsTemplate({ title, back, children }: DebtsTemplateProps) {
  const config = usePartner();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const entry = readExternalEntry(pathname, search);
  const entryCpf = entry?.cpfCnpj;
  const channel = entry?.enumCanalOrigem;
  const advisory = entry?.codAssessoriaSenff;
  const invalidEntry = entry !== null && entry.cpfCnpj === null;
  const externalEntry = entry !== null;
  const query = useSessionQuery(!invalidEntry);
  const found = query.data;
  // Someone else's CPF in the path: that person must identify themselves first.
  const mismatch = Boolean(found && entryCpf && found.pesCpfCnpj !== entryCpf);

  useEffect(() => {
    if (externalEntry && !invalidEntry) markExternalEntry();
  }, [externalEntry, invalidEntry]);

  useEffect(() => {
    if (found === null && !entryCpf) navigate('/', { replace: true });
    else if (found === null || mismatch)
      navigate('/confirmar-dados', {
        replace: true,
        state: { identification: entryCpf, enumCanalOrigem: channel, codAssessoriaSenff: advisory },
      });
  }, [found, mismatch, entryCpf, channel, advisory, navigate]);

  const focusStart = useFocusStart<HTMLHeadingElement>();
  const look = menuLook(config);
  const menuText = customization(config).menuDebits?.textAbaixoLogo?.trim();
  const whatsappHelp = customization(config).landPage?.flgIntegraRobo === true;
  const session = found && !mismatch ? found : null;
  const showBack = !isExternalEntry(pathname);
  const className = hasCapability(config, 'largeFonts') ? 'debts debts--large' : 'debts';

  return (
    <div className={className}>
      <header
        className="debts-menu"
        style={{ '--menu-bg': look.background, '--menu-ink': look.ink } as CSSProperties}
      >
        <div className="debts-menu__brand">
          {look.logo ? (
            <img className="debts-menu__logo" src={look.logo} alt={config.nome} height={56} />
          ) : (
            <span className="debts-menu__name">{config.nome}</span>
          )}
          {menuText && <p className="debts-menu__text">{menuText}</p>}
        </div>
        <div className="debts-menu__page">
          {/* The greeting and 'Meus dados' keep their room while the session loads: arriving later, they would push
              the page down under the person's finger (layout shift). */}
          {session ? (
            <p className="debts-menu__greeting" data-testid="debts-greeting">
              Olá, {session.pesNome}
            </p>
          ) : (
            <p className="debts-menu__greeting debts-menu__reserved" aria-hidden="true">
              Olá
            </p>
          )}
          <h1 className="debts-menu__title" {...focusStart}>
            {title}
          </h1>
          {showBack && (
            <button
              type="button"
              className="btn btn--ghost debts-menu__back"
              onClick={() => navigate(back === 'menu' ? '/menu' : '/')}
              data-testid="debts-back"
            >
              Voltar
            </button>
          )}
          {session ? (
            <Link to="/meus-dados" className="btn btn--ghost" data-testid="debts-my-data">
              Meus dados
            </Link>
          ) : (
            <span className="btn btn--ghost debts-menu__reserved" aria-hidden="true">
              Meus dados
            </span>
          )}
        </div>
        {whatsappHelp && session?.pesCpfCnpj && (
          <WhatsAppButton config={config} number={findSection(config, 'contact')?.campos.whatsapp} />
        )}
      </header>
      <main id="conteudo" className="debts-main">
        {invalidEntry ? (
          <p className="debts-message" role="alert">
            {MISSING_PARAMETERS}
          </p>
        ) : (
          <QueryView query={query} failedText="Não foi possível carregar os seus dados.">
            {() => session && <DebtorContext.Provider value={session}>{children}</DebtorContext.Provider>}
          </QueryView>
        )}
      </main>
    </div>
  );
}
