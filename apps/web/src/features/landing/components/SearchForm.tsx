import {
  hasCapability,
  INVALID_DOCUMENT_MESSAGE,
  isValidCpfCnpj,
  maskCpfCnpj,
  normalizeDocument,
} from '@portal/domain';
import { type CSSProperties, type FormEvent, Suspense, useEffect, useId, useRef, useState } from 'react';
import { lazyWithRetry } from '../../../lib/lazy-with-retry';
import { usePartner } from '../../../lib/partner';
import { takeServerRenderedInput } from '../../../lib/prerendered';
import { preloadRoute } from '../../../lib/route-preload';
import { useNavigate } from '../../../lib/router';

// The login variant's panel (capability loginPanelOnLanding) is a lazy chunk, loaded only for those partners.
const loadLoginPanel = () => import('../../identification/screens');
const LoginPanel = lazyWithRetry(() => loadLoginPanel().then((m) => ({ default: m.LoginPanel })));

interface Props {
  buttonText: string;
  buttonStyle?: CSSProperties;
}

/**
 * Spec 000 §4 "Lookup from the landing page": a masked CPF/CNPJ, validated, then ConfirmBirthday with the
 * identification; partners with the login variant (loginPanelOnLanding) get the login panel below the box
 * instead. The panel appears only after a submit, so the server-rendered markup stays the same.
 */
export function SearchForm({ buttonText, buttonStyle }: Props) {
  const navigate = useNavigate();
  const panelVariant = hasCapability(usePartner(), 'loginPanelOnLanding');
  const [panelFor, setPanelFor] = useState<string | null>(null);
  const [serverRendered] = useState(takeServerRenderedInput);
  const [value, setValue] = useState(() => maskCpfCnpj(serverRendered.value));
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const errorId = `${id}-error`;

  useEffect(() => {
    // Someone typing in the server-rendered box keeps the cursor when the app takes over.
    if (serverRendered.focused) inputRef.current?.focus();
  }, [serverRendered]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isValidCpfCnpj(value)) {
      setError(INVALID_DOCUMENT_MESSAGE);
      inputRef.current?.focus();
      return;
    }
    setError(null);
    if (panelVariant) setPanelFor(normalizeDocument(value));
    else navigate('/confirmar-dados', { state: { identification: normalizeDocument(value) } });
  }

  return (
    <>
      <form className="search" onSubmit={onSubmit} noValidate>
        <label className="search__label" htmlFor={id}>
          CPF ou CNPJ
        </label>
        <div className="search__row">
          <input
            ref={inputRef}
            id={id}
            className="search__input"
            type="text"
            inputMode="text"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="000.000.000-00"
            maxLength={18}
            value={value}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            // Typing a CPF takes a while: fetch the next screen meanwhile, so it opens at once on a slow network.
            onFocus={() =>
              panelVariant ? loadLoginPanel().catch(() => {}) : preloadRoute('/confirmar-dados')
            }
            onChange={(event) => {
              const next = maskCpfCnpj(event.target.value);
              setValue(next);
              if (error) setError(null);
              if (panelFor && normalizeDocument(next) !== panelFor) setPanelFor(null);
            }}
            data-testid="search-input"
          />
          <button
            type="submit"
            className="btn btn--primary search__button"
            style={buttonStyle}
            data-testid="search-submit"
          >
            {buttonText}
          </button>
        </div>
        {error && (
          <p id={errorId} className="search__error" role="alert">
            {error}
          </p>
        )}
      </form>
      {panelFor && (
        <Suspense fallback={<p role="status">Carregando…</p>}>
          <LoginPanel key={panelFor} identification={panelFor} />
        </Suspense>
      )}
    </>
  );
}
