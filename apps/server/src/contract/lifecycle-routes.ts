import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client';
import { dischargeLetterForDebtor } from '../services/lifecycle/discharge-letter';
import { downloadFlag } from './agreement-actions';
import { codeDigits } from './body-fields';
import { requireDebtor } from './debtor-scope';
import { privateFile } from './private-file';

const letterParams = z.object({ aco: codeDigits });
const letterQuery = z.object({ download: downloadFlag });

/** The discharge letter of a settled agreement, to its owner only (docs/api.md "Meus Acordos", aco_carta_quitacao). */
export function registerLifecycleRoutes(app: FastifyInstance, db: Db): void {
  app.get('/api/acordos/:aco/quitacao.pdf', async (request, reply) => {
    const { aco } = letterParams.parse(request.params);
    const { download } = letterQuery.parse(request.query);
    const { scope } = await requireDebtor(app, request);
    const { name, pdf } = await dischargeLetterForDebtor(db, scope, aco);
    return privateFile(reply, {
      type: 'application/pdf',
      name,
      disposition: download === '1' ? 'attachment' : 'inline',
    }).send(pdf);
  });
}
