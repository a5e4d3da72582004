// Turnstile, reCAPTCHA and hCaptcha share one verify protocol: POST secret, response and remoteip as a form to
// the provider's siteverify URL; the JSON answer has `success`.

export interface HostedCaptchaSettings {
  secret: string | undefined;
  verifyUrl: string;
}

export async function verifyHostedCaptcha(
  settings: HostedCaptchaSettings,
  response: string,
  remoteIp: string,
): Promise<boolean> {
  // A provider configured without its secret can verify nothing: refuse rather than let everyone through.
  if (!settings.secret || !response) return false;
  const body = new URLSearchParams({ secret: settings.secret, response, remoteip: remoteIp });
  try {
    const answer = await fetch(settings.verifyUrl, {
      method: 'POST',
      body,
      signal: AbortSignal.timeout(5000),
    });
    if (!answer.ok) return false;
    const json = (await answer.json()) as { success?: unknown };
    return json.success === true;
  } catch {
    return false;
  }
}
