import { createHash, randomFillSync } from 'node:crypto';
import cookie from '@fastify/cookie';
import { BACKGROUND_READ_HEADER } from '@portal/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import type { PartnerRow } from '../repositories/partner-repository';
import {
  type DebtListingNotes,
  findLiveSession,
  findLiveSessionListingDebts,
  type LiveSession,
  type LiveSessionRow,
  openSession,
  revokeSession,
  type SessionPerson,
  type SessionRow,
  touchSession,
} from '../repositories/session-repository';

// Debtor sessions (issue 3, GUIDE security principles): 256 random bits in an HttpOnly cookie, only their SHA-256
// stored, bound to one partner and one person, 30 minutes idle (SESSION_IDLE_MS) and 12 hours at most.
export const SESSION_COOKIE = 'portal_sessao';
const SESSION_TOUCH_MS = 60_000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60_000;

export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');

const TOKEN_BYTES = 32;
// Filled from the system's CSPRNG 256 tokens at a time: one randomBytes call per token cost some 7 µs on the
// development VM (a system call each), a visible share of passo_1, which opens a session on every login. Each byte
// is handed out once.
const tokenPool = Buffer.alloc(TOKEN_BYTES * 256);
let tokenPoolOffset = tokenPool.length;

/** A new secret (256 random bits, 43 base64url characters) and the SHA-256 the database keeps instead of it. */
export function newSecretToken(): { token: string; tokenHash: string } {
  if (tokenPoolOffset === tokenPool.length) {
    randomFillSync(tokenPool);
    tokenPoolOffset = 0;
  }
  const token = tokenPool.toString('base64url', tokenPoolOffset, tokenPoolOffset + TOKEN_BYTES);
  tokenPool.fill(0, tokenPoolOffset, tokenPoolOffset + TOKEN_BYTES);
  tokenPoolOffset += TOKEN_BYTES;
  return { token, tokenHash: hashSecret(token) };
}

/** Where the person came from: the codes of the link (spec 001 §2), kept for reporting. */
export interface SessionOrigin {
  channel?: string | undefined;
  advisory?: string | undefined;
}

/** A live session with its person and the debt epoch (read in the same query). */
export type DebtorSession = LiveSessionRow & { person: SessionPerson; debtEpoch: number };

export interface SessionDraft {
  row: { tokenHash: string; status: SessionRow['status']; expiresAt: Date } & Pick<
    SessionRow,
    'originChannel' | 'advisoryCode'
  >;
  /** Gives the browser the session, once its row is stored. */
  setCookie(reply: FastifyReply): void;
}

export interface DebtorSessions {
  /**
   * A new session's token and row, not yet stored: the identification stores it in the statement that checks the
   * person (identifyPerson), then sets the cookie.
   */
  draft(status: SessionRow['status'], origin?: SessionOrigin): SessionDraft;
  /** The request's live session on this partner; a pending one only when asked for. Otherwise NO_SESSION. */
  require(request: FastifyRequest, partner: PartnerRow, accept: 'open' | 'pending'): Promise<DebtorSession>;
  /**
   * The request's open session on this partner, if any: a public form sent by a logged-in debtor names them
   * (docs/decisions/054); without one the form is anonymous, never refused.
   */
  find(request: FastifyRequest, partner: PartnerRow): Promise<DebtorSession | undefined>;
  /** The open session as `require` gives it, with what the debt listing reads besides it (one statement). */
  requireListingDebts(
    request: FastifyRequest,
    partner: PartnerRow,
  ): Promise<DebtorSession & DebtListingNotes>;
  /**
   * The request's open session on this partner as this process read it for an earlier request within the last minute,
   * without reading it again; otherwise undefined. Only for a call whose one write checks, in its own statement, that
   * the session is still as read (session-repository `sessionStillAsRead`), and that answers nothing else unchecked
   * (decision 083).
   */
  recent(request: FastifyRequest, partner: PartnerRow): DebtorSession | undefined;
  /** A pending session becomes open (SMS token checked). */
  open(session: LiveSessionRow): Promise<void>;
  end(request: FastifyRequest, reply: FastifyReply): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    debtorSessions: DebtorSessions;
  }
}

export default fp<{ db: Db; secureCookies: boolean }>(
  async (app: FastifyInstance, { db, secureCookies }) => {
    await app.register(cookie);
    const cookieOptions = (request: FastifyRequest) => ({
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: secureCookies || request.protocol === 'https',
      path: '/',
    });

    // The open sessions this process read, by token hash, each until a minute after it was last seen (when the next
    // read would touch it): passo_3_novo's plans are computed from one of these and their insert checks it (decision
    // 083). Oldest first: entries are dropped from the front once stale or past the cap, on each read and once a
    // minute, so a person's data is not kept long after their last call.
    const recentSessions = new Map<string, { partnerId: number; session: DebtorSession; until: number }>();
    const RECENT_SESSIONS_MAX = 10_000;
    function dropStaleSessions() {
      const now = Date.now();
      for (const [tokenHash, entry] of recentSessions) {
        if (entry.until > now && recentSessions.size <= RECENT_SESSIONS_MAX) break;
        recentSessions.delete(tokenHash);
      }
    }
    const pruning = setInterval(dropStaleSessions, SESSION_TOUCH_MS).unref();
    app.addHook('onClose', async () => clearInterval(pruning));

    async function findLive<T extends LiveSession>(
      request: FastifyRequest,
      partner: PartnerRow,
      accept: 'open' | 'pending',
      find: (tokenHash: string) => Promise<T | undefined>,
    ): Promise<(LiveSessionRow & Omit<T, 'session'>) | undefined> {
      const token = request.cookies[SESSION_COOKIE];
      if (!token) return undefined;
      const tokenHash = hashSecret(token);
      const live = await find(tokenHash);
      if (live?.session.status !== 'open') recentSessions.delete(tokenHash);
      if (!live || (live.session.status === 'pending' && accept === 'open')) return undefined;
      const { session, ...rest } = live;
      // The idle limit counts in half hours: a write per minute is precise enough, not one per request. A read the
      // page made on its own (a poll) is not the person's activity.
      const background = request.headers[BACKGROUND_READ_HEADER.toLowerCase()] === '1';
      let lastSeen = session.lastSeenAt.getTime();
      if (!background && Date.now() - lastSeen > SESSION_TOUCH_MS) {
        await touchSession(db, session.tokenHash);
        lastSeen = Date.now();
      }
      if (session.status === 'open') {
        // What DebtorSession holds, not the listing's notes read with it (assigned: a spread followed by more
        // properties costs about a microsecond on Node.js 20, docs/performance.md).
        const remembered = Object.assign({}, session, { person: live.person, debtEpoch: live.debtEpoch });
        recentSessions.delete(tokenHash);
        recentSessions.set(tokenHash, {
          partnerId: partner.id,
          session: remembered,
          until: lastSeen + SESSION_TOUCH_MS,
        });
        dropStaleSessions();
      }
      return { ...session, ...rest };
    }

    async function requireLive<T extends LiveSession>(
      request: FastifyRequest,
      partner: PartnerRow,
      accept: 'open' | 'pending',
      find: (tokenHash: string) => Promise<T | undefined>,
    ): Promise<LiveSessionRow & Omit<T, 'session'>> {
      const live = await findLive(request, partner, accept, find);
      if (!live) throw new AppError('NO_SESSION');
      return live;
    }

    const onPartner = (partner: PartnerRow) => (tokenHash: string) =>
      findLiveSession(db, tokenHash, partner.id);

    const sessions: DebtorSessions = {
      draft(status, origin) {
        const { token, tokenHash } = newSecretToken();
        return {
          row: {
            tokenHash,
            status,
            expiresAt: new Date(Date.now() + SESSION_ABSOLUTE_MS),
            originChannel: origin?.channel || null,
            advisoryCode: origin?.advisory || null,
          },
          setCookie: (reply) =>
            void reply.setCookie(SESSION_COOKIE, token, {
              ...cookieOptions(reply.request),
              maxAge: SESSION_ABSOLUTE_MS / 1000,
            }),
        };
      },
      require: (request, partner, accept) => requireLive(request, partner, accept, onPartner(partner)),
      find: (request, partner) => findLive(request, partner, 'open', onPartner(partner)),
      requireListingDebts: (request, partner) =>
        requireLive(request, partner, 'open', (hash) => findLiveSessionListingDebts(db, hash, partner.id)),
      recent(request, partner) {
        const token = request.cookies[SESSION_COOKIE];
        const entry = token === undefined ? undefined : recentSessions.get(hashSecret(token));
        return entry && entry.partnerId === partner.id && entry.until > Date.now()
          ? entry.session
          : undefined;
      },
      open: (session) => openSession(db, session.tokenHash),
      async end(request, reply) {
        const token = request.cookies[SESSION_COOKIE];
        if (token) {
          const tokenHash = hashSecret(token);
          recentSessions.delete(tokenHash);
          await revokeSession(db, tokenHash);
        }
        reply.clearCookie(SESSION_COOKIE, cookieOptions(request));
      },
    };
    app.decorate('debtorSessions', sessions);
  },
  { name: 'debtor-session' },
);
