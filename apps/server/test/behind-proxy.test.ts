import { type ChildProcess, spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatBrDate, todayInBrasilia } from '@portal/domain';
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEDULED_JOBS } from '../src/scheduler/jobs';
import { onFreePorts, untilListening } from './free-port';
import { MARIA } from './identification-helpers';
import { startHttpPeer } from './local-http-peer';
import { makeCertificates } from './mtls-certs';
import { type Answer, requestOnce } from './one-request';
import { type ServerProcess, startServer } from './server-process';
import { header, startSmtpPeer } from './smtp-peer';
import { scratchPostgres } from './test-app';

// Several processes behind a reverse proxy (issue 20 item 5; README "Production"; decision 036): nginx, with the
// very configuration of docs/examples/nginx.conf, terminates TLS in front of two server processes on PostgreSQL and
// Redis (TRUST_PROXY on), and in front of a third one without TRUST_PROXY. A debtor and a staff flow run through it
// over HTTPS with a client that trusts only the test's throw-away CA.

const adminUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const NGINX = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx'].find(existsSync);
const EXAMPLE = fileURLToPath(new URL('../../../docs/examples/nginx.conf', import.meta.url));
/** What a client writes in X-Forwarded-For itself: never to be taken as its address. */
const FORGED = '203.0.113.9';
const STAFF_LOGINS_PER_ADDRESS = 3;

/** A loopback address of its own per client and per run (all of 127/8 is this machine): Redis keeps the limits. */
const clientAddress = () => `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(2, 255)}`;

interface Backend extends ServerProcess {
  trustProxy: boolean;
}

describe.runIf(adminUrl && redisUrl)('two server processes behind nginx with TLS', () => {
  const prefix = mkdtempSync(join(tmpdir(), 'portal-nginx-'));
  const certificates = makeCertificates('DNS:portal.localhost,DNS:*.portal.localhost,DNS:localhost');
  const ca = readFileSync(certificates.caPath);
  const ports = { trusted: 0, untrusted: 0, redirect: 0, redirectUntrusted: 0 };
  const backends: Backend[] = [];
  let nginx: ChildProcess | undefined;
  let db: pg.Client;
  let drop: () => Promise<void> = async () => {};
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  let sms: Awaited<ReturnType<typeof startHttpPeer>>;

  /** One HTTPS request through the proxy on a connection of its own, from the client address `from`. */
  function send(
    proxyPort: number,
    method: string,
    path: string,
    options: { from: string; host?: string; body?: object; headers?: Record<string, string> },
  ): Promise<Answer> {
    const host = options.host ?? 'demo.portal.localhost';
    return requestOnce(
      https,
      {
        host: '127.0.0.1',
        port: proxyPort,
        servername: host,
        ca,
        localAddress: options.from,
        path,
        method,
        headers: { host: `${host}:${proxyPort}`, ...options.headers },
      },
      options.body,
    );
  }

  const api = (action: string) => `/api.php?a=${action.replace('/', '&b=')}`;
  const json = (answer: Answer) => JSON.parse(answer.body);

  async function startBackend(trustProxy: boolean, databaseUrl: string): Promise<Backend> {
    const server = await startServer(
      () => ({
        NODE_ENV: 'test',
        // Info: each process logs the scheduled job runs it made.
        LOG_LEVEL: 'info',
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        REDIS_URL: redisUrl,
        TRUST_PROXY: trustProxy ? 'true' : 'false',
        // The same in every process: a robot check made by one is answered to another.
        CAPTCHA_HMAC_SECRET: 'behind-proxy-test-shared-secret',
        CAPTCHA_MAX_NUMBER: '1000',
        SMTP_URL: smtp.url,
        ZENVIA_API_TOKEN: 'test-token',
        ZENVIA_API_URL: `${sms.url}/v2/channels/sms/messages`,
        OUTBOX_POLL_MS: '200',
        SCHEDULER_POLL_MS: '300',
        LIMIT_STAFF_LOGIN_PER_IP: trustProxy ? String(STAFF_LOGINS_PER_ADDRESS) : '100000',
        // Without TRUST_PROXY every client is the proxy's address, which other test files count on too.
        ...(trustProxy ? {} : { LIMIT_LOGIN_PER_IP: '100000' }),
        // Maria's CPF and sends are counted in Redis by other test files and earlier runs as well.
        LIMIT_LOGIN_PER_DOCUMENT: '100000',
        LIMIT_AGREEMENT_SENDS_PER_DAY: '100000',
      }),
      { seconds: 100 },
    );
    return { ...server, trustProxy };
  }

  /** docs/examples/nginx.conf with the test's upstream name, processes, ports and certificate. */
  function renderExample(name: string, upstreamPorts: number[], httpsPort: number, httpPort: number): string {
    const example = readFileSync(EXAMPLE, 'utf8');
    const servers = upstreamPorts.map((port) => `    server 127.0.0.1:${port} max_fails=3 fail_timeout=10s;`);
    const rendered = example
      .replace(/^ *server \d+\.\d+\.\d+\.\d+:\d+ .*\n/gm, '')
      .replace('upstream portal {\n', `upstream ${name} {\n${servers.join('\n')}\n`)
      .replace('http://portal;', `http://${name};`)
      .replace('listen 80;', `listen 127.0.0.1:${httpPort};`)
      .replace('listen 443 ssl;', `listen 127.0.0.1:${httpsPort} ssl;`)
      .replaceAll('portal.example.com.br', 'portal.localhost')
      .replace('/etc/ssl/portal/fullchain.pem', certificates.serverCertPath)
      .replace('/etc/ssl/portal/privkey.pem', certificates.serverKeyPath);
    // The test must run what the README documents: every placeholder was found and replaced.
    expect(rendered).not.toMatch(/10\.0\.0\.|example\.com|\/etc\/ssl|listen (80|443)/);
    return rendered;
  }

  /** The processes' exit codes and last log lines, for a failure's message. */
  const processReport = () =>
    backends
      .map(
        (b) =>
          `:${b.port} exit ${b.child.exitCode ?? b.child.signalCode}\n${b.output().split('\n').slice(-5).join('\n')}`,
      )
      .join('\n');

  async function waitFor(what: string, check: () => Promise<boolean>, seconds: number): Promise<void> {
    const deadline = Date.now() + seconds * 1000;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`${what}: not within ${seconds} s\n${processReport()}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  beforeAll(async () => {
    if (!NGINX) throw new Error('nginx is missing: apt-get install nginx (.ci/run installs it)');
    smtp = await startSmtpPeer();
    let smsCount = 0;
    sms = await startHttpPeer(() => ({ status: 200, json: { id: `sms-${++smsCount}` } }));
    const scratch = await scratchPostgres(adminUrl!);
    drop = scratch.drop;
    db = new pg.Client({ connectionString: scratch.url });
    await db.connect();
    // Started together: one prepares the database (migrations, demo), the others wait for it (prepareDatabase).
    await Promise.all(
      [true, true, false].map(async (trustProxy, index) => {
        backends[index] = await startBackend(trustProxy, scratch.url);
      }),
    );

    // nginx as a child of this test, in the foreground, with its own prefix: no system service, no root paths.
    chmodSync(prefix, 0o755);
    mkdirSync(join(prefix, 'temp'));
    await onFreePorts(4, async ([trusted, untrusted, redirect, redirectUntrusted]) => {
      Object.assign(ports, { trusted, untrusted, redirect, redirectUntrusted });
      nginx = startNginx();
      await untilListening(nginx, ports.trusted, {
        what: 'nginx',
        seconds: 10,
        ready: async () =>
          (await send(ports.trusted, 'GET', '/healthz', { from: '127.0.0.1' })).status === 200,
      });
    });
  }, 150_000);

  /** nginx on the current `ports`, in front of the backends as they are now. */
  function startNginx(): ChildProcess {
    const trusted = backends.filter((b) => b.trustProxy).map((b) => b.port);
    const untrusted = backends.filter((b) => !b.trustProxy).map((b) => b.port);
    writeFileSync(
      join(prefix, 'nginx.conf'),
      [
        'worker_processes 1;',
        `pid ${join(prefix, 'nginx.pid')};`,
        `error_log ${join(prefix, 'error.log')} warn;`,
        'events { worker_connections 256; }',
        'http {',
        '  log_format served \'$remote_addr $upstream_addr $status "$request_uri" "$cookie_portal_sessao"\';',
        `  access_log ${join(prefix, 'access.log')} served;`,
        ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
          (kind) => `  ${kind}_temp_path ${join(prefix, 'temp', kind)};`,
        ),
        renderExample('portal', trusted, ports.trusted, ports.redirect),
        renderExample('portal_untrusted', untrusted, ports.untrusted, ports.redirectUntrusted),
        '}',
      ].join('\n'),
    );
    // Its errors while it starts (a port in use among them) on stderr, where untilListening reads them.
    return spawn(
      NGINX!,
      ['-p', prefix, '-c', join(prefix, 'nginx.conf'), '-e', 'stderr', '-g', 'daemon off;'],
      {
        stdio: ['ignore', 'inherit', 'pipe'],
      },
    );
  }

  afterAll(async () => {
    const stops = [...backends.map((b) => b.child), ...(nginx ? [nginx] : [])]
      .filter((child) => child.exitCode === null && child.signalCode === null)
      .map((child) => {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        return exited;
      });
    await Promise.all(stops);
    await db?.end();
    await drop();
    await smtp?.close();
    await sms?.close();
  });

  async function robotCheck(proxyPort: number, from: string): Promise<string> {
    const challenge = json(await send(proxyPort, 'GET', '/api/captcha/altcha', { from })) as Challenge;
    const solution = await solveChallenge({ challenge, deriveKey });
    return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  }

  /** passo_1 for Maria on demo through the proxy; the answer, with its session cookie. */
  async function identify(proxyPort: number, from: string): Promise<Answer> {
    const captcha = await robotCheck(proxyPort, from);
    const answer = await send(proxyPort, 'POST', api('negociacao_robo/passo_1'), {
      from,
      body: { ...MARIA, aceite: true, captcha },
    });
    expect(json(answer).retorno, answer.body).toBe(true);
    return answer;
  }

  const sessionCookie = (answer: Answer) => String(answer.headers['set-cookie']?.[0] ?? '');

  async function staffLogin(proxyPort: number, from: string, headers: Record<string, string> = {}) {
    return send(proxyPort, 'POST', '/api/login', {
      from,
      host: 'localhost',
      headers,
      body: { username: 'admin', password: 'Demo@2026' },
    });
  }

  /** The audit rows of the agreement list, newest first: their client address. */
  async function auditedAddresses(): Promise<string[]> {
    const { rows } = await db.query<{ ip: string }>(
      `select host(ip) as ip from audit_log where route = 'GET /api/gestao/acordos' order by id desc`,
    );
    return rows.map((row) => row.ip);
  }

  it('sends plain HTTP to HTTPS', async () => {
    const answer = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http
        .get(
          {
            host: '127.0.0.1',
            port: ports.redirect,
            path: '/menu',
            headers: { host: 'demo.portal.localhost' },
          },
          resolve,
        )
        .on('error', reject),
    );
    answer.resume();
    expect(answer.statusCode).toBe(301);
    expect(answer.headers.location).toBe('https://demo.portal.localhost/menu');
  });

  let agreementCode = 0;

  it('runs the debtor flow from identification to agreement across both processes, with a Secure cookie', async () => {
    const from = clientAddress();
    const identified = await identify(ports.trusted, from);
    // HTTPS at the proxy: the processes learn it from X-Forwarded-Proto (TRUST_PROXY) and mark the cookie Secure.
    expect(sessionCookie(identified)).toMatch(/; Secure/i);
    expect(sessionCookie(identified)).toMatch(/; HttpOnly/i);
    const cookie = sessionCookie(identified).split(';')[0]!;
    const call = (action: string, body: object = {}) =>
      send(ports.trusted, 'POST', api(action), { from, body, headers: { cookie } });

    const debts = json(await call('negociacao_robo/passo_2_novo'));
    expect(debts.retorno).toBe(true);
    const card = debts.dados.dividas.find((d: { acordo_ativo: boolean }) => !d.acordo_ativo);
    const plans = json(
      await call('negociacao_robo/passo_3_novo', {
        lojCodigo: card.loj_codigo,
        preCodigo: card.pre_codigos.join(','),
        primeiroVencimento: formatBrDate(todayInBrasilia()),
        pagamentoAvistaPrazo: 'A',
        metodoPagamento: 'boleto',
      }),
    );
    expect(plans.retorno).toBe(true);
    const [plan] = plans.dados.pre_acordo;
    const confirmed = json(
      await call('negociacao_robo/passo_4_novo', {
        praCodigo: plan.pra_codigo,
        formaDePagamento: 'boleto',
        primeiroVencimento: formatBrDate(plan.pra_primeiro_vcto),
      }),
    );
    expect(confirmed).toMatchObject({ retorno: true, mensagem: 'Acordo realizado com sucesso!' });
    agreementCode = confirmed.dados.aco_codigo;

    // Meus Acordos, then the boleto by e-mail and by SMS: two outbox messages for the processes to deliver.
    const mine = json(await call('negociacao_robo/passo_5'));
    const agreement = mine.dados.acordos.find(
      (a: { dadosAcordo: { aco_codigo: number } }) => a.dadosAcordo.aco_codigo === agreementCode,
    );
    const instalment = agreement.dadosAcordo.parcelas[0].aci_codigo;
    expect(json(await call('mail/envioPortal', { aci_codigo: instalment })).retorno).toBe(true);
    expect(
      json(await call('negociacao_robo/enviar_boletos_sms', { aci_codigo: instalment, fone: MARIA.telefone }))
        .retorno,
    ).toBe(true);

    // The one session was served by both processes.
    const token = cookie.slice(cookie.indexOf('=') + 1);
    const served = readFileSync(join(prefix, 'access.log'), 'utf8')
      .split('\n')
      .filter((line) => line.endsWith(`"${token}"`))
      .map((line) => line.split(' ')[1]);
    expect(new Set(served)).toEqual(new Set(backends.slice(0, 2).map((b) => `127.0.0.1:${b.port}`)));
  }, 30_000);

  it('runs a staff flow and audits the client address from the proxy, never the one a client forges', async () => {
    const from = clientAddress();
    const login = await staffLogin(ports.trusted, from);
    expect(login.status, login.body).toBe(200);
    const authorization = `Bearer ${json(login).access_token}`;
    for (let i = 0; i < 2; i++) {
      const list = await send(ports.trusted, 'GET', '/api/gestao/acordos', {
        from,
        host: 'localhost',
        headers: { authorization, 'x-forwarded-for': FORGED },
      });
      expect(list.status, list.body).toBe(200);
      expect(list.body).toContain(String(agreementCode));
    }
    expect((await auditedAddresses()).slice(0, 2)).toEqual([from, from]);
  });

  it('shares the limits between the processes, counted per client address under TRUST_PROXY', async () => {
    const from = clientAddress();
    const statuses: number[] = [];
    for (let i = 0; i <= STAFF_LOGINS_PER_ADDRESS; i++)
      statuses.push((await staffLogin(ports.trusted, from, { 'x-forwarded-for': clientAddress() })).status);
    // The attempts alternate between the processes; the counter in Redis is one.
    expect(statuses).toEqual([...Array(STAFF_LOGINS_PER_ADDRESS).fill(200), 429]);
    const refused = await staffLogin(ports.trusted, from);
    expect(json(refused)).toMatchObject({
      retorno: false,
      mensagem: 'Muitas tentativas. Aguarde alguns minutos e tente novamente.',
    });
    // Another client is not held back by the first one's attempts.
    expect((await staffLogin(ports.trusted, clientAddress())).status).toBe(200);
  });

  it('without TRUST_PROXY takes the address and the scheme of the connection, the proxy', async () => {
    const from = clientAddress();
    const login = await staffLogin(ports.untrusted, from, { 'x-forwarded-for': FORGED });
    expect(login.status, login.body).toBe(200);
    const list = await send(ports.untrusted, 'GET', '/api/gestao/acordos', {
      from,
      host: 'localhost',
      headers: { authorization: `Bearer ${json(login).access_token}`, 'x-forwarded-for': FORGED },
    });
    expect(list.status).toBe(200);
    expect((await auditedAddresses())[0]).toBe('127.0.0.1');
    // X-Forwarded-Proto is not believed either: a Secure cookie then needs COOKIE_SECURE (or NODE_ENV=production).
    expect(sessionCookie(await identify(ports.untrusted, from))).not.toMatch(/Secure/i);
  });

  it('delivers every outbox message once and runs every scheduled job once, whichever process took it', async () => {
    const pending = async () =>
      (await db.query(`select id from outbound_messages where status <> 'sent'`)).rowCount === 0;
    await waitFor('the outbox', pending, 20);
    const { rows: messages } = await db.query<{
      channel: string;
      attempts: number;
      provider_message_id: string;
    }>(`select channel, attempts, provider_message_id from outbound_messages order by id`);
    // At least the debtor's e-mail and SMS (a job may have written more), each sent on its first attempt, once.
    expect(new Set(messages.map((m) => m.channel))).toEqual(new Set(['email', 'sms']));
    expect(messages.every((m) => m.attempts === 1)).toBe(true);
    const idsOf = (channel: string) =>
      messages
        .filter((m) => m.channel === channel)
        .map((m) => m.provider_message_id)
        .sort();
    expect(smtp.received.map((mail) => header(mail, 'message-id')).sort()).toEqual(idsOf('email'));
    expect(sms.received.map((_, i) => `sms-${i + 1}`).sort()).toEqual(idsOf('sms'));

    const names = SCHEDULED_JOBS.map((job) => job.name).sort();
    const recorded = async () =>
      (await db.query('select nome as name from scheduled_job_runs')).rows.map((row) => row.name).sort();
    await waitFor('the scheduled jobs', async () => (await recorded()).join() === names.join(), 20);
    const { rows: runs } = await db.query<{ name: string; last_date_done: string | null }>(
      `select nome as name, to_char(ultima_data, 'YYYY-MM-DD') as last_date_done from scheduled_job_runs`,
    );
    const today = todayInBrasilia();
    for (const job of SCHEDULED_JOBS)
      expect(runs.find((run) => run.name === job.name)?.last_date_done).toBe(
        job.schedule === 'daily' ? today : null,
      );
    // Every run logged by whichever of the three processes made it: each job's date once in all.
    const done = backends.flatMap((backend) =>
      backend
        .output()
        .split('\n')
        .filter((line) => line.includes('"scheduled job done"'))
        .map((line) => JSON.parse(line) as { job: string; date: string }),
    );
    expect(done.map((run) => `${run.job} ${run.date}`).sort()).toEqual(
      names.map((name) => `${name} ${today}`),
    );
  }, 60_000);
});
