import { Link } from 'react-router';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { KeepWords } from '../../../components/ui/KeepWords';

/** The submit button of an identification form and the way back to the landing page. */
export function FormActions({ label, busy, testId }: { label: string; busy: boolean; testId: string }) {
  return (
    <>
      <SubmitButton busy={busy} className="btn btn--primary btn--block" testId={testId}>
        <KeepWords>{label}</KeepWords>
      </SubmitButton>
      <Link className="btn btn--ghost btn--block" to="/">
        Voltar para a página inicial
      </Link>
    </>
  );
}
