// Fixed demo identities (listed in the README) and a deterministic crowd of generated debtors.

export interface DemoContract {
  /** Index into DEMO_STORES. */
  store: number;
  instalments: number;
  /** How many of the instalments fall before today (overdue unless paid). */
  overdue: number;
  paid: number;
  amountCents: number;
  /** How many of the not-yet-due instalments are future entries (lancamento_futuro). */
  futureEntries: number;
}

/**
 * An agreement made through a partner's portal before the demo starts, so Meus Acordos shows every instalment state
 * at first start: the first `paid` payments paid, the next one overdue, the rest open.
 */
export interface DemoAgreement {
  partner: string;
  /** Index into the debtor's contracts. */
  contract: number;
  method: 'boleto' | 'pix';
  entryCents: number;
  instalmentCents: number;
  instalmentCount: number;
  /** Days between today and the first due date (negative: in the past). */
  firstDueInDays: number;
  paid: number;
}

export interface DemoDebtor {
  cpfCnpj: string;
  name: string;
  birthDate: string | null;
  phone: string | null;
  email: string | null;
  gender: 'M' | 'F' | 'O' | null;
  contracts: DemoContract[];
  agreement?: DemoAgreement;
}

const everyStoreOnce = (first: number): DemoContract[] =>
  [3, 4, 5, 6, 7].map((store, i) => ({
    store,
    instalments: 6,
    overdue: 2 + (i % 3),
    paid: 1,
    amountCents: 8_990 + first * 1_000 + i * 2_350,
    futureEntries: i % 2,
  }));

export const FIXED_DEBTORS: DemoDebtor[] = [
  {
    cpfCnpj: '52998224725',
    name: 'Maria da Silva Santos',
    birthDate: '1990-05-15',
    phone: '11987654321',
    email: 'demo@example.com',
    gender: 'F',
    contracts: [
      { store: 0, instalments: 10, overdue: 4, paid: 1, amountCents: 24_990, futureEntries: 2 },
      { store: 0, instalments: 3, overdue: 3, paid: 0, amountCents: 59_900, futureEntries: 0 },
      { store: 1, instalments: 12, overdue: 5, paid: 2, amountCents: 41_275, futureEntries: 3 },
      { store: 2, instalments: 8, overdue: 2, paid: 0, amountCents: 18_750, futureEntries: 1 },
      ...everyStoreOnce(1),
    ],
  },
  {
    cpfCnpj: '39053344705',
    name: 'João Pereira Lima',
    birthDate: '1985-02-01',
    phone: '21998765432',
    email: 'joao.lima@example.com',
    gender: 'M',
    contracts: [
      { store: 0, instalments: 6, overdue: 3, paid: 1, amountCents: 35_000, futureEntries: 0 },
      { store: 2, instalments: 4, overdue: 2, paid: 0, amountCents: 72_450, futureEntries: 1 },
    ],
    // Entry paid about 50 days ago, 1/2 overdue since about 20 days, 2/2 due in about 10 days.
    agreement: {
      partner: 'demo',
      contract: 0,
      method: 'boleto',
      entryCents: 30_000,
      instalmentCents: 60_000,
      instalmentCount: 2,
      firstDueInDays: -50,
      paid: 1,
    },
  },
  {
    cpfCnpj: '12ABC34501DE35',
    name: 'Comércio Exemplo Ltda.',
    birthDate: null,
    phone: '1133334444',
    email: 'financeiro@comercio-exemplo.com.br',
    gender: null,
    contracts: [{ store: 1, instalments: 5, overdue: 3, paid: 0, amountCents: 150_000, futureEntries: 0 }],
  },
];

const FIRST_NAMES = [
  'Ana',
  'Bruno',
  'Carla',
  'Diego',
  'Eduarda',
  'Felipe',
  'Gabriela',
  'Henrique',
  'Isabela',
  'José',
  'Larissa',
  'Marcos',
  'Natália',
  'Otávio',
  'Paula',
  'Rafael',
  'Sandra',
  'Tiago',
  'Vanessa',
  'Wagner',
];
const LAST_NAMES = [
  'Almeida',
  'Barbosa',
  'Cardoso',
  'Costa',
  'Ferreira',
  'Gomes',
  'Lima',
  'Martins',
  'Oliveira',
  'Ribeiro',
  'Rocha',
  'Souza',
];

/** Small deterministic PRNG (mulberry32) so every fresh database gets the same demo crowd. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function generatedDebtors(
  count: number,
  storeCount: number,
  cpfCheckDigits: (base9: string) => string,
): DemoDebtor[] {
  const next = random(20261122);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const debtors: DemoDebtor[] = [];
  for (let i = 0; i < count; i++) {
    const base = String(200_000_000 + i * 7_919).padStart(9, '0');
    const first = pick(FIRST_NAMES);
    const year = 1950 + Math.floor(next() * 55);
    const month = 1 + Math.floor(next() * 12);
    const day = 1 + Math.floor(next() * 28);
    const contracts: DemoContract[] = [];
    const contractCount = 1 + Math.floor(next() * 3);
    for (let c = 0; c < contractCount; c++) {
      const instalments = 3 + Math.floor(next() * 10);
      const overdue = 1 + Math.floor(next() * Math.min(instalments, 6));
      contracts.push({
        store: Math.floor(next() * storeCount),
        instalments,
        overdue,
        paid: Math.floor(next() * overdue * 0.5),
        amountCents: 5_000 + Math.floor(next() * 150_000),
        futureEntries: Math.floor(next() * 2),
      });
    }
    debtors.push({
      cpfCnpj: base + cpfCheckDigits(base),
      name: `${first} ${pick(LAST_NAMES)} ${pick(LAST_NAMES)}`,
      birthDate: `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
      phone: `${11 + Math.floor(next() * 80)}9${String(Math.floor(next() * 1e8)).padStart(8, '0')}`,
      email:
        next() < 0.8
          ? `${first
              .normalize('NFD')
              .replace(/[^a-zA-Z]/g, '')
              .toLowerCase()}${i}@example.com`
          : null,
      gender: pick(['M', 'F', 'O', null] as const),
      contracts,
    });
  }
  return debtors;
}
