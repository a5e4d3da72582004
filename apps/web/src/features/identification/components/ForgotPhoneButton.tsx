import { customization, LOGIN_TEXTS } from '@portal/domain';
import { useNavigate } from 'react-router';
import { usePartner } from '../../../lib/partner';

/**
 * Spec 000 §2 'Esqueceu o seu telefone?' (flag flgEsqueceuTelefone): to ResetPhone with the identification. On the
 * login and on the token screen, where a code sent to a number the person no longer has is the common reason.
 */
export function ForgotPhoneButton({ identification, testId }: { identification: string; testId: string }) {
  const config = usePartner();
  const navigate = useNavigate();
  if (customization(config).confirmBirthday?.flgEsqueceuTelefone !== true) return null;
  return (
    <button
      type="button"
      className="btn btn--ghost btn--block"
      onClick={() => navigate('/esqueci-telefone', { state: { identification } })}
      data-testid={testId}
    >
      {LOGIN_TEXTS.forgotPhone}
    </button>
  );
}
