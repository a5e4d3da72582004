import { legalCompany, PRIVACY_POLICY_PATH, privacyPolicy } from '@portal/domain';
import { useEffect, useMemo } from 'react';
import { Link } from 'react-router';
import { LegalSections } from '../../../components/ui/LegalSections';
import { PageHeader } from '../../../components/ui/PageHeader';
import { Tabs, useQueryTab } from '../../../components/ui/Tabs';
import { markHeroPainted } from '../../../lib/first-paint';
import { usePartner } from '../../../lib/partner';
import { Footer } from '../../landing/components/Footer';
import { RightsRequestForm } from '../components/RightsRequestForm';
import { YourRights } from '../components/YourRights';
import '../privacy.css';

/** Spec 000 §2: the request form first (the default), then the policy and the rights text. */
const TABS = ['solicitacaoDeDireitos', 'politicaDePrivacidade', 'seusDireitos'] as const;
type PrivacyTab = (typeof TABS)[number];

const TAB_LABELS: Record<PrivacyTab, string> = {
  solicitacaoDeDireitos: 'Solicitação de direitos',
  politicaDePrivacidade: 'Política de privacidade',
  seusDireitos: 'Seus direitos',
};

/**
 * PrivacyPortal (spec 000 §2 "Privacy portal") at /portal-de-privacidade: three WAI-ARIA tabs, chosen by
 * ?aba=politicaDePrivacidade / seusDireitos: the rights request form, the privacy policy TermsLGPD shows (same
 * text, same company data) and the LGPD rights with the way to exercise them.
 */
export default function PrivacyPortal() {
  const config = usePartner();
  const [active, select] = useQueryTab(TABS);
  const company = useMemo(() => legalCompany(config), [config]);

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
        <h1>Portal de privacidade</h1>
        <p className="privacy__intro">
          Aqui você exerce os seus direitos sobre os dados pessoais que {config.nome} trata, conforme a Lei
          Geral de Proteção de Dados (LGPD).
        </p>
        <Tabs tabs={TABS} labels={TAB_LABELS} active={active} onSelect={select} label="Portal de privacidade">
          {(tab) => {
            if (tab === 'solicitacaoDeDireitos') return <RightsRequestForm />;
            if (tab === 'seusDireitos') return <YourRights />;
            return (
              <>
                <h2>Política de privacidade</h2>
                <LegalSections sections={privacyPolicy(company)} />
                <p>
                  Veja também os{' '}
                  <Link to={PRIVACY_POLICY_PATH}>termos de uso e a política de privacidade</Link> com os dados
                  da empresa.
                </p>
              </>
            );
          }}
        </Tabs>
      </main>
      <Footer config={config} />
    </div>
  );
}
