import { MISSING_PARAMETERS, maskCpfCnpj } from '@portal/domain';
import { PageHeader } from '../../../components/ui/PageHeader';
import { Link, useLocation } from '../../../lib/router';

interface ConfirmBirthdayState {
  identification?: unknown;
}

function identificationFrom(state: unknown): string | null {
  const value = (state as ConfirmBirthdayState | null)?.identification;
  return typeof value === 'string' && value !== '' ? value : null;
}

/**
 * ConfirmBirthday (spec 000 §2). For now it only shows the CPF/CNPJ the person typed, read-only; the login form
 * (birth date, phone, agreement, robot check) comes with the identification issue.
 */
export default function ConfirmBirthday() {
  const { state } = useLocation();
  const identification = identificationFrom(state);

  return (
    <>
      <PageHeader />
      <main id="conteudo" className="page container container--narrow">
        {identification ? (
          <>
            <h1 className="page__title">Confirme os seus dados para fazer seu login.</h1>
            <div className="field">
              <label className="field__label" htmlFor="confirm-identification">
                CPF ou CNPJ
              </label>
              <input
                id="confirm-identification"
                className="field__input"
                value={maskCpfCnpj(identification)}
                readOnly
                data-testid="confirm-identification"
              />
            </div>
            <Link className="btn btn--ghost" to="/">
              Voltar
            </Link>
          </>
        ) : (
          <>
            <h1 className="page__title">{MISSING_PARAMETERS}</h1>
            <p>Digite o seu CPF ou CNPJ na página inicial para continuar.</p>
            <Link className="btn btn--primary" to="/">
              Voltar para a página inicial
            </Link>
          </>
        )}
      </main>
    </>
  );
}
