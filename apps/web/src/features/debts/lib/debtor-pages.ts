/**
 * The debtor pages a person opens directly (a reload, a link) under a session: their screens are fetched beside the
 * router (App.tsx) and their data as the router loads (api/prefetch.ts). The server renders their first screen too
 * (SERVER_RENDERED in the server's contract/web-routes.ts). Kept free of imports: the landing page's first scripts
 * load it.
 */
export const DEBTOR_PAGES: readonly string[] = ['/menu', '/minhas-dividas', '/meus-acordos'];
