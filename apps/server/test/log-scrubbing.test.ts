import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scrubLogLine } from '../src/log-scrubbing';
import { createTestApp, type TestApp } from './test-app';

// The secrets of the links the portal e-mails never reach the request log (decision 096): whoever reads the logs
// could open the link while it lives (the phone-change link for an hour, the creditor sign-up link until it is used).

const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { LOG_LEVEL: 'info' },
    logStream: { write: (line) => void lines.push(line) },
  });
});
afterAll(async () => {
  await t?.close();
});

const PHONE_TOKEN = 'SECRETlinkTOKEN0123456789abcdefghijklmnopq';
const LEAD_CODE = 'LEADcode0123456789abcdefgh';

describe('the request log', () => {
  it('keeps the paths of e-mailed links and none of their secrets', async () => {
    lines.length = 0;
    for (const url of [
      `/novo-telefone?token=${PHONE_TOKEN}`,
      `/novo-telefone?utm_source=email&TOKEN=${PHONE_TOKEN}&x=1`,
      `/cadastre-sua-empresa/${LEAD_CODE}`,
      `/Cadastre-Sua-Empresa/${LEAD_CODE}/`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { host: 'demo.portal.localhost' } });
      expect(res.statusCode, url).toBeLessThan(500);
    }
    const requests = lines.filter((line) => line.includes('incoming request'));
    expect(requests).toHaveLength(4);
    expect(requests[0]).toContain('"/novo-telefone?token=***"');
    expect(requests[1]).toContain('"/novo-telefone?utm_source=email&TOKEN=***&x=1"');
    expect(requests[2]).toContain('"/cadastre-sua-empresa/***"');
    for (const line of lines) {
      expect(line).not.toContain('SECRETlink');
      expect(line).not.toContain('LEADcode');
      expect(() => JSON.parse(line)).not.toThrow();
    }
  });
});

describe('scrubLogLine', () => {
  it.each([
    ['{"url":"/x?access_token=abc&b=2"}', '{"url":"/x?access_token=***&b=2"}'],
    ['{"url":"/x?a=1&token="}', '{"url":"/x?a=1&token=***"}'],
    ['{"msg":"link /novo-telefone?token=abc sent"}', '{"msg":"link /novo-telefone?token=*** sent"}'],
    // Words that only contain "token" outside a query, and other parameters, stay.
    ['{"msg":"token expired","url":"/x?tokens"}', '{"msg":"token expired","url":"/x?tokens"}'],
    ['{"url":"/api.php?a=portal&b=atualizarTelefone"}', '{"url":"/api.php?a=portal&b=atualizarTelefone"}'],
  ])('%s is written %s', (line, written) => {
    expect(scrubLogLine(line)).toBe(written);
  });
});
