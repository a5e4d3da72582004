import {
  type LegalCompany,
  type LegalSection,
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
  termsTab,
} from '@portal/domain';
import { type KeyboardEvent, useEffect, useMemo, useRef } from 'react';
import { PageHeader } from '../../../components/ui/PageHeader';
import { afterHeroPainted, markHeroPainted } from '../../../lib/first-paint';
import { usePartner } from '../../../lib/partner';
import { useLocation, useNavigate } from '../../../lib/router';
import { setFavicon } from '../../../lib/theme';
import { Footer } from '../../landing/components/Footer';
import '../legal.css';

const PATH = '/politica-de-privacidade';
/** Query parameter that opens a tab: /politica-de-privacidade?aba=politicaDePrivacidade. */
const TAB_PARAM = 'aba';

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

function Sections({ sections }: { sections: LegalSection[] }) {
  return sections.map((section) => (
    <section key={section.titulo} className="legal__section">
      <h3>{section.titulo}</h3>
      {section.paragrafos.map((p) => (
        <p key={p}>{p}</p>
      ))}
    </section>
  ));
}

/**
 * TermsLGPD (spec 002 §2) at /politica-de-privacidade: two WAI-ARIA tabs, termoDeUso (default) and
 * politicaDePrivacidade (?aba=politicaDePrivacidade); the legal text of spec 002 §1 with the company data of
 * the partner's variant; the capability negotiationTitleOnTerms gets the fixed title and the logo as favicon.
 */
export default function TermsLGPD() {
  const config = usePartner();
  const { search } = useLocation();
  const navigate = useNavigate();
  const active = termsTab(new URLSearchParams(search).get(TAB_PARAM));
  const company = useMemo(() => legalCompany(config), [config]);
  const tabs = useRef<Record<TermsTab, HTMLButtonElement | null>>({
    termoDeUso: null,
    politicaDePrivacidade: null,
  });

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

  const select = (tab: TermsTab, focus: boolean) => {
    if (tab !== active)
      navigate(tab === 'termoDeUso' ? PATH : `${PATH}?${TAB_PARAM}=${tab}`, { replace: true });
    if (focus) tabs.current[tab]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = TERMS_TABS.indexOf(active);
    const last = TERMS_TABS.length - 1;
    const next: Record<string, number> = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    const target = next[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(TERMS_TABS[target]!, true);
  };

  return (
    <div className="legal">
      <PageHeader />
      <main id="conteudo" className="container legal__main">
        <h1>Termos de uso e política de privacidade</h1>
        <p className="legal__version" data-testid="legal-version">
          Versão {TERMS_VERSION}, de {TERMS_DATE}
        </p>
        <div className="legal__tabs" role="tablist" aria-label="Documentos legais" onKeyDown={onKeyDown}>
          {TERMS_TABS.map((tab) => (
            <button
              key={tab}
              ref={(element) => {
                tabs.current[tab] = element;
              }}
              type="button"
              role="tab"
              id={`aba-${tab}`}
              aria-selected={tab === active}
              aria-controls={`painel-${tab}`}
              tabIndex={tab === active ? 0 : -1}
              className="legal__tab"
              onClick={() => select(tab, false)}
            >
              {TAB_LABELS[tab]}
            </button>
          ))}
        </div>
        {TERMS_TABS.map((tab) => (
          <div
            key={tab}
            role="tabpanel"
            id={`painel-${tab}`}
            aria-labelledby={`aba-${tab}`}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: WAI-ARIA APG tabs: a panel without focusable content is itself focusable
            tabIndex={0}
            hidden={tab !== active}
            className="legal__panel"
          >
            {tab === active && (
              <>
                <h2>{TAB_LABELS[tab]}</h2>
                <Sections sections={tab === 'termoDeUso' ? termsOfUse(company) : privacyPolicy(company)} />
              </>
            )}
          </div>
        ))}
        <CompanyBlock company={company} />
      </main>
      <Footer config={config} />
    </div>
  );
}
