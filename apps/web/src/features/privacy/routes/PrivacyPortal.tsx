import { Suspense, useEffect, useState } from 'react';
import { SwitchedOffNotice } from '../../../app/SwitchedOffNotice';
import { useFocusStart } from '../../../components/ui/focus-return';
import { PageHeader } from '../../../components/ui/PageHeader';
import { markHeroPainted } from '../../../lib/first-paint';
import { lazyWithRetry } from '../../../lib/lazy-with-retry';
import { usePartner } from '../../../lib/partner';
import { Footer } from '../../landing/components/Footer';

// The tabs (the request form with its schema, the policy text) in the privacy chunk; this frame, with the page's
// largest paint (the introduction), is small and rendered by the server (App.tsx serverRendersRoute).
const PrivacyTabs = lazyWithRetry(() => import('../screens').then((m) => ({ default: m.PrivacyTabs })));

/** Holds the tabs' place while they load, tall enough that the footer does not jump up into view and back. */
function TabsLoading() {
  return (
    <p className="boot privacy__loading" role="status">
      Carregando…
    </p>
  );
}

/**
 * PrivacyPortal (spec 000 §2 "Privacy portal") at /portal-de-privacidade: the heading and introduction, then the
 * tabs (PrivacyTabs). The server renders this frame with the tabs' loading text; hydration adopts it (the first
 * render here is that text too: the server cannot read ?aba=, nor send the form before the app runs), then the
 * tabs follow.
 */
export default function PrivacyPortal() {
  const focusStart = useFocusStart<HTMLHeadingElement>();
  const config = usePartner();
  const [hydrated, setHydrated] = useState(false);

  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    document.title = `${config.nome} - Portal de privacidade`;
    markHeroPainted();
    return () => {
      document.title = config.nome;
    };
  }, [config]);

  return (
    <div className="privacy">
      <PageHeader />
      <main id="conteudo" className="container privacy__main">
        <h1 {...focusStart}>Portal de privacidade</h1>
        <SwitchedOffNotice />
        <p className="privacy__intro">
          Aqui você exerce os seus direitos sobre os dados pessoais que {config.nome} trata, conforme a Lei
          Geral de Proteção de Dados (LGPD).
        </p>
        {hydrated ? (
          <Suspense fallback={<TabsLoading />}>
            <PrivacyTabs />
          </Suspense>
        ) : (
          <TabsLoading />
        )}
      </main>
      <Footer config={config} />
    </div>
  );
}
