import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { stores } from './partners';

export const persons = pgTable('persons', {
  id: serial('id').primaryKey(),
  /** Normalised: digits, or digits and capital letters for an alphanumeric CNPJ. */
  cpfCnpj: text('cpf_cnpj').notNull().unique(),
  name: text('nome').notNull(),
  birthDate: date('data_nascimento', { mode: 'string' }),
  /** Digits only, with area code. */
  phone: text('telefone'),
  email: text('email'),
  gender: text('sexo'),
  cep: text('cep'),
  street: text('endereco'),
  streetNumber: text('numero'),
  district: text('bairro'),
  city: text('cidade'),
  state: text('estado'),
  /**
   * The birth date, phone and e-mail are what the person typed in a first access, before any creditor's file named
   * them: unproven, so the first import of the person replaces them, empty cells included (decision 098).
   */
  selfDeclared: boolean('dados_autodeclarados').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /**
   * Raised by triggers (migration 0008) whenever the person's agreements change: the debt snapshot a server process
   * keeps for the person is current while this and debt_view_epoch are unchanged.
   */
  debtsVersion: bigint('debts_version', { mode: 'number' }).notNull().default(0),
});

/** One row, raised by triggers on any write to contracts, instalments, stores or their partner links. */
export const debtViewEpoch = pgTable('debt_view_epoch', {
  id: smallint('id').primaryKey(),
  epoch: bigint('epoch', { mode: 'number' }).notNull().default(0),
});

export const contracts = pgTable(
  'contracts',
  {
    id: serial('id').primaryKey(),
    personId: integer('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id),
    number: text('con_contrato').notNull(),
    note: text('con_observacao'),
    origin: text('origem'),
    reference: text('referencia'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('contracts_person_store').on(t.personId, t.storeId),
    uniqueIndex('contracts_store_number').on(t.storeId, t.number),
  ],
);

export const instalments = pgTable(
  'instalments',
  {
    id: serial('id').primaryKey(),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    number: integer('par_prestacao').notNull(),
    dueDate: date('par_vencimento', { mode: 'string' }).notNull(),
    /** Original instalment value in centavos. */
    amountCents: bigint('par_valor', { mode: 'number' }).notNull(),
    /** Outstanding principal in centavos. */
    balanceCents: bigint('par_saldo', { mode: 'number' }).notNull(),
    /** Future entry (lancamento_futuro = 1): not yet due, billed later. */
    futureEntry: boolean('lancamento_futuro').notNull().default(false),
    paid: boolean('pago').notNull().default(false),
  },
  (t) => [uniqueIndex('instalments_contract_number').on(t.contractId, t.number)],
);
