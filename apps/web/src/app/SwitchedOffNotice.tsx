import { FATAL_ERROR } from '@portal/domain';
import { useSyncExternalStore } from 'react';
import { onCompanyToken, portalSwitchedOff } from '../lib/api';
import { usePartner } from '../lib/partner';

/**
 * On a privacy page (isPrivacyPage) of a partner whose portal is switched off, what the start-up's 'Erro Fatal' modal
 * says elsewhere, and that rights requests are still taken (decision 067). Nothing until the company token has come.
 */
export function SwitchedOffNotice() {
  const switchedOff = useSyncExternalStore(onCompanyToken, portalSwitchedOff, () => false);
  const config = usePartner();
  if (!switchedOff) return null;
  return (
    <p className="switched-off-notice" role="status" data-testid="switched-off-notice">
      <strong>{FATAL_ERROR.text}</strong> A negociação de dívidas de {config.nome} está indisponível, mas as
      solicitações sobre os seus dados pessoais (LGPD) continuam sendo recebidas no Portal de privacidade.
    </p>
  );
}
