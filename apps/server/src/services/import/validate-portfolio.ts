import {
  addMonths,
  foreignLineSeparator,
  foreignSeparator,
  foreignSeparatorMessage,
  formatBrDate,
  isValidCpfCnpj,
  isValidEmail,
  isValidIsoDate,
  maskCpfCnpj,
  normalizeDocument,
  onlyDigits,
  parseBrDate,
  parseMoney,
  todayInBrasilia,
} from '@portal/domain';
import type {
  ContractData,
  PersonData,
  PortfolioRow,
  StoreData,
} from '../../repositories/portfolio-repository';
import type { CsvRecord } from './read-csv-records';

// The portfolio file layout (docs/import.md): one line per instalment, columns named by a header line, in any order.

export const PORTFOLIO_COLUMNS = [
  'cpf_cnpj',
  'nome',
  'data_nascimento',
  'telefone',
  'email',
  'loja_cnpj',
  'loja_fantasia',
  'loja_razao_social',
  'contrato',
  'origem',
  'referencia',
  'parcela',
  'vencimento',
  'valor',
  'saldo',
  'lancamento_futuro',
  'pago',
] as const;

export type PortfolioColumn = (typeof PORTFOLIO_COLUMNS)[number];

export const REQUIRED_COLUMNS: ReadonlySet<PortfolioColumn> = new Set([
  'cpf_cnpj',
  'nome',
  'loja_cnpj',
  'loja_fantasia',
  'loja_razao_social',
  'contrato',
  'parcela',
  'vencimento',
  'valor',
  'saldo',
]);

/** A problem on one line of the file (line 1 is the header). */
export interface ImportIssue {
  line: number;
  column?: PortfolioColumn;
  message: string;
}

/** The operator reads the first issues; the rest are only counted (a wrong file can have a million of them). */
export const ISSUES_LISTED = 100;

const MAX_INSTALMENT_NUMBER = 999_999;
const INSTALMENT_NUMBER = /^\d{1,6}$/;
// Packs (contract id, instalment number) into one exact double: ids stay far below 2^53 / 10^6.
const INSTALMENT_KEY_FACTOR = MAX_INSTALMENT_NUMBER + 1;
const FLAG_VALUES = new Map<string, boolean>([
  ['S', true],
  ['N', false],
  ['1', true],
  ['0', false],
  ['', false],
]);

// A string cut from a line shares the memory of the whole chunk of file the line was read from. What outlives the
// line is copied, so a large file is not kept in memory piece by piece.
function detach(value: string): string {
  return Buffer.from(value).toString();
}

function quoteValue(value: string): string {
  return `'${value.length > 40 ? `${value.slice(0, 40)}…` : value}'`;
}

function parseDate(value: string): string | null {
  return isValidIsoDate(value) ? value : parseBrDate(value);
}

type DateColumn = 'vencimento' | 'data_nascimento';

// A date outside these is a spreadsheet's empty date cell (30/12/1899 in LibreOffice, 01/01/1900 in Excel) or a
// mistyped year (0025, 1925, 2205), never a real debt: priced as due, it would carry a century of interest. Due
// dates reach back to 1990, before the real (1994) and decades past any limitation period, so no old debt a creditor
// still holds is refused, and forward 50 years, past the longest financing (35-year housing loans) billed ahead. A
// birth date is after 1900 (nobody that old is alive) and not after today.
const EARLIEST_DUE_DATE = '1990-01-01';
const DUE_DATE_YEARS_AHEAD = 50;
const EARLIEST_BIRTH_DATE = '1900-01-01';

/**
 * Instalments seen, as (contract, instalment number) keys in typed arrays, so a million lines leave no million small
 * objects for the garbage collector. Repeats are found once, at the end, by sorting the keys.
 */
class InstalmentRegister {
  private keys = new Float64Array(1 << 16);
  private lines = new Int32Array(1 << 16);
  private size = 0;

  add(contractId: number, instalment: number, line: number): void {
    if (this.size === this.keys.length) {
      const keys = new Float64Array(this.size * 2);
      keys.set(this.keys);
      this.keys = keys;
      const lines = new Int32Array(this.size * 2);
      lines.set(this.lines);
      this.lines = lines;
    }
    this.keys[this.size] = contractId * INSTALMENT_KEY_FACTOR + instalment;
    this.lines[this.size] = line;
    this.size++;
  }

  /** Each line that repeats the instalment of an earlier line, in file order. */
  repeats(): { line: number; firstLine: number; contractId: number; instalment: number }[] {
    const sorted = this.keys.slice(0, this.size).sort();
    const repeated = new Set<number>();
    for (let i = 1; i < sorted.length; i++) if (sorted[i] === sorted[i - 1]) repeated.add(sorted[i]!);
    if (repeated.size === 0) return [];
    const firstLines = new Map<number, number>();
    const found = [];
    for (let i = 0; i < this.size; i++) {
      const key = this.keys[i]!;
      if (!repeated.has(key)) continue;
      const firstLine = firstLines.get(key);
      if (firstLine === undefined) firstLines.set(key, this.lines[i]!);
      else
        found.push({
          line: this.lines[i]!,
          firstLine,
          contractId: Math.floor(key / INSTALMENT_KEY_FACTOR),
          instalment: key % INSTALMENT_KEY_FACTOR,
        });
    }
    return found;
  }
}

/**
 * The cells of a group of columns on the last valid line and what they were read as: a portfolio file repeats the
 * person, store and contract on each of their instalment lines, and those are read once per run of equal lines.
 */
class Run<T> {
  private cells: (string | undefined)[] = [];
  private value: T | null = null;

  constructor(private readonly indexes: number[]) {}

  /** What the previous valid line's cells were read as, or null when a cell differs. */
  repeated(fields: string[]): T | null {
    if (this.value === null) return null;
    for (let i = 0; i < this.indexes.length; i++) {
      if (fields[this.indexes[i]!] !== this.cells[i]) return null;
    }
    return this.value;
  }

  remember(fields: string[], value: T): void {
    this.cells = this.indexes.map((index) => fields[index]);
    this.value = value;
  }
}

/**
 * Validates the header and then each line of a portfolio file, and the rules that span lines: a contract of a store
 * belongs to one person, and an instalment appears once. Issues are collected, never thrown, so the operator gets
 * every problem of the file in one run.
 */

// A spreadsheet or document sent instead of its CSV (.xlsx, .xls, .pdf, an image): its first line is no header but
// binary, said once rather than as a dozen unknown and missing columns.
const NOT_TEXT =
  'o arquivo não é um CSV de texto: salve a planilha como CSV (separado por ";") e envie de novo';
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what marks a binary file.
const BINARY = /[\u0000-\u0008\u000e-\u001f\ufffd]|^%PDF-/;

function notText(fields: string[]): boolean {
  return fields.some((field) => BINARY.test(field));
}
export class PortfolioValidator {
  readonly issues: ImportIssue[] = [];
  issueCount = 0;
  private columnIndex: Partial<Record<PortfolioColumn, number>> = {};
  private headerLength = 0;
  // Lines separated by ',' or tabs under a ';' header are reported once, for the whole file, not one by one.
  private foreignLines = false;
  private personRun = new Run<PersonData>([]);
  private storeRun = new Run<StoreData>([]);
  private contractRun = new Run<ContractData>([]);
  // One key per contract ('store document|number'), with the person and the first line it was seen with.
  private readonly contractKeys = new Map<string, number>();
  private readonly contractNames: string[] = [];
  private readonly contractPerson: string[] = [];
  private readonly contractLine: number[] = [];
  private readonly instalments = new InstalmentRegister();
  private readonly dateRanges: Record<DateColumn, readonly [earliest: string, latest: string]>;

  /** `today` (Brasília, 'YYYY-MM-DD') bounds the dates a line may hold. */
  constructor(today: string = todayInBrasilia()) {
    this.dateRanges = {
      vencimento: [EARLIEST_DUE_DATE, addMonths(today, DUE_DATE_YEARS_AHEAD * 12)],
      data_nascimento: [EARLIEST_BIRTH_DATE, today],
    };
  }

  get hasIssues(): boolean {
    return this.issueCount > 0;
  }

  private report(line: number, column: PortfolioColumn | undefined, message: string): void {
    this.issueCount++;
    if (this.issues.length >= ISSUES_LISTED) return;
    const text = detach(message);
    this.issues.push(column ? { line, column, message: text } : { line, message: text });
  }

  /** A file without a single line (not even the header). */
  emptyFile(): void {
    this.report(1, undefined, 'arquivo vazio (falta a linha de cabeçalho)');
  }

  /** Reads the header line; false when the file cannot be read (its lines are then not validated). */
  header(record: CsvRecord): boolean {
    if (notText(record.fields)) {
      this.report(record.line, undefined, NOT_TEXT);
      return false;
    }
    const known = new Set<string>(PORTFOLIO_COLUMNS);
    // A file separated by ',' or tabs: one message that says so, not an unknown column and every column missing.
    const separator = foreignSeparator(record.fields, known);
    if (separator) {
      this.report(record.line, undefined, foreignSeparatorMessage(separator));
      return false;
    }
    const before = this.issueCount;
    this.headerLength = record.fields.length;
    record.fields.forEach((field, index) => {
      const name = field.trim().toLowerCase();
      // An unnamed column (a trailing ';' some spreadsheets write) carries nothing and is ignored.
      if (name === '') return;
      if (!known.has(name)) this.report(record.line, undefined, `coluna desconhecida ${quoteValue(name)}`);
      else if (this.columnIndex[name as PortfolioColumn] !== undefined)
        this.report(record.line, undefined, `coluna repetida ${quoteValue(name)}`);
      else this.columnIndex[name as PortfolioColumn] = index;
    });
    for (const column of REQUIRED_COLUMNS) {
      if (this.columnIndex[column] === undefined)
        this.report(record.line, undefined, `falta a coluna obrigatória ${quoteValue(column)}`);
    }
    const indexes = (columns: PortfolioColumn[]) =>
      columns.flatMap((column) => this.columnIndex[column] ?? []);
    this.personRun = new Run(indexes(['cpf_cnpj', 'nome', 'data_nascimento', 'telefone', 'email']));
    this.storeRun = new Run(indexes(['loja_cnpj', 'loja_fantasia', 'loja_razao_social']));
    // A contract run also ends where the person or the store changes.
    this.contractRun = new Run(indexes(['cpf_cnpj', 'loja_cnpj', 'contrato', 'origem', 'referencia']));
    return this.issueCount === before;
  }

  /** A normalised row, or null when the line has issues (reported). */
  row(record: CsvRecord): PortfolioRow | null {
    const { line, fields } = record;
    if (record.unclosedQuote) {
      this.report(line, undefined, 'aspas abertas e não fechadas até o fim do arquivo');
      return null;
    }
    if (fields.length !== this.headerLength) {
      const separator = foreignLineSeparator(fields, this.headerLength);
      if (!separator)
        this.report(line, undefined, `esperadas ${this.headerLength} colunas, encontradas ${fields.length}`);
      else if (!this.foreignLines) {
        this.foreignLines = true;
        this.report(line, undefined, foreignSeparatorMessage(separator));
      }
      return null;
    }
    const before = this.issueCount;
    const repeatedPerson = this.personRun.repeated(fields);
    const person = repeatedPerson ?? this.readPerson(fields, line);
    const repeatedStore = this.storeRun.repeated(fields);
    const store = repeatedStore ?? this.readStore(fields, line);
    const repeatedContract = this.contractRun.repeated(fields);
    const contractNumber = repeatedContract ? repeatedContract.number : this.text(fields, line, 'contrato');
    const instalment = this.instalmentNumber(line, this.text(fields, line, 'parcela'));
    const dueDate = this.date(line, 'vencimento', this.text(fields, line, 'vencimento'));
    const amountCents = this.money(line, 'valor', this.text(fields, line, 'valor'));
    const balanceCents = this.money(line, 'saldo', this.text(fields, line, 'saldo'));
    const futureEntry = this.flag(line, 'lancamento_futuro', this.text(fields, line, 'lancamento_futuro'));
    const paid = this.flag(line, 'pago', this.text(fields, line, 'pago'));
    if (this.issueCount !== before || !person || !store) return null;
    const contract =
      repeatedContract ??
      this.registerContract(line, person.document, store.document, {
        number: contractNumber,
        origin: this.text(fields, line, 'origem') || null,
        reference: this.text(fields, line, 'referencia') || null,
      });
    if (!contract) return null;
    this.instalments.add(contract.key, instalment!, line);
    if (!repeatedPerson) this.personRun.remember(fields, person);
    if (!repeatedStore) this.storeRun.remember(fields, store);
    if (!repeatedContract) this.contractRun.remember(fields, contract);
    return {
      line,
      person,
      store,
      contract,
      newPerson: !repeatedPerson,
      newStore: !repeatedStore,
      newContract: !repeatedContract,
      instalment: instalment!,
      dueDate: dueDate!,
      amountCents: amountCents!,
      balanceCents: balanceCents!,
      futureEntry: futureEntry!,
      paid: paid!,
    };
  }

  /** Reports the instalments that appear on more than one line; call once every line was read. */
  finish(): void {
    for (const repeat of this.instalments.repeats()) {
      this.report(
        repeat.line,
        'parcela',
        `parcela ${repeat.instalment} do ${this.describeContract(repeat.contractId)} repetida (já na linha ${repeat.firstLine})`,
      );
    }
  }

  /**
   * Reports, on its first line, each contract (by key) that the file gives another CPF/CNPJ while an active agreement
   * of its holder covers it: the agreement is cancelled in the back office first (decision 094).
   */
  contractsUnderAgreement(keys: number[]): void {
    for (const key of keys)
      this.report(
        this.contractLine[key]!,
        'cpf_cnpj',
        `o ${this.describeContract(key)} está em acordo ativo de outro CPF/CNPJ: cancele o acordo no painel antes de mudar o titular`,
      );
  }

  private describeContract(key: number): string {
    const name = this.contractNames[key] ?? '';
    const separator = name.indexOf('|');
    return `contrato ${quoteValue(name.slice(separator + 1))} da loja ${maskCpfCnpj(name.slice(0, separator))}`;
  }

  private readPerson(fields: string[], line: number): PersonData | null {
    const before = this.issueCount;
    const document = this.document(line, 'cpf_cnpj', this.text(fields, line, 'cpf_cnpj'));
    const name = this.text(fields, line, 'nome');
    const birthDate = this.date(line, 'data_nascimento', this.text(fields, line, 'data_nascimento'));
    const phone = this.phone(line, this.text(fields, line, 'telefone'));
    const email = this.text(fields, line, 'email') || null;
    if (email !== null && !isValidEmail(email))
      this.report(line, 'email', `e-mail inválido ${quoteValue(email)}`);
    return this.issueCount === before ? { document, name, birthDate, phone, email } : null;
  }

  private readStore(fields: string[], line: number): StoreData | null {
    const before = this.issueCount;
    const document = this.document(line, 'loja_cnpj', this.text(fields, line, 'loja_cnpj'));
    const tradeName = this.text(fields, line, 'loja_fantasia');
    const legalName = this.text(fields, line, 'loja_razao_social');
    return this.issueCount === before ? { document, tradeName, legalName } : null;
  }

  // A contract keeps the person of its first line.
  private registerContract(
    line: number,
    personDocument: string,
    storeDocument: string,
    contract: Omit<ContractData, 'key'>,
  ): ContractData | null {
    const name = detach(`${storeDocument}|${contract.number}`);
    let key = this.contractKeys.get(name);
    if (key === undefined) {
      key = this.contractNames.length;
      this.contractKeys.set(name, key);
      this.contractNames.push(name);
      this.contractPerson.push(detach(personDocument));
      this.contractLine.push(line);
    } else if (this.contractPerson[key] !== personDocument) {
      this.report(
        line,
        'contrato',
        `o ${this.describeContract(key)} é de outro CPF/CNPJ na linha ${this.contractLine[key]}`,
      );
      return null;
    }
    return { key, ...contract };
  }

  private text(fields: string[], line: number, column: PortfolioColumn): string {
    const index = this.columnIndex[column];
    const value = index === undefined ? '' : (fields[index] ?? '').trim();
    if (value.includes('\ufffd')) this.report(line, column, 'texto fora de UTF-8 (salve o arquivo em UTF-8)');
    else if (value === '' && REQUIRED_COLUMNS.has(column))
      this.report(line, column, 'campo obrigatório vazio');
    return value;
  }

  private document(line: number, column: PortfolioColumn, value: string): string {
    if (value === '') return '';
    const document = normalizeDocument(value);
    if (!isValidCpfCnpj(document)) this.report(line, column, `CPF/CNPJ inválido ${quoteValue(value)}`);
    return document;
  }

  private phone(line: number, value: string): string | null {
    if (value === '') return null;
    const digits = onlyDigits(value);
    if (digits.length < 10 || digits.length > 11)
      this.report(
        line,
        'telefone',
        `telefone inválido ${quoteValue(value)} (DDD e número: 10 ou 11 dígitos)`,
      );
    return digits;
  }

  private instalmentNumber(line: number, value: string): number | null {
    if (INSTALMENT_NUMBER.test(value)) return Number(value);
    if (value !== '')
      this.report(
        line,
        'parcela',
        `número de parcela inválido ${quoteValue(value)} (inteiro de 0 a ${MAX_INSTALMENT_NUMBER})`,
      );
    return null;
  }

  private date(line: number, column: DateColumn, value: string): string | null {
    if (value === '') return null;
    const iso = parseDate(value);
    const [earliest, latest] = this.dateRanges[column];
    if (iso === null)
      this.report(line, column, `data inválida ${quoteValue(value)} (use dd/mm/aaaa ou aaaa-mm-dd)`);
    else if (iso < earliest || iso > latest)
      this.report(
        line,
        column,
        `data fora do intervalo aceito ${quoteValue(value)} (de ${formatBrDate(earliest)} a ${formatBrDate(latest)})`,
      );
    return iso;
  }

  private money(line: number, column: PortfolioColumn, value: string): number | null {
    if (value === '') return null;
    const centavos = parseMoney(value);
    if (centavos === null)
      this.report(line, column, `valor inválido ${quoteValue(value)} (use 1234,56 ou 1.234,56)`);
    else if (centavos < 0) this.report(line, column, `valor negativo ${quoteValue(value)}`);
    return centavos;
  }

  private flag(line: number, column: PortfolioColumn, value: string): boolean | null {
    const flag = FLAG_VALUES.get(value.toUpperCase());
    if (flag === undefined) this.report(line, column, `use S ou N, não ${quoteValue(value)}`);
    return flag ?? null;
  }
}
