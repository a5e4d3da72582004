import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { AGREEMENT_REDIRECT_MS } from '../lib/plans';

const AgreementRedirectContext = createContext<(() => void) | null>(null);

/**
 * Spec 001 §2/§9: the person moves on to MyAgreements 2 s after an agreement. The page holds the timer, not the
 * confirmation form: reading the debts again closes the form (the debt is now under an agreement) before the 2 s
 * pass, while a person who leaves the page meanwhile (Voltar to the menu) must stay where they went.
 */
export function AgreementRedirectProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const redirect = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => navigate('/meus-acordos'), AGREEMENT_REDIRECT_MS);
  }, [navigate]);
  return <AgreementRedirectContext.Provider value={redirect}>{children}</AgreementRedirectContext.Provider>;
}

/** Starts the move to MyAgreements that leaving the page cancels. */
export function useAgreementRedirect(): () => void {
  const redirect = useContext(AgreementRedirectContext);
  if (!redirect) throw new Error('useAgreementRedirect outside AgreementRedirectProvider');
  return redirect;
}
