import { channel } from 'node:diagnostics_channel';
import type { FastifyInstance, RouteOptions } from 'fastify';

// The routes and api.php actions the app registers, seen by an onRoute hook on every Fastify instance created after
// `collectRoutes()` (call it at the top of a test file, before the app is built). The fuzz and the access matrix
// compare their tables with it, so a new route without a row fails them.

export interface RouteTable {
  /** 'METHOD /path/:param' as registered (HEAD copies of GET left out), and each api.php action 'area/action'. */
  routes: Set<string>;
  /** The body limit of each route that has its own. */
  bodyLimits: Map<string, number>;
}

export function collectRoutes(): RouteTable {
  const table: RouteTable = { routes: new Set(), bodyLimits: new Map() };
  channel('fastify.initialization').subscribe((message) => {
    const { fastify } = message as { fastify: FastifyInstance };
    fastify.addHook('onRoute', (route: RouteOptions) => {
      // The local PSP's own instance (decision 020) is another service: the portal reaches it only through its routes.
      // So is a test's card gateway on a port of its own (card-gateway-helpers.ts).
      if (fastify.hasDecorator('localPsp') || fastify.hasDecorator('outsideService')) return;
      for (const method of [route.method].flat()) {
        // HEAD routes are Fastify's copies of the GET ones.
        if (method !== 'HEAD') table.routes.add(`${method} ${route.url}`);
        if (route.bodyLimit) table.bodyLimits.set(`${method} ${route.url}`, route.bodyLimit);
      }
      for (const action of route.config?.apiActions ?? []) table.routes.add(action);
    });
  });
  return table;
}
