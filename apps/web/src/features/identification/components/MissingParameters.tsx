import { MISSING_PARAMETERS } from '@portal/domain';
import { Link } from 'react-router';
import { useFocusStart } from '../../../components/ui/focus-return';

/** Spec 000 §8: a screen opened without its parameters (e.g. typed in the address bar or reloaded elsewhere). */
export function MissingParameters() {
  const focusStart = useFocusStart<HTMLHeadingElement>();
  return (
    <>
      <h1 className="page__title" {...focusStart}>
        {MISSING_PARAMETERS}
      </h1>
      <p>Digite o seu CPF ou CNPJ na página inicial para continuar.</p>
      <Link className="btn btn--primary" to="/">
        Voltar para a página inicial
      </Link>
    </>
  );
}
