/** Delivers one SMS or throws; the outbox decides about retries. */
export interface SmsSender {
  readonly name: string;
  send(phoneDigits: string, text: string): Promise<{ messageId: string }>;
}

export interface ZenviaSettings {
  apiToken: string;
  from: string;
  url: string;
}

/**
 * Zenvia (Brazilian SMS provider), API v2: POST /v2/channels/sms/messages with the X-API-TOKEN header and
 * `{ from, to, contents: [{ type: 'text', text }] }`; the answer carries the message id.
 */
export function zenviaSmsSender(settings: ZenviaSettings): SmsSender {
  return {
    name: 'zenvia',
    async send(phoneDigits, text) {
      const response = await fetch(settings.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-token': settings.apiToken },
        // Brazilian numbers go out with the country code (spec 001 §5: numbers are prefixed with 55).
        body: JSON.stringify({
          from: settings.from,
          to: `55${phoneDigits}`,
          contents: [{ type: 'text', text }],
        }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok)
        throw new Error(`Zenvia answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
      const json = (await response.json()) as { id?: unknown };
      return { messageId: String(json.id ?? '') };
    },
  };
}
