import { findSection } from '@portal/domain';
import { useEffect } from 'react';
import { logStep } from '../../../lib/analytics';
import { usePartner } from '../../../lib/partner';
import { ChannelLink } from '../components/ChannelLink';
import { DebtsTemplate, useDebtor } from '../components/DebtsTemplate';
import { MENU_DEFAULTS } from '../lib/menu-tiles';
import { DEBT_STEPS } from '../lib/steps';
import { contactChannels } from '../lib/talk-to-us';

function Channels() {
  const config = usePartner();
  const debtor = useDebtor();
  const channels = contactChannels(findSection(config, 'omniChannel')?.campos);

  useEffect(() => {
    logStep(config, DEBT_STEPS.talkToUs, 'Acessou o Fale Conosco', debtor.pesCpfCnpj);
  }, [config, debtor.pesCpfCnpj]);

  if (channels.length === 0)
    return (
      <p className="debts-message" data-testid="talk-to-us-empty">
        Nenhum canal de atendimento disponível no momento.
      </p>
    );
  return (
    <div className="talk-to-us">
      <p>Escolha como prefere falar com a gente:</p>
      <ul className="tiles" data-testid="talk-to-us">
        {channels.map((channel) => (
          <li key={channel.id}>
            <ChannelLink
              channel={channel}
              onChoose={() =>
                logStep(config, channel.step, `Contato por ${channel.label}`, debtor.pesCpfCnpj)
              }
            />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** TalkToUs (spec 001 §2 "Talk to us") at /fale-conosco; Voltar goes to the landing page (spec 001 §2 Voltar). */
export default function TalkToUs() {
  return (
    <DebtsTemplate title={MENU_DEFAULTS.talkToUs} back="landing">
      <Channels />
    </DebtsTemplate>
  );
}
