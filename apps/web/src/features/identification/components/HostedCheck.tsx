import type { CaptchaProvider } from '@portal/domain';
import { useEffect, useRef, useState } from 'react';

// Turnstile, reCAPTCHA and hCaptcha: the provider's script (loaded once, only here) renders its widget with the
// partner group's site key; the response token goes to the form. The three share the explicit-render API.

type HostedProvider = Exclude<CaptchaProvider, 'altcha'>;

interface WidgetApi {
  render(container: HTMLElement, options: Record<string, unknown>): string | number;
  remove?(id: string | number): void;
}

const PROVIDERS: Record<
  HostedProvider,
  { script: string; global: string; language: Record<string, string> }
> = {
  turnstile: {
    script: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
    global: 'turnstile',
    language: { language: 'pt-br' },
  },
  recaptcha: {
    script: 'https://www.google.com/recaptcha/api.js?render=explicit&hl=pt-BR',
    global: 'grecaptcha',
    language: { hl: 'pt-BR' },
  },
  hcaptcha: {
    script: 'https://js.hcaptcha.com/1/api.js?render=explicit&recaptchacompat=off&hl=pt',
    global: 'hcaptcha',
    language: { hl: 'pt' },
  },
};

const loading = new Map<HostedProvider, Promise<WidgetApi>>();

function loadProvider(provider: HostedProvider): Promise<WidgetApi> {
  const cached = loading.get(provider);
  if (cached) return cached;
  const { script, global } = PROVIDERS[provider];
  const promise = new Promise<WidgetApi>((resolve, reject) => {
    const callback = `__portalCaptcha_${provider}`;
    const w = window as unknown as Record<string, unknown>;
    w[callback] = () => resolve(w[global] as WidgetApi);
    const tag = document.createElement('script');
    tag.src = `${script}&onload=${callback}`;
    tag.async = true;
    tag.onerror = () => {
      loading.delete(provider);
      tag.remove();
      reject(new Error(`${provider} não carregou`));
    };
    document.head.appendChild(tag);
  });
  loading.set(provider, promise);
  return promise;
}

export default function HostedCheck({
  provider,
  siteKey,
  onToken,
}: {
  provider: HostedProvider;
  siteKey: string;
  onToken: (token: string | null) => void;
}) {
  const host = useRef<HTMLDivElement>(null);
  const onTokenRef = useRef(onToken);
  onTokenRef.current = onToken;
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the load after a failure on purpose
  useEffect(() => {
    let active = true;
    let api: WidgetApi | null = null;
    let widgetId: string | number | undefined;
    const container = document.createElement('div');
    host.current?.appendChild(container);
    loadProvider(provider).then(
      (loaded) => {
        if (!active) return;
        api = loaded;
        widgetId = loaded.render(container, {
          sitekey: siteKey,
          ...PROVIDERS[provider].language,
          callback: (token: string) => onTokenRef.current(token || null),
          'expired-callback': () => onTokenRef.current(null),
          'error-callback': () => onTokenRef.current(null),
        });
      },
      () => {
        if (active) setFailed(true);
      },
    );
    return () => {
      active = false;
      if (api?.remove && widgetId !== undefined) api.remove(widgetId);
      container.remove();
    };
  }, [provider, siteKey, attempt]);

  return (
    <div className="robot-check__widget">
      <div ref={host} />
      {failed && (
        <p className="field__error" role="alert">
          Não foi possível carregar a verificação de segurança.{' '}
          <button
            type="button"
            className="link-button"
            onClick={() => {
              setFailed(false);
              setAttempt((n) => n + 1);
            }}
          >
            Tentar novamente
          </button>
        </p>
      )}
    </div>
  );
}
