// Shared by the benchmark scripts: HTTP to the local server with any Host header (Node's fetch cannot resolve
// *.localhost), and the demo debtor's login with the robot check solved as the browser widget does.
import http from 'node:http';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';

export const MARIA = {
  pesCpfCnpj: '52998224725',
  dataNascimento: '15/05/1990',
  telefone: '11987654321',
  aceite: true,
};

export function request(port, path, { method = 'GET', host, body, cookie, headers = {} } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method,
        headers: {
          host,
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...(cookie ? { cookie } : {}),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.on('data', (c) => {
          text += c;
        });
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, text }));
      },
    );
    req.on('error', reject);
    if (body) req.write(JSON.stringify(body));
    req.end();
  });
}

/** The demo debtor with a seeded agreement (README). */
export const JOAO = {
  pesCpfCnpj: '39053344705',
  dataNascimento: '01/02/1985',
  telefone: '21998765432',
  aceite: true,
};

/** Logs a demo debtor in on `host` (passo_1 with a solved ALTCHA) and returns the session cookie. */
export async function loginDebtor(port, host, debtor = MARIA) {
  const challenge = JSON.parse((await request(port, '/api/captcha/altcha', { host })).text);
  const solution = await solveChallenge({ challenge, deriveKey });
  const captcha = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  const login = await request(port, '/api.php?a=negociacao_robo&b=passo_1', {
    method: 'POST',
    host,
    body: { ...debtor, captcha },
  });
  if (JSON.parse(login.text).retorno !== true) throw new Error(`login failed: ${login.text.slice(0, 200)}`);
  return String(login.headers['set-cookie']?.[0] ?? '').split(';')[0];
}
