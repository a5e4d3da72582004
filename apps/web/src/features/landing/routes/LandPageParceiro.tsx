import { customization, findSection } from '@portal/domain';
import { useEffect, useState } from 'react';
import { PageHeader } from '../../../components/ui/PageHeader';
import { afterHeroPainted } from '../../../lib/first-paint';
import { usePartner } from '../../../lib/partner';
import { About } from '../components/About';
import { Contact } from '../components/Contact';
import { Footer } from '../components/Footer';
import { Hero, Stats } from '../components/Hero';
import { LandingNav } from '../components/LandingNav';
import { Partners } from '../components/Partners';
import { Tutorial } from '../components/Tutorial';
import { WhatsAppButton } from '../components/WhatsAppButton';

/** LandPageParceiro (spec 000 §2): each section is shown only when the partner configuration contains it. */
export function LandPageParceiro() {
  const config = usePartner();
  const about = findSection(config, 'about');
  const tutorial = findSection(config, 'tutorial');
  const partners = findSection(config, 'partners');
  const contact = findSection(config, 'contact');
  const landPage = customization(config).landPage ?? {};
  // Below-the-fold sections render once the hero is painted, so their images do not slow the LCP image down.
  const [showRest, setShowRest] = useState(false);

  useEffect(() => {
    let active = true;
    afterHeroPainted().then(() => {
      if (active) setShowRest(true);
    });
    return () => {
      active = false;
    };
  }, []);

  useEffect(() => {
    // A link such as /#contato can scroll only once its section exists.
    if (showRest && window.location.hash)
      document.getElementById(window.location.hash.slice(1))?.scrollIntoView();
  }, [showRest]);

  return (
    <div className={landPage.flgMaxWidth ? 'landing landing--max-width' : 'landing'}>
      <PageHeader>
        <LandingNav
          config={config}
          hasAbout={Boolean(about)}
          hasTutorial={Boolean(tutorial)}
          hasContact={Boolean(contact)}
        />
      </PageHeader>
      <main id="conteudo">
        <Hero config={config} />
        <Stats />
        {showRest && (
          <>
            {about && <About config={config} section={about} />}
            {tutorial && <Tutorial section={tutorial} />}
            {partners && <Partners section={partners} />}
            {contact && <Contact config={config} section={contact} />}
          </>
        )}
        {landPage.flgIntegraRobo && <WhatsAppButton config={config} number={contact?.campos.whatsapp} />}
      </main>
      {showRest && <Footer config={config} />}
    </div>
  );
}
