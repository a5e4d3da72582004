import 'altcha/external';
import 'altcha/altcha.css';
import 'altcha/i18n/pt-br';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';
import ShaWorker from 'altcha/workers/sha?worker';
import { useEffect, useRef } from 'react';

// ALTCHA (self-hosted proof of work; the server's challenge is at /api/captcha/altcha). The "external" build
// keeps styles and workers out of the script: the workers are files of this site (CSP worker-src 'self', no
// blob:) and the stylesheet is a normal CSS file.

interface AltchaGlobal {
  algorithms: Map<string, () => Worker>;
}

const altcha = (globalThis as unknown as { $altcha: AltchaGlobal }).$altcha;
for (const algorithm of ['SHA-256', 'SHA-384', 'SHA-512'])
  altcha.algorithms.set(algorithm, () => new ShaWorker());
for (const algorithm of ['PBKDF2/SHA-256', 'PBKDF2/SHA-384', 'PBKDF2/SHA-512']) {
  altcha.algorithms.set(algorithm, () => new Pbkdf2Worker());
}

export const ALTCHA_CHALLENGE_URL = '/api/captcha/altcha';

interface StateChange {
  state?: string;
  payload?: string;
}

/** The <altcha-widget>; hands the payload (base64) over when verified and null whenever it is not. */
export default function AltchaCheck({ onToken }: { onToken: (token: string | null) => void }) {
  const host = useRef<HTMLDivElement>(null);
  const onTokenRef = useRef(onToken);
  onTokenRef.current = onToken;

  useEffect(() => {
    const container = host.current;
    if (!container) return;
    const widget = document.createElement('altcha-widget');
    widget.setAttribute('challenge', ALTCHA_CHALLENGE_URL);
    widget.setAttribute('language', 'pt-br');
    widget.setAttribute('name', 'captcha');
    widget.setAttribute('configuration', JSON.stringify({ hideLogo: false, hideFooter: false }));
    const onStateChange = (event: Event) => {
      const detail = (event as CustomEvent<StateChange>).detail ?? {};
      onTokenRef.current(detail.state === 'verified' && detail.payload ? detail.payload : null);
    };
    widget.addEventListener('statechange', onStateChange);
    container.appendChild(widget);
    return () => {
      widget.removeEventListener('statechange', onStateChange);
      widget.remove();
    };
  }, []);

  return <div ref={host} className="robot-check__widget" data-testid="altcha" />;
}
