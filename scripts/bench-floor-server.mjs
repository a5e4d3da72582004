// The floor of npm run bench:api and bench:floor: a bare Fastify route answering about 10 KB of JSON (passo_2_novo's
// size for the demo debtor) with no database work (/floor/none), or with the one PostgreSQL statement a portal call
// cannot do without (/floor/select, /floor/insert).
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.FLOOR_POOL) });
const answer = {
  retorno: true,
  dados: Array.from({ length: 20 }, (_, i) => ({ loj_codigo: i, nome: `Loja ${i}`, texto: 'x'.repeat(440) })),
};
const statements = {
  none: null,
  // The session lookup every authenticated call makes.
  select: () => ({ name: 'floor_select', text: 'select $1::text as token, now() as at', values: ['abc'] }),
  // The session row a login stores, committed as PostgreSQL commits by default (synchronous_commit on).
  insert: () => ({
    name: 'floor_insert',
    text: 'insert into floor_rows (token) values ($1) returning id',
    values: [Math.random().toString(36)],
  }),
};

const app = Fastify();
app.post('/floor/:work', async (request, reply) => {
  const statement = statements[request.params.work];
  if (statement === undefined) return reply.code(404).send();
  if (statement) await pool.query(statement());
  return answer;
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () =>
  app
    .close()
    .then(() => pool.end())
    .then(() => process.exit(0)),
);
