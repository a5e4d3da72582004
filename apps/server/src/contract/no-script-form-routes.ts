import {
  CONSENT_COOKIE,
  CONSENT_MAX_AGE_SECONDS,
  EARLY_SEARCH_COOKIE,
  EARLY_SEARCH_MAX_AGE_SECONDS,
  EARLY_SEARCH_RETURN_PATH,
} from '@portal/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isSwitchedOff } from '../plugins/tenant';

// The server-rendered first screen works before its script has run (a slow phone, decision 006): its two forms,
// the landing page's search box and the cookie banner, post here, and the answer goes back to the page in a
// first-party cookie the app reads (apps/web lib/prerendered.ts, app/CookieBanner.tsx). Nothing is looked up here
// but the host's partner.

// A masked CPF or CNPJ (the alphanumeric one included) and nothing else; anything longer is not a document.
const TYPED_DOCUMENT = /^[0-9A-Za-z./\- ]{0,18}$/;
// A page of this site to go back to: a path, never another host ('//host' or '/\host'), in visible ASCII as a browser
// writes it (percent-encoded): it goes back in the Location header, where a control or non-Latin-1 character is an
// error.
const SAME_SITE_PATH = /^\/(?![/\\])[!-~]{0,500}$/;

function answer(request: FastifyRequest, reply: FastifyReply, cookie: string, maxAge: number, back: string) {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  return reply
    .header('set-cookie', `${cookie}; Path=/; Max-Age=${maxAge}; SameSite=Lax${secure}`)
    .header('cache-control', 'no-store')
    .redirect(back, 303);
}

/** What was typed in the search box back to the landing page: only something that can be a document, else nothing. */
function searchAnswer(request: FastifyRequest, reply: FastifyReply, typed: string) {
  const value = TYPED_DOCUMENT.test(typed) ? typed : '';
  return answer(
    request,
    reply,
    `${EARLY_SEARCH_COOKIE}=${encodeURIComponent(value)}`,
    EARLY_SEARCH_MAX_AGE_SECONDS,
    EARLY_SEARCH_RETURN_PATH,
  );
}

const field = (request: FastifyRequest, name: string): string => {
  const value = (request.body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value.trim() : '';
};

export function registerNoScriptFormRoutes(app: FastifyInstance): void {
  // The landing page's search: what was typed goes back to the landing page, which checks it as if Buscar had
  // just been pressed (the same checks and messages).
  // A body over 1 KB (no browser's form sends one) is handed back as nothing, like a value that cannot be a document.
  const consultaConfig = {
    bodyTooLargeAnswer: (request: FastifyRequest, reply: FastifyReply) => searchAnswer(request, reply, ''),
  };
  app.post('/consulta', { bodyLimit: 1024, config: consultaConfig }, async (request, reply) => {
    // A switched-off portal takes no search: back to its page, whose app says 'Portal não está funcionando!'.
    const partner = await app.findPartner(request);
    if (partner && isSwitchedOff(partner))
      return reply.header('cache-control', 'no-store').redirect('/', 303);
    return searchAnswer(request, reply, field(request, 'cpfCnpj'));
  });

  // The cookie banner's Aceitar / Recusar (spec 000 §4): the choice is kept and the same page comes back without
  // the banner; the app copies it into the spec's local storage keys.
  // A body over 1 KB keeps nothing, as an unknown choice; its page unread, the way back is the first page.
  const choiceConfig = {
    bodyTooLargeAnswer: (_request: FastifyRequest, reply: FastifyReply) => reply.redirect('/', 303),
  };
  app.post('/escolha-de-cookies', { bodyLimit: 1024, config: choiceConfig }, async (request, reply) => {
    const choice = field(request, 'escolha');
    const page = field(request, 'pagina');
    const back = SAME_SITE_PATH.test(page) ? page : '/';
    if (choice !== 'accepted' && choice !== 'refused') return reply.redirect(back, 303);
    return answer(request, reply, `${CONSENT_COOKIE}=${choice}`, CONSENT_MAX_AGE_SECONDS, back);
  });
}
