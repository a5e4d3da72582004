import { LoginForm } from './LoginForm';

/**
 * The login variant of spec 000 §2/§4 (capability loginPanelOnLanding): after a valid CPF/CNPJ in the search box,
 * the landing page asks here for what the partner validates (phone), the agreement and the robot check, and
 * runs the same login as ConfirmBirthday. A lazy chunk: the landing page loads it only when it is needed.
 */
export default function LoginPanel({ identification }: { identification: string }) {
  return (
    <section className="login-panel" aria-label="Entrar" data-testid="login-panel">
      <LoginForm identification={identification} headingLevel={2} />
    </section>
  );
}
