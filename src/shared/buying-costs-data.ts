// Every rate and fee the buying-costs calculator uses (issue 23), with where it
// comes from and when it was last checked. Rates change: whoever updates a
// figure updates CHECKED_ON, and the worked examples in
// test/shared/buying-costs.test.ts, which the page's figures must match.

/** The day these figures were last checked against their sources (ISO date); the page shows it. */
export const CHECKED_ON = '2026-11-28';

/** Where the figures come from, as the page lists them. */
export const SOURCES = [
  'Ley 37/1992 del IVA, art. 91 (10 % on the first delivery of a home)',
  'Ley 20/1991, art. 27, and Ley 19/1994 (IGIC of the Canary Islands)',
  'Real Decreto Legislativo 1/1993 and each autonomous community’s tax law (stamp duty, AJD)',
  'Real Decreto 1426/1989 (notaries’ fee scale) and Real Decreto 1427/1989 (land registry fee scale)',
  'Ley 5/2019 de contratos de crédito inmobiliario (the bank pays the mortgage deed’s costs)',
  'Banco de España, lending practice for residents and non-residents',
] as const;

export const COMMUNITIES = [
  'andalucia',
  'aragon',
  'asturias',
  'baleares',
  'canarias',
  'cantabria',
  'castilla-la-mancha',
  'castilla-y-leon',
  'cataluna',
  'valenciana',
  'extremadura',
  'galicia',
  'madrid',
  'murcia',
  'navarra',
  'pais-vasco',
  'la-rioja',
] as const;
export type Community = (typeof COMMUNITIES)[number];

/**
 * The sales tax on a new home (per cent of the price: IVA on the mainland and
 * the Balearics, IGIC on the Canary Islands) and the stamp duty (AJD, the
 * community's general rate on the deed of a new home).
 */
export const TAXES: Record<Community, { salesTax: 'iva' | 'igic'; salesTaxRate: number; ajdRate: number }> = {
  andalucia: { salesTax: 'iva', salesTaxRate: 10, ajdRate: 1.2 },
  aragon: { salesTax: 'iva', salesTaxRate: 10, ajdRate: 1.5 },
  asturias: { salesTax: 'iva', salesTaxRate: 10, ajdRate: 1.2 },
  baleares: { salesTax: 'iva', salesTaxRate: 10, ajdRate: 1.2 },
  canarias: { salesTax: 'igic', salesTaxRate: 7, ajdRate: 1 },
  cantabria: { salesTax: 'iva', salesTaxRate: 10, ajdRate: 1.5 },
  'castilla-la-mancha': { salesTax: 'iva', salesTaxRate: 10, ajdRate: 1.25 },
  'castilla-y-leon': { salesTax: 'iva', salesTaxRate: 10, ajdRate: 1.5 },
  cataluna: { salesTax: 'iva', salesTaxRate: 10, ajdRate: 1.5 },
  valenciana: { salesTax: 'iva', salesTaxRate: 10, ajdRate: 1.5 },
  extremadura: { salesTax: 'iva', salesTaxRate: 10, ajdRate: 1.5 },
  galicia: { salesTax: 'iva', salesTaxRate: 10, ajdRate: 1.5 },
  madrid: { salesTax: 'iva', salesTaxRate: 10, ajdRate: 0.75 },
  murcia: { salesTax: 'iva', salesTaxRate: 10, ajdRate: 1.5 },
  navarra: { salesTax: 'iva', salesTaxRate: 10, ajdRate: 0.5 },
  'pais-vasco': { salesTax: 'iva', salesTaxRate: 10, ajdRate: 0.5 },
  'la-rioja': { salesTax: 'iva', salesTaxRate: 10, ajdRate: 1 },
};

/** A fee scale: a fixed amount up to the first bound, then a rate per thousand on each band's share of the price. */
export interface FeeScale {
  base: number;
  baseUpTo: number;
  /** [upper bound of the band (Infinity for the last), euros per thousand] */
  bands: ReadonlyArray<readonly [number, number]>;
  max?: number;
}

/** The notary's fee for the deed of sale (RD 1426/1989, annex I, number 2). */
export const NOTARY_SCALE: FeeScale = {
  base: 90.15,
  baseUpTo: 6_010.12,
  bands: [
    [30_050.61, 4.5],
    [60_101.21, 1.5],
    [150_253.03, 1],
    [601_012.1, 0.5],
    [Infinity, 0.3],
  ],
};
/** What a deed costs besides the scale: authorised copies and folios, on average. */
export const NOTARY_COPIES = 300;

/** The land registry's fee for the registration (RD 1427/1989, annex I, number 2), capped. */
export const REGISTRY_SCALE: FeeScale = {
  base: 24.04,
  baseUpTo: 6_010.12,
  bands: [
    [30_050.61, 1.75],
    [60_101.21, 1.25],
    [150_253.03, 0.75],
    [601_012.1, 0.3],
    [Infinity, 0.2],
  ],
  max: 2_181.67,
};

/** IVA on professional fees (notary, registry, lawyer), per cent. */
export const FEES_VAT = 21;

/** An independent lawyer: a share of the price with a minimum, before IVA. */
export const LAWYER = { rate: 1, minimum: 1_500 };

/** A buyer from abroad: the NIE number obtained through a lawyer or agent (the official fee included). */
export const NIE_COST = 150;

/** With a mortgage: what the buyer pays (since Ley 5/2019 the bank pays the mortgage deed's notary, registry and AJD). */
export const MORTGAGE = {
  /** The bank's valuation (tasación), a typical price. */
  valuation: 450,
  /** The bank's arrangement fee, per cent of the loan: many charge less or none; the estimate takes the usual ceiling. */
  arrangementRate: 1,
  /** The share of the price banks usually lend at most, per cent. */
  maxLoanToValue: { resident: 80, abroad: 70 },
  /** The longest term banks usually offer, years. */
  maxYears: { resident: 30, abroad: 25 },
  /** The form's starting values. */
  defaultYears: 25,
  defaultRate: 3.5,
};
