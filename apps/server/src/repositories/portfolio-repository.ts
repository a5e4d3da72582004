import type { CopySink, ImportTransaction } from './import-transaction';

export interface PersonData {
  /** Without mask; letters upper-case (alphanumeric CNPJ). */
  document: string;
  name: string;
  birthDate: string | null;
  /** Digits with area code. */
  phone: string | null;
  email: string | null;
}

export interface StoreData {
  document: string;
  tradeName: string;
  legalName: string;
}

export interface ContractData {
  /** The contract's number in this file (0, 1, ...): a store's contract number, whatever line it is on. */
  key: number;
  number: string;
  origin: string | null;
  reference: string | null;
}

/** One instalment line, normalised: documents without mask, ISO dates, integer centavos. */
export interface PortfolioRow {
  line: number;
  person: PersonData;
  store: StoreData;
  contract: ContractData;
  /**
   * True on the first line of a run of lines that repeat the same person (store, contract) cells. Only these lines
   * need to carry the person (store, contract) into the database: the rest of the run says the same thing.
   */
  newPerson: boolean;
  newStore: boolean;
  newContract: boolean;
  instalment: number;
  dueDate: string;
  amountCents: number;
  balanceCents: number;
  futureEntry: boolean;
  paid: boolean;
}

// Valid lines are copied into temporary staging tables, then each target table is written by set-based statements
// from them: a million lines cost a handful of statements instead of a million round trips. Only rows whose values
// change are written, so importing the same file again leaves every row as it was.
//
// import_instalments gets one record per line, streamed while the file is read. import_entities gets a person (p),
// store (s) or contract (c) record only where the file starts a run of lines about another one; those records are
// few, kept in memory and copied once the whole file is known to be valid.

const COPY_SPECIAL = /[\\\t\n\r]/;
const NULL = '\\N';

// COPY text format: a backslash, tab or line break inside a value is escaped; \N is null. Documents, dates and
// numbers never need escaping.
function copyValue(value: string | null): string {
  if (value === null) return NULL;
  if (!COPY_SPECIAL.test(value)) return value;
  return value.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
}

const ENTITY_NULLS_AFTER_PERSON = Array(7).fill(NULL).join('\t');

function instalmentRecord(row: PortfolioRow): string {
  return `${row.line}\t${row.contract.key}\t${row.instalment}\t${row.dueDate}\t${row.amountCents}\t${
    row.balanceCents
  }\t${row.futureEntry ? 't' : 'f'}\t${row.paid ? 't' : 'f'}\n`;
}

function entityRecords(row: PortfolioRow): string {
  const { line, person, store, contract } = row;
  let text = '';
  if (row.newPerson)
    text += `p\t${line}\t${person.document}\t${copyValue(person.name)}\t${person.birthDate ?? NULL}\t${
      person.phone ?? NULL
    }\t${copyValue(person.email)}\t${ENTITY_NULLS_AFTER_PERSON}\n`;
  if (row.newStore)
    text += `s\t${line}\t${NULL}\t${NULL}\t${NULL}\t${NULL}\t${NULL}\t${store.document}\t${copyValue(
      store.tradeName,
    )}\t${copyValue(store.legalName)}\t${NULL}\t${NULL}\t${NULL}\t${NULL}\n`;
  if (row.newContract)
    text += `c\t${line}\t${person.document}\t${NULL}\t${NULL}\t${NULL}\t${NULL}\t${store.document}\t${NULL}\t${NULL}\t${
      contract.key
    }\t${copyValue(contract.number)}\t${copyValue(contract.origin)}\t${copyValue(contract.reference)}\n`;
  return text;
}

/** The staging tables of one import, inside its transaction (dropped at its end). */
export class PortfolioStaging {
  // As UTF-8 bytes: a string cut from the file would keep the whole chunk it was read from in memory.
  private readonly entities: Buffer[] = [];

  private constructor(
    private readonly tx: ImportTransaction,
    private readonly instalments: CopySink,
  ) {}

  static async create(tx: ImportTransaction): Promise<PortfolioStaging> {
    // Temporary tables live in backend-local buffers; a larger pool keeps a big file off the disk (it only takes
    // effect before the session's first temporary table, and is harmless after).
    await tx.query(`set local temp_buffers = '256MB'`);
    await tx.query(`create temporary table import_instalments (
      line integer not null,
      contract_key integer not null,
      parcela integer not null,
      vencimento date not null,
      valor bigint not null,
      saldo bigint not null,
      lancamento_futuro boolean not null,
      pago boolean not null
    ) on commit drop`);
    await tx.query(`create temporary table import_entities (
      kind char(1) not null,
      line integer not null,
      cpf_cnpj text,
      nome text,
      data_nascimento date,
      telefone text,
      email text,
      loja_cnpj text,
      loja_fantasia text,
      loja_razao_social text,
      contract_key integer,
      contrato text,
      origem text,
      referencia text
    ) on commit drop`);
    const instalments =
      tx.copyFrom(`import_instalments (line, contract_key, parcela, vencimento, valor, saldo,
      lancamento_futuro, pago)`);
    return new PortfolioStaging(tx, instalments);
  }

  /** Stages a batch of valid lines. */
  async add(rows: PortfolioRow[]): Promise<void> {
    let instalments = '';
    let entities = '';
    for (const row of rows) {
      instalments += instalmentRecord(row);
      if (row.newPerson || row.newStore || row.newContract) entities += entityRecords(row);
    }
    if (entities !== '') this.entities.push(Buffer.from(entities));
    if (instalments !== '') await this.instalments.write(instalments);
  }

  /** Ends the instalments' COPY; with `keep`, copies the entity records too (one COPY at a time per connection). */
  async finish(keep: boolean): Promise<void> {
    await this.instalments.end();
    if (!keep) return;
    const entities =
      this.tx.copyFrom(`import_entities (kind, line, cpf_cnpj, nome, data_nascimento, telefone, email,
      loja_cnpj, loja_fantasia, loja_razao_social, contract_key, contrato, origem, referencia)`);
    for (const bytes of this.entities.splice(0)) await entities.write(bytes);
    await entities.end();
  }
}

/** Rows of one table the file names: how many, how many were new, how many changed (the rest were unchanged). */
export interface TableCount {
  total: number;
  inserted: number;
  updated: number;
}

export interface LoadCounts {
  persons: TableCount;
  stores: TableCount;
  /** Stores linked to the partner by this file (links already there are left as they are). */
  storesLinked: number;
  contracts: TableCount;
  instalments: TableCount;
}

// Wraps an upsert that returns (xmax = 0) as inserted: a new row has no deleting transaction, an updated one has.
async function countUpsert(tx: ImportTransaction, source: string, upsert: string): Promise<TableCount> {
  const [row] = await tx.query<TableCount>(
    `with source as (${source}), written as (${upsert} returning (xmax = 0) as inserted)
     select (select count(*) from source)::int as total,
            (count(*) filter (where inserted))::int as inserted,
            (count(*) filter (where not inserted))::int as updated
     from written`,
  );
  return row ?? { total: 0, inserted: 0, updated: 0 };
}

async function count(tx: ImportTransaction, statement: string, params?: unknown[]): Promise<number> {
  const [row] = await tx.query<{ n: number }>(
    `with written as (${statement} returning 1) select count(*)::int as n from written`,
    params,
  );
  return row?.n ?? 0;
}

// Where a person, store or contract appears on several lines, the last line wins. An empty optional cell keeps
// what is stored (a phone the person updated in the portal is not wiped by a file without phones), except data a
// first access declared before any file named the person: unproven, the file's cells replace them, empty ones too
// (decision 098).
const UPSERT_PERSONS = [
  `select distinct on (cpf_cnpj) cpf_cnpj, nome, data_nascimento, telefone, email
   from import_entities where kind = 'p' order by cpf_cnpj, line desc`,
  `insert into persons as p (cpf_cnpj, nome, data_nascimento, telefone, email)
   select cpf_cnpj, nome, data_nascimento, telefone, email from source
   on conflict (cpf_cnpj) do update set
     nome = excluded.nome,
     data_nascimento = case when p.dados_autodeclarados then excluded.data_nascimento
       else coalesce(excluded.data_nascimento, p.data_nascimento) end,
     telefone = case when p.dados_autodeclarados then excluded.telefone else coalesce(excluded.telefone, p.telefone) end,
     email = case when p.dados_autodeclarados then excluded.email else coalesce(excluded.email, p.email) end,
     dados_autodeclarados = false,
     updated_at = now()
   where p.dados_autodeclarados or (p.nome, p.data_nascimento, p.telefone, p.email) is distinct from
     (excluded.nome, coalesce(excluded.data_nascimento, p.data_nascimento),
      coalesce(excluded.telefone, p.telefone), coalesce(excluded.email, p.email))`,
] as const;

const UPSERT_STORES = [
  `select distinct on (loja_cnpj) loja_cnpj, loja_fantasia, loja_razao_social
   from import_entities where kind = 's' order by loja_cnpj, line desc`,
  `insert into stores as s (loj_cpf_cnpj, loj_fantasia, loj_razao_social)
   select loja_cnpj, loja_fantasia, loja_razao_social from source
   on conflict (loj_cpf_cnpj) do update set
     loj_fantasia = excluded.loj_fantasia,
     loj_razao_social = excluded.loj_razao_social
   where (s.loj_fantasia, s.loj_razao_social) is distinct from (excluded.loj_fantasia, excluded.loj_razao_social)`,
] as const;

const LINK_STORES = `insert into partner_stores (partner_id, store_id, negocia)
  select $1::integer, s.id, true from stores s
  where s.loj_cpf_cnpj in (select loja_cnpj from import_entities where kind = 's')
  on conflict (partner_id, store_id) do nothing`;

const UPSERT_CONTRACTS = [
  `select p.id as person_id, s.id as store_id, c.contrato, c.origem, c.referencia
   from (select distinct on (contract_key) cpf_cnpj, loja_cnpj, contrato, origem, referencia
         from import_entities where kind = 'c' order by contract_key, line desc) c
   join stores s on s.loj_cpf_cnpj = c.loja_cnpj
   join persons p on p.cpf_cnpj = c.cpf_cnpj`,
  `insert into contracts as c (person_id, store_id, con_contrato, origem, referencia)
   select person_id, store_id, contrato, origem, referencia from source
   on conflict (store_id, con_contrato) do update set
     person_id = excluded.person_id,
     origem = coalesce(excluded.origem, c.origem),
     referencia = coalesce(excluded.referencia, c.referencia)
   where (c.person_id, c.origem, c.referencia) is distinct from
     (excluded.person_id, coalesce(excluded.origem, c.origem), coalesce(excluded.referencia, c.referencia))`,
] as const;

// The file's contract keys with the id each contract now has in the database.
const MAP_CONTRACT_IDS = `create temporary table import_contract_ids on commit drop as
  select distinct e.contract_key, c.id
  from import_entities e
  join stores s on s.loj_cpf_cnpj = e.loja_cnpj
  join contracts c on c.store_id = s.id and c.con_contrato = e.contrato
  where e.kind = 'c'`;

// Instalments are the bulk of a file: the staged lines are joined with the stored instalments once, and that one
// difference feeds both the update of the changed rows and the insert of the missing ones (one statement: both see
// the instalments as they were before it). An unchanged file writes nothing.
const WRITE_INSTALMENTS = `with difference as materialized (
    select k.id as contract_id, i.id, st.parcela, st.vencimento, st.valor, st.saldo, st.lancamento_futuro, st.pago
    from import_instalments st
    join import_contract_ids k on k.contract_key = st.contract_key
    left join instalments i on i.contract_id = k.id and i.par_prestacao = st.parcela
    where i.id is null
      or (i.par_vencimento, i.par_valor, i.par_saldo, i.lancamento_futuro, i.pago) is distinct from
        (st.vencimento, st.valor, st.saldo, st.lancamento_futuro, st.pago)),
  updated as (
    update instalments i set
      par_vencimento = d.vencimento, par_valor = d.valor, par_saldo = d.saldo,
      lancamento_futuro = d.lancamento_futuro, pago = d.pago
    from difference d where d.id = i.id
    returning 1),
  inserted as (
    insert into instalments
      (contract_id, par_prestacao, par_vencimento, par_valor, par_saldo, lancamento_futuro, pago)
    select contract_id, parcela, vencimento, valor, saldo, lancamento_futuro, pago from difference where id is null
    returning 1)
  select (select count(*) from updated)::int as updated, (select count(*) from inserted)::int as inserted`;

// A contract under an active agreement keeps the agreement's person (decision 094): the agreements a person sees are
// read by their person, so a contract moved away would be agreed and billed twice. Read after the writes, so it
// compares the contracts' new holders, and as late as possible: an agreement committed by then is seen.
const CONTRACTS_LEAVING_THEIR_AGREEMENT = `select distinct k.contract_key
  from import_contract_ids k
  join agreement_contracts ac on ac.contract_id = k.id and ac.agreement_status = 'active'
  join agreements a on a.aco_codigo = ac.aco_codigo
  join contracts c on c.id = k.id
  where c.person_id <> a.person_id
  order by k.contract_key`;

/** The file's contracts (their keys, in file order) that the loaded file takes from the person of their agreement. */
export async function contractsLeavingTheirAgreement(tx: ImportTransaction): Promise<number[]> {
  const rows = await tx.query<{ contract_key: number }>(CONTRACTS_LEAVING_THEIR_AGREEMENT);
  return rows.map((row) => row.contract_key);
}

/** Moves the staged records into persons, stores, partner_stores, contracts and instalments, in that order. */
export async function loadStaged(
  tx: ImportTransaction,
  partnerId: number,
  rows: number,
): Promise<LoadCounts> {
  // Sorts and hash joins over a large file stay in memory rather than spilling to disk.
  await tx.query(`set local work_mem = '64MB'`);
  // A temporary table has no statistics until analysed; without them the planner guesses and joins badly. Only the
  // columns the statements filter and join on are analysed: the rest cost time and decide no plan.
  await tx.query('analyze import_entities (kind, cpf_cnpj, loja_cnpj, contract_key, contrato)');
  // The debt epoch (migration 0008) is raised once, last: its row stays locked only until the commit.
  await tx.query(`set local portal.debt_epoch_deferred = 'on'`);
  const persons = await countUpsert(tx, ...UPSERT_PERSONS);
  const stores = await countUpsert(tx, ...UPSERT_STORES);
  const storesLinked = await count(tx, LINK_STORES, [partnerId]);
  const contracts = await countUpsert(tx, ...UPSERT_CONTRACTS);
  await tx.query(MAP_CONTRACT_IDS);
  await tx.query('analyze import_contract_ids');
  await tx.query('analyze import_instalments (contract_key, parcela)');
  const [written] = await tx.query<{ updated: number; inserted: number }>(WRITE_INSTALMENTS);
  const { updated, inserted } = written ?? { updated: 0, inserted: 0 };
  await tx.query('update debt_view_epoch set epoch = epoch + 1 where id = 1');
  return {
    persons,
    stores,
    storesLinked,
    contracts,
    instalments: { total: rows, inserted, updated },
  };
}
