// The generated portfolio of the benchmarks (npm run bench:import, npm run bench:api): the same file on every run,
// persons with 1 to `maxContracts` contracts of 1 to `maxInstalments` instalments in 25 stores, until `rows`
// instalment lines or `persons` persons, whichever comes first.
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import { cnpjCheckDigits, cpfCheckDigits, maskCnpj, maskCpf } from '@portal/domain';
import { PORTFOLIO_COLUMNS } from '../services/import/validate-portfolio';

const STORES = 25;

// mulberry32: a tiny seeded generator, so every run imports the same file.
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST_NAMES = [
  'Ana',
  'Bruno',
  'Carla',
  'Daniel',
  'Eduarda',
  'Felipe',
  'Gabriela',
  'Heitor',
  'Isabela',
  'João',
];
const LAST_NAMES = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Pereira',
  'Costa',
  'Rodrigues',
  'Almeida',
  'Nunes',
];
const ORIGINS = ['Crediário', 'Cartão', 'Empréstimo', 'Serviços'];

function pad(value: number, length = 2): string {
  return String(value).padStart(length, '0');
}

function money(centavos: number): string {
  const reais = String(Math.floor(centavos / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${reais},${pad(centavos % 100)}`;
}

export interface PortfolioShape {
  rows?: number;
  persons?: number;
  maxContracts?: number;
  maxInstalments?: number;
}

/** Writes the file; returns the number of instalment lines. */
export async function generatePortfolio(file: string, shape: PortfolioShape): Promise<number> {
  const { rows = Number.POSITIVE_INFINITY, persons = Number.POSITIVE_INFINITY } = shape;
  const { maxContracts = 3, maxInstalments = 12 } = shape;
  const next = random(2024);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const stores = Array.from({ length: STORES }, (_, i) => {
    const base = `${pad(10 + i)}${pad(i * 7, 6)}0001`;
    return { document: maskCnpj(base + cnpjCheckDigits(base)), name: `Loja ${pad(i + 1)}` };
  });
  const out = createWriteStream(file);
  let buffer = `${PORTFOLIO_COLUMNS.join(';')}\n`;
  let written = 0;
  for (let person = 0; written < rows && person < persons; person++) {
    const base = String(100_000_000 + person * 7);
    const cpf = maskCpf(base + cpfCheckDigits(base));
    const name = `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)} ${pick(LAST_NAMES)}`;
    const birth = `${pad(1 + Math.floor(next() * 28))}/${pad(1 + Math.floor(next() * 12))}/${1950 + Math.floor(next() * 55)}`;
    const phone = `(${10 + Math.floor(next() * 89)}) 9${pad(Math.floor(next() * 1e8), 8)}`;
    const personColumns = `${cpf};${name};${birth};${phone};pessoa${person}@example.com`;
    const contracts = 1 + Math.floor(next() * maxContracts);
    for (let contract = 0; contract < contracts && written < rows; contract++) {
      const store = pick(stores);
      const contractColumns = `${store.document};${store.name};${store.name} Ltda.;${base}-${contract};${pick(ORIGINS)};R${contract}`;
      const instalments = 1 + Math.floor(next() * maxInstalments);
      const value = 2_000 + Math.floor(next() * 200_000);
      for (let instalment = 1; instalment <= instalments && written < rows; instalment++) {
        const due = `${pad(1 + Math.floor(next() * 28))}/${pad(1 + ((instalment - 1) % 12))}/${2023 + Math.floor(instalment / 12)}`;
        const paid = next() < 0.2;
        buffer += `${personColumns};${contractColumns};${instalment};${due};${money(value)};${money(paid ? 0 : value)};${next() < 0.1 ? 'S' : 'N'};${paid ? 'S' : 'N'}\n`;
        written++;
      }
    }
    if (buffer.length > 1 << 20) {
      if (!out.write(buffer)) await once(out, 'drain');
      buffer = '';
    }
  }
  out.end(buffer);
  await finished(out);
  return written;
}
