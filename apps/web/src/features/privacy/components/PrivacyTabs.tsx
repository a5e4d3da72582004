import { legalCompany, PRIVACY_POLICY_PATH, privacyPolicy } from '@portal/domain';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { LegalSections } from '../../../components/ui/LegalSections';
import { Tabs, useQueryTab } from '../../../components/ui/Tabs';
import { usePartner } from '../../../lib/partner';
import { RightsRequestForm } from './RightsRequestForm';
import { YourRights } from './YourRights';
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
 * The privacy portal's three WAI-ARIA tabs, chosen by ?aba=politicaDePrivacidade / seusDireitos: the rights request
 * form, the privacy policy TermsLGPD shows (same text, same company data) and the LGPD rights with the way to
 * exercise them.
 */
export function PrivacyTabs() {
  const config = usePartner();
  const [active, select] = useQueryTab(TABS);
  const company = useMemo(() => legalCompany(config), [config]);
  return (
    <Tabs tabs={TABS} labels={TAB_LABELS} active={active} onSelect={select} label="Portal de privacidade">
      {(tab) => {
        if (tab === 'solicitacaoDeDireitos') return <RightsRequestForm />;
        if (tab === 'seusDireitos') return <YourRights />;
        return (
          <>
            <h2>Política de privacidade</h2>
            <LegalSections sections={privacyPolicy(company)} />
            <p>
              Veja também os <Link to={PRIVACY_POLICY_PATH}>termos de uso e a política de privacidade</Link>{' '}
              com os dados da empresa.
            </p>
          </>
        );
      }}
    </Tabs>
  );
}
