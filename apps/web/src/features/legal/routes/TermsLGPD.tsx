import {
  type LegalCompany,
  legalCompany,
  privacyPolicy,
  SUPPORT_HOURS,
  TERMS_DATE,
  TERMS_TABS,
  TERMS_VERSION,
  type TermsTab,
  termsDocumentTitle,
  termsFavicon,
  termsOfUse,
} from '@portal/domain';
import { useEffect, useMemo } from 'react';
import { SwitchedOffNotice } from '../../../app/SwitchedOffNotice';
import { useFocusStart } from '../../../components/ui/focus-return';
import { LegalSections } from '../../../components/ui/LegalSections';
import { PageHeader } from '../../../components/ui/PageHeader';
import { Tabs, useQueryTab } from '../../../components/ui/Tabs';
import { afterHeroPainted, markHeroPainted } from '../../../lib/first-paint';
import { usePartner } from '../../../lib/partner';
import { setFavicon } from '../../../lib/theme';
import { Footer } from '../../landing/components/Footer';
import '../legal.css';

const TAB_LABELS: Record<TermsTab, string> = {
  termoDeUso: 'Termos de uso',
  politicaDePrivacidade: 'Política de privacidade',
};

function CompanyBlock({ company }: { company: LegalCompany }) {
  return (
    <section className="legal__company" aria-labelledby="legal-empresa" data-testid="legal-company">
      <h2 id="legal-empresa">Dados da empresa</h2>
      <dl>
        <dt>Empresa</dt>
        <dd>{company.nome}</dd>
        {company.endereco && (
          <>
            <dt>Endereço</dt>
            <dd>{company.endereco}</dd>
          </>
        )}
        {company.email && (
          <>
            <dt>E-mail</dt>
            <dd>
              <a href={`mailto:${company.email}`}>{company.email}</a>
            </dd>
          </>
        )}
        {company.telefone && (
          <>
            <dt>Telefone</dt>
            <dd>{company.telefone}</dd>
          </>
        )}
        {company.site && (
          <>
            <dt>Site</dt>
            <dd>{company.site}</dd>
          </>
        )}
        <dt>Atendimento</dt>
        <dd>{SUPPORT_HOURS}</dd>
      </dl>
    </section>
  );
}

/**
 * TermsLGPD (spec 002 §2) at /politica-de-privacidade: two WAI-ARIA tabs, termoDeUso (default) and
 * politicaDePrivacidade (?aba=politicaDePrivacidade); the legal text of spec 002 §1 with the company data of
 * the partner's variant; the capability negotiationTitleOnTerms gets the fixed title and the logo as favicon.
 */
export default function TermsLGPD() {
  const focusStart = useFocusStart<HTMLHeadingElement>();
  const config = usePartner();
  const [active, select] = useQueryTab(TERMS_TABS);
  const company = useMemo(() => legalCompany(config), [config]);

  useEffect(() => {
    const apply = () => {
      document.title = termsDocumentTitle(config);
      setFavicon(termsFavicon(config));
    };
    let mounted = true;
    apply();
    markHeroPainted();
    // The shell brands the page once the hero is painted; apply again after it.
    afterHeroPainted().then(() => mounted && apply());
    return () => {
      mounted = false;
      document.title = config.nome;
      setFavicon(config.favicon ?? config.logo);
    };
  }, [config]);

  return (
    <div className="legal">
      <PageHeader />
      <main id="conteudo" className="container legal__main">
        <h1 {...focusStart}>Termos de uso e política de privacidade</h1>
        <SwitchedOffNotice />
        <p className="legal__version" data-testid="legal-version">
          Versão {TERMS_VERSION}, de {TERMS_DATE}
        </p>
        <Tabs
          tabs={TERMS_TABS}
          labels={TAB_LABELS}
          active={active}
          onSelect={select}
          label="Documentos legais"
          panelClassName="legal__panel"
        >
          {(tab) => (
            <>
              <h2>{TAB_LABELS[tab]}</h2>
              <LegalSections sections={tab === 'termoDeUso' ? termsOfUse(company) : privacyPolicy(company)} />
            </>
          )}
        </Tabs>
        <CompanyBlock company={company} />
      </main>
      <Footer config={config} />
    </div>
  );
}
