import { useLocation } from 'react-router';
import { PageHeader } from '../../../components/ui/PageHeader';
import { LoginForm } from '../components/LoginForm';
import { MissingParameters } from '../components/MissingParameters';
import { stateString } from '../lib/route-state';

/**
 * ConfirmBirthday (spec 000 §2, §4): the login. Router state `{ identification, phoneNumber?, enumCanalOrigem?,
 * codAssessoriaSenff? }` (the last two from the debtor area's cpf route); the form is shared with the landing
 * page's login panel.
 */
export default function ConfirmBirthday() {
  const { state } = useLocation();
  const identification = stateString(state, 'identification');
  return (
    <>
      <PageHeader />
      <main id="conteudo" className="page container container--narrow">
        {identification ? (
          <LoginForm
            identification={identification}
            initialPhone={stateString(state, 'phoneNumber') ?? ''}
            origin={{
              enumCanalOrigem: stateString(state, 'enumCanalOrigem') ?? undefined,
              codAssessoriaSenff: stateString(state, 'codAssessoriaSenff') ?? undefined,
            }}
            showIdentification
          />
        ) : (
          <MissingParameters />
        )}
      </main>
    </>
  );
}
