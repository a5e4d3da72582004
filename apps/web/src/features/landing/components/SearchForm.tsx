import {
  FATAL_ERROR,
  hasCapability,
  INVALID_DOCUMENT_MESSAGE,
  isValidCpfCnpj,
  maskCpfCnpj,
  normalizeDocument,
} from '@portal/domain';
import { type CSSProperties, type FormEvent, Suspense, useEffect, useId, useRef, useState } from 'react';
import { usePageNavigation } from '../../../app/page-navigation';
import { useFeedback } from '../../../components/ui/feedback';
import { portalSwitchedOff } from '../../../lib/api';
import { lazyWithRetry } from '../../../lib/lazy-with-retry';
import { usePartner } from '../../../lib/partner';
import { takeServerRenderedInput } from '../../../lib/prerendered';
import { preloadRoute } from '../../../lib/route-preload';

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
  const { navigate } = usePageNavigation();
  const { showModal } = useFeedback();
  const panelVariant = hasCapability(usePartner(), 'loginPanelOnLanding');
  const [panelFor, setPanelFor] = useState<string | null>(null);
  const [serverRendered] = useState(takeServerRenderedInput);
  const [value, setValue] = useState(() => maskCpfCnpj(serverRendered.value));
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const errorId = `${id}-error`;

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the app has taken over the painted box
  useEffect(() => {
    // Someone typing in the server-rendered box keeps the cursor when the app takes over, and what they typed while
    // React was taking over (those keystrokes reach only the page) is adopted.
    if (serverRendered.focused) inputRef.current?.focus();
    const shown = inputRef.current?.value ?? '';
    if (!serverRendered.submitted && shown !== value) typed(shown);
  }, [serverRendered]);

  // A search sent before the app had started goes on now.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the value the server handed back
  useEffect(() => {
    if (serverRendered.submitted) search(value);
  }, [serverRendered]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // What the box shows: keystrokes made while React was taking over the painted page reach only the page.
    const shown = maskCpfCnpj(inputRef.current?.value ?? value);
    if (shown !== value) setValue(shown);
    search(shown);
  }

  function typed(text: string) {
    // The mask bounds the length: the box has no maxLength, which would cut a pasted ' 11.222.333/0001-81 '.
    const next = maskCpfCnpj(text);
    setValue(next);
    if (error) setError(null);
    if (panelFor && normalizeDocument(next) !== panelFor) setPanelFor(null);
  }

  function search(identification: string) {
    // Closing the start-up message of a switched-off portal must not open the way to a login (the server refuses
    // one too): the message comes back instead.
    if (portalSwitchedOff()) {
      showModal({ ...FATAL_ERROR, style: 'danger' });
      return;
    }
    if (!isValidCpfCnpj(identification)) {
      setError(INVALID_DOCUMENT_MESSAGE);
      inputRef.current?.focus();
      return;
    }
    setError(null);
    if (panelVariant) setPanelFor(normalizeDocument(identification));
    else navigate('/confirmar-dados', { state: { identification: normalizeDocument(identification) } });
  }

  return (
    <>
      {/* Without the app yet (a slow phone), Buscar posts the box to the server, which hands it back once the app
          has started (see lib/prerendered.ts). */}
      <form className="search" method="post" action="/consulta" onSubmit={onSubmit} noValidate>
        <label className="search__label" htmlFor={id}>
          CPF ou CNPJ
        </label>
        <div className="search__row">
          <input
            ref={inputRef}
            id={id}
            name="cpfCnpj"
            className="search__input"
            type="text"
            inputMode="text"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="000.000.000-00"
            value={value}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            // Typing a CPF takes a while: fetch the next screen meanwhile, so it opens at once on a slow network.
            onFocus={() =>
              panelVariant ? loadLoginPanel().catch(() => {}) : preloadRoute('/confirmar-dados')
            }
            onChange={(event) => typed(event.currentTarget.value)}
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
