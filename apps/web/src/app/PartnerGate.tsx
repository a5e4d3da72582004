import { CRITICAL_ERROR, FATAL_ERROR, type PartnerConfig, STEP_CODES } from '@portal/domain';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useFeedback } from '../components/ui/feedback';
import { logStep } from '../lib/analytics';
import { fetchCompanyToken } from '../lib/api';
import { afterHeroPainted } from '../lib/first-paint';
import { loadPartnerConfig, PartnerContext, peekPartnerConfig } from '../lib/partner';
import { applyTheme, setFavicon } from '../lib/theme';
import { PartnerNotFound, StartupFailure } from './StatusPages';
import { isPrivacyPage, isStaffPage } from './staff-pages';

type State =
  | { kind: 'loading' }
  | { kind: 'ready'; config: PartnerConfig }
  | { kind: 'not-found'; message: string }
  | { kind: 'error' };

// Once per page load, even if React mounts twice (StrictMode in development).
let startupDone = false;

/**
 * Spec 000 §2 "Application shell" and §7: load the partner configuration, brand the page, record the visit
 * (step 31) and fetch the company token, except on the staff pages. Whatever fails, the person sees a message,
 * never a blank page.
 */
export function PartnerGate({
  children,
  initialConfig,
}: {
  children: ReactNode;
  initialConfig?: PartnerConfig | undefined;
}) {
  // On the server, and when main.tsx waited for the configuration to hydrate the server-rendered first screen,
  // start ready: a loading state would not match that screen.
  const [state, setState] = useState<State>(() => {
    if (initialConfig) return { kind: 'ready', config: initialConfig };
    const ready = peekPartnerConfig();
    if (ready?.kind === 'ok') return { kind: 'ready', config: ready.config };
    return { kind: 'loading' };
  });
  const { showModal } = useFeedback();

  useEffect(() => {
    let active = true;
    loadPartnerConfig().then(
      (result) => {
        if (!active) return;
        if (result.kind === 'not-found') setState({ kind: 'not-found', message: result.message });
        else setState({ kind: 'ready', config: result.config });
      },
      () => {
        if (!active) return;
        setState({ kind: 'error' });
        showModal({ ...CRITICAL_ERROR, style: 'danger' });
      },
    );
    return () => {
      active = false;
    };
  }, [showModal]);

  const config = state.kind === 'ready' ? state.config : null;

  useEffect(() => {
    if (!config) return;
    applyTheme(config);
    document.title = config.nome;
    afterHeroPainted().then(() => setFavicon(config.favicon ?? config.logo));
    // The staff pages share the partner's address but are no visit to its portal, and need no company token.
    if (startupDone || isStaffPage(window.location.pathname)) return;
    startupDone = true;
    afterHeroPainted().then(() => {
      logStep(config, STEP_CODES.accessPortal, 'Acessou o portal');
      fetchCompanyToken(config.emp_codigo).then(
        (token) => {
          // A privacy page says it in its own notice, under which its form still works (decision 067).
          if (token === null && !isPrivacyPage(window.location.pathname))
            showModal({ ...FATAL_ERROR, style: 'danger' });
        },
        () => showModal({ ...FATAL_ERROR, style: 'danger' }),
      );
    });
  }, [config, showModal]);

  const context = useMemo(() => (config ? { config } : null), [config]);

  if (state.kind === 'loading') {
    return (
      <p className="boot" role="status">
        Carregando o portal…
      </p>
    );
  }
  if (state.kind === 'not-found') return <PartnerNotFound message={state.message} />;
  if (state.kind === 'error' || !context) return <StartupFailure />;
  return <PartnerContext.Provider value={context}>{children}</PartnerContext.Provider>;
}
