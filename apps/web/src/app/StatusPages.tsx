import { CRITICAL_ERROR, PARTNER_NOT_FOUND } from '@portal/domain';
import { useEffect, useState } from 'react';
import { defaultPortalUrl } from '../lib/partner';

const REDIRECT_SECONDS = 5;

/**
 * Spec 000 §2: when the partner does not exist, say so and return to the default portal's landing page (the
 * host without its first label), at once through the link or by itself after 5 seconds.
 */
export function PartnerNotFound({ message }: { message: string }) {
  const target = defaultPortalUrl(window.location);
  const [seconds, setSeconds] = useState(REDIRECT_SECONDS);

  useEffect(() => {
    if (!target) return;
    const redirect = setTimeout(() => window.location.replace(target), REDIRECT_SECONDS * 1000);
    const tick = setInterval(() => setSeconds((s) => Math.max(0, s - 1)), 1000);
    return () => {
      clearTimeout(redirect);
      clearInterval(tick);
    };
  }, [target]);

  return (
    <main id="conteudo" className="status-page">
      <h1 className="status-page__title">{message || PARTNER_NOT_FOUND}</h1>
      {target ? (
        <>
          <p>Você será levado ao portal principal em {seconds} segundos.</p>
          <a className="btn btn--primary" href={target}>
            Ir para o portal principal agora
          </a>
        </>
      ) : (
        <p>Confira o endereço digitado no navegador.</p>
      )}
    </main>
  );
}

/** Behind the 'Erro Crítico' modal: the page stays useful with a way to try again. */
export function StartupFailure() {
  return (
    <main id="conteudo" className="status-page">
      <h1 className="status-page__title">{CRITICAL_ERROR.title}</h1>
      <p>{CRITICAL_ERROR.text}</p>
      <p>Verifique a sua conexão com a internet e tente novamente.</p>
      <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
        Tentar novamente
      </button>
    </main>
  );
}
