import { INVALID_DOCUMENT_MESSAGE, isValidCpfCnpj, maskCpfCnpj, normalizeDocument } from '@portal/domain';
import { type CSSProperties, type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { takeServerRenderedInput } from '../../../lib/prerendered';
import { preloadRoute } from '../../../lib/route-preload';
import { useNavigate } from '../../../lib/router';

interface Props {
  buttonText: string;
  buttonStyle?: CSSProperties;
}

/**
 * Spec 000 §4 "Lookup from the landing page": a masked CPF/CNPJ, validated, then ConfirmBirthday with the
 * identification. Partners with the login-panel capability get their panel in the identification issue; until
 * then they take the same path.
 */
export function SearchForm({ buttonText, buttonStyle }: Props) {
  const navigate = useNavigate();
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
    navigate('/confirmar-dados', { state: { identification: normalizeDocument(value) } });
  }

  return (
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
          onFocus={() => preloadRoute('/confirmar-dados')}
          onChange={(event) => {
            setValue(maskCpfCnpj(event.target.value));
            if (error) setError(null);
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
  );
}
