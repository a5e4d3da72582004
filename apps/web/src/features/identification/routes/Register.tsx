import { customization, documentKind, maskCpfCnpj, REGISTER_STEP_CODE } from '@portal/domain';
import { useEffect, useRef } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useFocusStart } from '../../../components/ui/focus-return';
import { PageHeader } from '../../../components/ui/PageHeader';
import { logStep } from '../../../lib/analytics';
import { usePartner } from '../../../lib/partner';
import { MissingParameters } from '../components/MissingParameters';
import { stateString } from '../lib/route-state';
import '../identification.css';

/**
 * Register (spec 000 §2): the CPF/CNPJ is not in the partner's records. 11 characters is a person (CPF), 14 a
 * company (CNPJ). The person goes on to the first access with the birth date and phone typed at login.
 */
export default function Register() {
  const focusStart = useFocusStart<HTMLHeadingElement>();
  const config = usePartner();
  const navigate = useNavigate();
  const { state } = useLocation();
  const identification = stateString(state, 'identification');
  const birthDate = stateString(state, 'birthDate') ?? '';
  const phone = stateString(state, 'phone') ?? '';
  const logged = useRef(false);

  useEffect(() => {
    if (!identification || logged.current) return;
    logged.current = true;
    logStep(config, REGISTER_STEP_CODE, 'CPF/CNPJ não cadastrado', identification);
  }, [config, identification]);

  const partnerName = customization(config).landPage?.textNomeParceiroContratos?.trim() || config.nome;
  const company = identification ? documentKind(identification) === 'cnpj' : false;
  const masked = identification ? maskCpfCnpj(identification) : '';

  return (
    <>
      <PageHeader />
      <main id="conteudo" className="page container container--narrow" data-testid="register">
        {identification ? (
          <>
            <h1 className="page__title" {...focusStart}>
              {company ? 'CNPJ não encontrado' : 'CPF não encontrado'}
            </h1>
            <p>
              {company
                ? `Não encontramos a empresa de CNPJ ${masked} nos registros de ${partnerName}.`
                : `Não encontramos o CPF ${masked} nos registros de ${partnerName}.`}
            </p>
            <p>
              {company
                ? 'Faça o primeiro acesso da empresa para cadastrá-la e consultar as dívidas dela.'
                : 'Faça o seu primeiro acesso para se cadastrar e consultar as suas dívidas.'}
            </p>
            <div className="id-actions">
              <button
                type="button"
                className="btn btn--primary btn--block"
                onClick={() => navigate('/primeiro-acesso', { state: { identification, birthDate, phone } })}
                data-testid="register-continue"
              >
                {company ? 'Cadastrar a empresa' : 'Fazer meu cadastro'}
              </button>
              <Link className="btn btn--ghost btn--block" to="/">
                Voltar para a página inicial
              </Link>
            </div>
          </>
        ) : (
          <MissingParameters />
        )}
      </main>
    </>
  );
}
