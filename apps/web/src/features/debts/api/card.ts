import { type CardFormInput, cardBrandOf, type DadosDoCartao, lastFour, onlyDigits } from '@portal/domain';

// Card tokenisation in the browser (issue 17 item 3): the card goes from this page straight to the gateway's
// tokenisation endpoint (Pagar.me Core API v5 POST /tokens?appId=...), never to the portal; the portal gets the token.

export class CardTokenError extends Error {}

/** Where this portal's gateway tokenises; null when card payments are not available. */
async function tokenUrl(): Promise<string | null> {
  const response = await fetch('/api/cartao/gateway', { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new CardTokenError('gateway');
  return ((await response.json()) as { tokenUrl: string | null }).tokenUrl;
}

/** Tokenises the card at the gateway; answers what passo_4_novo takes (token, brand, last four). */
export async function tokeniseCard(card: CardFormInput): Promise<DadosDoCartao> {
  const url = await tokenUrl();
  if (!url) throw new CardTokenError('unavailable');
  const number = onlyDigits(card.card_number);
  const [month, year] = card.valid_date.split('/');
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      // The gateway's origin, never the portal's cookies.
      credentials: 'omit',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({
        type: 'card',
        card: {
          number,
          holder_name: card.name.trim(),
          exp_month: Number(month),
          exp_year: 2000 + Number(year),
          cvv: card.cvv,
        },
      }),
    });
  } catch {
    throw new CardTokenError('network');
  }
  if (!response.ok) throw new CardTokenError(String(response.status));
  const token = (await response.json()) as { id: string; card?: { last_four_digits?: string } };
  return {
    token: token.id,
    bandeira: cardBrandOf(number),
    ultimos_digitos: token.card?.last_four_digits ?? lastFour(number),
  };
}
