// What a new-build home in Spain costs on top of its price, and a mortgage's
// monthly payment (issue 23): the calculator's inputs as its address carries
// them (/buying-costs?price=…&community=…), read back with what is wrong with
// each, and the breakdown, from the figures of buying-costs-data.ts.
import {
  COMMUNITIES,
  FEES_VAT,
  LAWYER,
  MORTGAGE,
  NIE_COST,
  NOTARY_COPIES,
  NOTARY_SCALE,
  REGISTRY_SCALE,
  TAXES,
  type Community,
  type FeeScale,
} from './buying-costs-data.ts';

export type Buyer = 'resident' | 'abroad';

export interface CostsInput {
  price: number | null;
  community: Community | null;
  buyer: Buyer;
  mortgage: boolean;
  /** Per cent of the price paid from the buyer's own money. */
  deposit: number;
  years: number;
  /** Yearly interest, per cent. */
  rate: number;
}

export type CostsField = 'price' | 'community' | 'deposit' | 'years' | 'rate';

export interface ReadCosts {
  input: CostsInput;
  /** The fields given but not usable, each kept out of the input (its default in its place). */
  invalid: CostsField[];
}

export const PRICE_LIMITS = { min: 10_000, max: 50_000_000 };
export const YEARS_LIMITS = { min: 5, max: 40 };
export const RATE_LIMITS = { min: 0, max: 15 };

/** The deposit a buyer starts from: what banks ask at least. */
export const defaultDeposit = (buyer: Buyer) => 100 - MORTGAGE.maxLoanToValue[buyer];

/** A number as a form sends it: digits, an optional decimal point or comma; thousands dots or spaces in a price are dropped. */
function readNumber(raw: string | null, whole: boolean): number | null {
  if (!raw) return null;
  const text = whole ? raw.replace(/[\s.,€]/g, '') : raw.trim().replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(text)) return NaN;
  return Number(text);
}

function within(value: number | null, limits: { min: number; max: number }): boolean {
  return value !== null && value >= limits.min && value <= limits.max;
}

/** The autonomous community of a province, island or coast, by its place slug ('alicante', 'las-palmas', 'costa-del-sol'). */
export function communityOfRegion(slug: string): Community | null {
  return PROVINCES.get(slug) ?? null;
}

/** The calculator's inputs from its query string; a `region` (a province's place slug) names the community when `community` does not. */
export function readCostsQuery(query: URLSearchParams): ReadCosts {
  const invalid: CostsField[] = [];
  const buyer: Buyer = query.get('buyer') === 'resident' ? 'resident' : 'abroad';

  const price = readNumber(query.get('price'), true);
  if (price !== null && !within(price, PRICE_LIMITS)) invalid.push('price');

  const named = query.get('community');
  const region = query.get('region');
  let community: Community | null = null;
  if (named) {
    community = (COMMUNITIES as readonly string[]).includes(named) ? (named as Community) : null;
    if (!community) invalid.push('community');
  } else if (region) community = communityOfRegion(region);

  const numberOr = (field: CostsField, limits: { min: number; max: number }, fallback: number, whole: boolean) => {
    const value = readNumber(query.get(field), whole);
    if (value === null) return fallback;
    if (within(value, limits)) return value!;
    invalid.push(field);
    return fallback;
  };
  const deposit = numberOr('deposit', { min: 0, max: 100 }, defaultDeposit(buyer), false);
  const years = numberOr('years', YEARS_LIMITS, MORTGAGE.defaultYears, true);
  const rate = numberOr('rate', RATE_LIMITS, MORTGAGE.defaultRate, false);
  return {
    input: {
      price: invalid.includes('price') ? null : price,
      community,
      buyer,
      mortgage: query.get('mortgage') === '1',
      deposit,
      years,
      rate,
    },
    invalid,
  };
}

/** The calculator's address for a price in a community (a unit of a property page). */
export function costsHref(page: string, price: number, community: Community): string {
  return `${page}?${new URLSearchParams({ price: String(price), community })}`;
}

export type CostKey = 'salesTax' | 'ajd' | 'notary' | 'registry' | 'lawyer' | 'nie' | 'valuation' | 'arrangement';

export interface CostLine {
  key: CostKey;
  /** Whole euros. */
  amount: number;
  /** The per cent it is of its base, where it is one. */
  rate?: number;
}

export interface Mortgage {
  loan: number;
  deposit: number;
  /** Whole euros a month. */
  monthly: number;
  /** The share of the price (per cent) and the term (years) banks usually lend this buyer at most. */
  maxLoanToValue: number;
  maxYears: number;
  /** The loan is more of the price than banks usually lend this buyer. */
  overLimit: boolean;
  /** The term is longer than banks usually offer this buyer. */
  overTerm: boolean;
}

export interface CostsBreakdown {
  price: number;
  salesTax: 'iva' | 'igic';
  lines: CostLine[];
  /** The costs on top of the price. */
  total: number;
  /** The costs as a per cent of the price, one decimal. */
  share: number;
  mortgage: Mortgage | null;
  /** What the buyer pays from their own money: the price less the loan, and the costs. */
  cash: number;
}

/** A fee from its scale, in euros before IVA. */
export function scaleFee(scale: FeeScale, price: number): number {
  let fee = scale.base;
  let from = scale.baseUpTo;
  for (const [upTo, perThousand] of scale.bands) {
    if (price <= from) break;
    fee += ((Math.min(price, upTo) - from) * perThousand) / 1000;
    from = upTo;
  }
  return scale.max === undefined ? fee : Math.min(fee, scale.max);
}

/** The monthly payment of a loan repaid in equal instalments (French amortisation, as Spanish banks use). */
export function monthlyPayment(loan: number, yearlyRate: number, years: number): number {
  const months = years * 12;
  const r = yearlyRate / 100 / 12;
  return r === 0 ? loan / months : (loan * r) / (1 - (1 + r) ** -months);
}

const withVat = (amount: number) => amount * (1 + FEES_VAT / 100);

/** The breakdown for a price in a community, or null while either is unknown. */
export function buyingCosts(input: CostsInput): CostsBreakdown | null {
  const { price, community, buyer } = input;
  if (price === null || community === null) return null;
  const tax = TAXES[community];
  const lines: CostLine[] = [
    { key: 'salesTax', amount: (price * tax.salesTaxRate) / 100, rate: tax.salesTaxRate },
    { key: 'ajd', amount: (price * tax.ajdRate) / 100, rate: tax.ajdRate },
    { key: 'notary', amount: withVat(scaleFee(NOTARY_SCALE, price) + NOTARY_COPIES) },
    { key: 'registry', amount: withVat(scaleFee(REGISTRY_SCALE, price)) },
    { key: 'lawyer', amount: withVat(Math.max((price * LAWYER.rate) / 100, LAWYER.minimum)), rate: LAWYER.rate },
  ];
  if (buyer === 'abroad') lines.push({ key: 'nie', amount: NIE_COST });

  let mortgage: Mortgage | null = null;
  if (input.mortgage && input.deposit < 100) {
    const loan = Math.round((price * (100 - input.deposit)) / 100);
    lines.push({ key: 'valuation', amount: MORTGAGE.valuation });
    lines.push({ key: 'arrangement', amount: (loan * MORTGAGE.arrangementRate) / 100, rate: MORTGAGE.arrangementRate });
    const maxLoanToValue = MORTGAGE.maxLoanToValue[buyer];
    const maxYears = MORTGAGE.maxYears[buyer];
    mortgage = {
      loan,
      deposit: price - loan,
      monthly: Math.round(monthlyPayment(loan, input.rate, input.years)),
      maxLoanToValue,
      maxYears,
      overLimit: 100 - input.deposit > maxLoanToValue,
      overTerm: input.years > maxYears,
    };
  }
  const rounded = lines.map((line) => ({ ...line, amount: Math.round(line.amount) }));
  const total = rounded.reduce((sum, line) => sum + line.amount, 0);
  return {
    price,
    salesTax: tax.salesTax,
    lines: rounded,
    total,
    share: Math.round((total / price) * 1000) / 10,
    mortgage,
    cash: (mortgage ? mortgage.deposit : price) + total,
  };
}

/** Provinces and islands as the feeds name them (their place slugs), by community. */
const PROVINCES_BY_COMMUNITY: Record<Community, string[]> = {
  andalucia: [
    'almeria',
    'cadiz',
    'cordoba',
    'granada',
    'huelva',
    'jaen',
    'malaga',
    'sevilla',
    'seville',
    'andalucia',
    'andalusia',
    'costa-del-sol',
    'costa-de-almeria',
    'costa-tropical',
    'costa-de-la-luz',
  ],
  aragon: ['huesca', 'teruel', 'zaragoza', 'aragon'],
  asturias: ['asturias', 'oviedo'],
  baleares: [
    'baleares',
    'illes-balears',
    'islas-baleares',
    'balearic-islands',
    'mallorca',
    'majorca',
    'menorca',
    'minorca',
    'ibiza',
    'eivissa',
    'formentera',
  ],
  canarias: [
    'las-palmas',
    'santa-cruz-de-tenerife',
    'tenerife',
    'gran-canaria',
    'lanzarote',
    'fuerteventura',
    'la-palma',
    'la-gomera',
    'el-hierro',
    'canarias',
    'canary-islands',
    'islas-canarias',
  ],
  cantabria: ['cantabria', 'santander'],
  'castilla-la-mancha': ['albacete', 'ciudad-real', 'cuenca', 'guadalajara', 'toledo'],
  'castilla-y-leon': ['avila', 'burgos', 'leon', 'palencia', 'salamanca', 'segovia', 'soria', 'valladolid', 'zamora'],
  cataluna: [
    'barcelona',
    'girona',
    'gerona',
    'lleida',
    'lerida',
    'tarragona',
    'cataluna',
    'catalunya',
    'catalonia',
    'costa-brava',
    'costa-dorada',
    'costa-daurada',
  ],
  valenciana: [
    'alicante',
    'alacant',
    'valencia',
    'castellon',
    'castello',
    'comunidad-valenciana',
    'comunitat-valenciana',
    'costa-blanca',
    'costa-azahar',
  ],
  extremadura: ['badajoz', 'caceres'],
  galicia: ['a-coruna', 'la-coruna', 'lugo', 'ourense', 'orense', 'pontevedra'],
  madrid: ['madrid'],
  murcia: ['murcia', 'region-de-murcia', 'costa-calida'],
  navarra: ['navarra', 'nafarroa'],
  'pais-vasco': ['alava', 'araba', 'bizkaia', 'vizcaya', 'gipuzkoa', 'guipuzcoa', 'pais-vasco', 'euskadi', 'basque-country'],
  'la-rioja': ['la-rioja', 'rioja', 'logrono'],
};

const PROVINCES = new Map<string, Community>(
  (Object.entries(PROVINCES_BY_COMMUNITY) as Array<[Community, string[]]>).flatMap(([community, slugs]) =>
    slugs.map((slug) => [slug, community] as const),
  ),
);
