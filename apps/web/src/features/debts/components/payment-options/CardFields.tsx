import {
  CARD_NAME_MAX_LENGTH,
  customization,
  hasCapability,
  maskCardCvv,
  maskCardNumber,
  maskCardValidity,
} from '@portal/domain';
import { useEffect } from 'react';
import { TextInput } from '../../../../components/form/fields';
import { loadConsentedScript } from '../../../../lib/analytics';
import { usePartner } from '../../../../lib/partner';
import { externalUrl } from '../../../landing/lib/links';

/**
 * Capability deviceFingerprint: the partner's fraud-prevention script, on this screen only, after cookie consent,
 * including consent given while the card form is open.
 */
function useDeviceFingerprint(): void {
  const config = usePartner();
  const url = hasCapability(config, 'deviceFingerprint')
    ? externalUrl(customization(config).myDebits?.urlScriptAntifraude)
    : null;
  useEffect(() => (url ? loadConsentedScript(url) : undefined), [url]);
}

/**
 * Spec 001 §3 "Card (input)" and §5 masks: number ####.####.####.####, validity ##/##, CVV of 3 digits, and the
 * name on the card. These values stay in the browser: they go to the card gateway, never to the portal.
 */
export function CardFields() {
  useDeviceFingerprint();
  return (
    <fieldset className="po-card" data-testid="po-card-fields">
      <legend>Dados do cartão de crédito</legend>
      <TextInput
        label="Número do cartão"
        name="card_number"
        mask={maskCardNumber}
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="0000.0000.0000.0000"
      />
      <TextInput
        label="Validade (mm/aa)"
        name="valid_date"
        mask={maskCardValidity}
        inputMode="numeric"
        autoComplete="cc-exp"
        placeholder="mm/aa"
      />
      <TextInput
        label="Código de segurança (CVV)"
        name="cvv"
        mask={maskCardCvv}
        inputMode="numeric"
        autoComplete="cc-csc"
      />
      <TextInput
        label="Nome impresso no cartão"
        name="name"
        autoComplete="cc-name"
        maxLength={CARD_NAME_MAX_LENGTH}
        // Its messages take two or three lines on a phone, and the terms checkbox comes next.
        checkWhileTyping
      />
    </fieldset>
  );
}
