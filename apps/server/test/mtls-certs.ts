import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface CertificateFiles {
  dir: string;
  caPath: string;
  serverCertPath: string;
  serverKeyPath: string;
  clientCertPath: string;
  clientKeyPath: string;
  /** A client certificate from another CA: a PSP must refuse it like none. */
  strangerCertPath: string;
  strangerKeyPath: string;
}

/**
 * A throwaway CA, a server certificate (for localhost, or the subjectAltName given) and client certificates, made
 * with the system's openssl.
 */
export function makeCertificates(serverNames = 'DNS:localhost,IP:127.0.0.1'): CertificateFiles {
  const dir = mkdtempSync(join(tmpdir(), 'pix-mtls-'));
  const at = (name: string) => join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  const ca = (name: string) =>
    openssl(
      'req',
      '-x509',
      ...ec,
      '-keyout',
      `${name}.key`,
      '-out',
      `${name}.crt`,
      '-days',
      '1',
      '-subj',
      `/CN=${name}`,
    );
  const signed = (name: string, caName: string, extensions: string) => {
    writeFileSync(at(`${name}.ext`), extensions);
    openssl('req', ...ec, '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', `/CN=${name}`);
    openssl(
      'x509',
      '-req',
      '-in',
      `${name}.csr`,
      '-CA',
      `${caName}.crt`,
      '-CAkey',
      `${caName}.key`,
      '-CAcreateserial',
      '-out',
      `${name}.crt`,
      '-days',
      '1',
      '-extfile',
      `${name}.ext`,
    );
  };
  ca('psp-ca');
  ca('stranger-ca');
  signed('server', 'psp-ca', `subjectAltName=${serverNames}\nextendedKeyUsage=serverAuth\n`);
  signed('client', 'psp-ca', 'extendedKeyUsage=clientAuth\n');
  signed('stranger', 'stranger-ca', 'extendedKeyUsage=clientAuth\n');
  return {
    dir,
    caPath: at('psp-ca.crt'),
    serverCertPath: at('server.crt'),
    serverKeyPath: at('server.key'),
    clientCertPath: at('client.crt'),
    clientKeyPath: at('client.key'),
    strangerCertPath: at('stranger.crt'),
    strangerKeyPath: at('stranger.key'),
  };
}
