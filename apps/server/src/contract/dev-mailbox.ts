import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Db } from '../db/client';
import { isLocalRequest } from '../plugins/local-request';
import { listLatestMessages } from '../repositories/outbox-repository';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const kilobytes = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('pt-BR')} KB`;

const notFound = (reply: FastifyReply) =>
  reply.code(404).send({ retorno: false, dados: null, mensagem: 'Recurso não encontrado.' });

/**
 * Development mailbox: the outbox as a page, so e-mails can be read without an SMTP server. Never registered in
 * production (app.ts), and elsewhere answered only to local requests.
 */
export function registerDevMailbox(app: FastifyInstance, db: Db): void {
  const latest = () => listLatestMessages(db, 100);

  app.get('/dev/mailbox.json', async (request, reply) => {
    if (!isLocalRequest(request)) return notFound(reply);
    return { data: await latest() };
  });

  app.get('/dev/mailbox', async (request, reply) => {
    if (!isLocalRequest(request)) return notFound(reply);
    const rows = await latest();
    const items = rows
      .map(
        (m) => `<article>
  <h2>#${m.id} ${escapeHtml(m.subject ?? (m.channel === 'sms' ? 'SMS' : '(sem assunto)'))}</h2>
  <p><strong>Para:</strong> ${escapeHtml(m.recipient)} · <strong>Canal:</strong> ${m.channel} · <strong>Situação:</strong> ${m.status}
  · <strong>Tentativas:</strong> ${m.attempts} · <strong>Próxima tentativa:</strong> ${m.nextAttemptAt.toISOString()}
  ${m.lastError ? `· <strong>Último erro:</strong> ${escapeHtml(m.lastError)}` : ''}</p>
  <pre>${escapeHtml(m.bodyText)}</pre>
  ${m.attachments.length > 0 ? `<p><strong>Anexos:</strong> ${m.attachments.map((a) => `${escapeHtml(a.filename)} (${kilobytes(a.size)})`).join(', ')}</p>` : ''}
</article>`,
      )
      .join('\n');
    return reply.header('content-type', 'text/html; charset=utf-8').send(`<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Caixa de saída (desenvolvimento)</title>
<style>body{font-family:system-ui,sans-serif;margin:1rem auto;max-width:60rem;padding:0 1rem}article{border:1px solid #ccc;border-radius:8px;padding:0 1rem;margin:1rem 0}pre{white-space:pre-wrap}</style>
</head><body><main><h1>Caixa de saída (desenvolvimento)</h1>
<p>E-mails e SMS guardados na fila de envio. Sem <code>SMTP_URL</code> (e-mail) ou <code>ZENVIA_API_TOKEN</code> (SMS) eles ficam aqui; com eles, são entregues e reenviados em caso de falha.</p>
${items || '<p>Nenhuma mensagem.</p>'}</main></body></html>`);
  });
}
