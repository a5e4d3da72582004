// The floor for npm run bench:floor: a bare Fastify route answering about 10 KB of JSON (passo_2_novo's size for the
// demo debtor), with no database work, or with the one PostgreSQL statement a portal call cannot do without.
import Fastify from 'fastify';
import pg from 'pg';

const work = process.env.FLOOR_WORK;
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.FLOOR_POOL) });
const answer = {
  retorno: true,
  dados: Array.from({ length: 20 }, (_, i) => ({ loj_codigo: i, nome: `Loja ${i}`, texto: 'x'.repeat(440) })),
};
const statements = {
  // The session lookup every authenticated call makes.
  select: () => ({ name: 'floor_select', text: 'select $1::text as token, now() as at', values: ['abc'] }),
  // The session row a login stores, committed as PostgreSQL commits by default (synchronous_commit on).
  insert: () => ({
    name: 'floor_insert',
    text: 'insert into floor_rows (token) values ($1) returning id',
    values: [Math.random().toString(36)],
  }),
  // The same insert with an asynchronous commit (the setting lasts until this statement's own commit).
  insertAsync: () => ({
    name: 'floor_insert_async',
    text: `with asynchronous as (select set_config('synchronous_commit', 'off', true))
      insert into floor_rows (token) select $1 from asynchronous returning id`,
    values: [Math.random().toString(36)],
  }),
};

const app = Fastify();
app.post('/floor', async () => {
  if (work !== 'none') await pool.query(statements[work]());
  return answer;
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () =>
  app
    .close()
    .then(() => pool.end())
    .then(() => process.exit(0)),
);
