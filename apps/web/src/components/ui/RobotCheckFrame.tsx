import { type ReactNode, Suspense, useId } from 'react';
import './robot-check.css';

/**
 * The frame of a robot check (spec 000 §2/§5 'Verificação de segurança'): its legend, the text shown while the
 * provider's widget (a lazy chunk) loads, and the error under it.
 */
export function RobotCheckFrame({ error, children }: { error?: string | undefined; children: ReactNode }) {
  const id = useId();
  return (
    <fieldset className="robot-check" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="robot-check__legend">Verificação de segurança</legend>
      <Suspense
        fallback={
          <p className="robot-check__loading" role="status">
            Carregando a verificação de segurança…
          </p>
        }
      >
        {children}
      </Suspense>
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
