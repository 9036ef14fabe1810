// /buying-costs in every section (issue 23): what a new-build home costs on
// top of its price in its region, and a mortgage's monthly payment, from the
// figures of src/shared/buying-costs-data.ts. A GET form whose answer is this
// page with the inputs in its address, so it works without JavaScript and a
// calculation can be shared; with JavaScript the figures follow the fields as
// they change. Property pages link here with a unit's price and region.
import type { FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { CHECKED_ON, COMMUNITIES, SOURCES } from '../../shared/buying-costs-data.ts';
import {
  buyingCosts,
  PRICE_LIMITS,
  RATE_LIMITS,
  readCostsQuery,
  YEARS_LIMITS,
  type CostLine,
  type CostsBreakdown,
  type CostsField,
  type CostsInput,
} from '../../shared/buying-costs.ts';
import { formatDay } from '../../shared/dates.ts';
import { formatCount, formatPrice } from '../../shared/format.ts';
import { t } from '../../shared/i18n.ts';
import { Meta } from '../components/Meta.tsx';
import { PageHeader } from '../components/Sections.tsx';
import { Link, useAddress } from '../components/Link.tsx';
import { useHref } from '../lib/section.tsx';

const ERRORS: Record<CostsField, () => string> = {
  price: () => t('buyingCosts.invalid.price', { min: formatCount(PRICE_LIMITS.min), max: formatCount(PRICE_LIMITS.max) }),
  community: () => t('buyingCosts.invalid.community'),
  deposit: () => t('buyingCosts.invalid.deposit'),
  years: () => t('buyingCosts.invalid.years', YEARS_LIMITS),
  rate: () => t('buyingCosts.invalid.rate', RATE_LIMITS),
};

/** The form's fields as a query string, without the empty ones. */
function queryOf(form: HTMLFormElement): URLSearchParams {
  const query = new URLSearchParams();
  for (const [name, value] of new FormData(form)) if (typeof value === 'string' && value.trim()) query.append(name, value.trim());
  return query;
}

export default function BuyingCostsPage() {
  const search = useSearch();
  const query = new URLSearchParams(search);
  const { input, invalid } = readCostsQuery(query);
  const costs = buyingCosts(input);
  const page = useHref('/buying-costs');
  const action = useAddress(page);
  const [, navigate] = useLocation();

  // Sent: the answer, errors included, as the server would give it.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    navigate(`${page}?${queryOf(event.currentTarget)}`);
  };
  // While the fields change, the figures follow those that can be read; an error waits for the form to be sent.
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const next = queryOf(event.currentTarget);
    if (!readCostsQuery(next).invalid.length) navigate(`${page}?${next}`, { replace: true });
  };

  return (
    <>
      <Meta title={t('buyingCosts.metaTitle')} description={t('buyingCosts.lead')} canonicalPath={page} />
      <PageHeader title={t('buyingCosts.title')} lead={t('buyingCosts.lead')} />
      <div className="container page costs">
        <form
          className="costs__form"
          method="get"
          action={action}
          onSubmit={onSubmit}
          onChange={onChange}
          aria-labelledby="costs-form-title"
          noValidate
        >
          <h2 id="costs-form-title" className="costs__title">
            {t('buyingCosts.formTitle')}
          </h2>
          <CostsFields query={query} input={input} invalid={invalid} />
          <button type="submit" className="button button--primary">
            {t('buyingCosts.submit')}
          </button>
        </form>
        <section className="costs__result" aria-labelledby="costs-result-title">
          <h2 id="costs-result-title" className="costs__title">
            {t('buyingCosts.resultTitle')}
          </h2>
          {costs ? <CostsTable costs={costs} input={input} /> : <p aria-live="polite">{t('buyingCosts.ask')}</p>}
          <CostsNotes />
        </section>
      </div>
    </>
  );
}

function FieldError({ field, invalid }: { field: CostsField; invalid: CostsField[] }) {
  return invalid.includes(field) ? (
    <p className="field__error" id={`costs-${field}-error`}>
      {ERRORS[field]()}
    </p>
  ) : null;
}

/** An input's attributes tying it to its error, when it has one. */
const errorProps = (field: CostsField, invalid: CostsField[]) =>
  invalid.includes(field) ? { 'aria-invalid': true, 'aria-describedby': `costs-${field}-error` } : {};

/** A field typed as a number: a price, a share, a term, a rate. */
function NumberField({
  field,
  label,
  value,
  invalid,
  whole,
}: {
  field: CostsField;
  label: string;
  value: string;
  invalid: CostsField[];
  whole?: boolean;
}) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={`costs-${field}`}>
        {label}
      </label>
      <input
        id={`costs-${field}`}
        name={field}
        className="field__input"
        inputMode={whole ? 'numeric' : 'decimal'}
        autoComplete="off"
        defaultValue={value}
        {...errorProps(field, invalid)}
      />
      <FieldError field={field} invalid={invalid} />
    </div>
  );
}

function CostsFields({ query, input, invalid }: { query: URLSearchParams; input: CostsInput; invalid: CostsField[] }) {
  return (
    <>
      <NumberField field="price" label={t('buyingCosts.price')} value={query.get('price') ?? ''} invalid={invalid} whole />
      <div className="field">
        <label className="field__label" htmlFor="costs-community">
          {t('buyingCosts.community')}
        </label>
        <select
          id="costs-community"
          name="community"
          className="field__input"
          defaultValue={input.community ?? ''}
          {...errorProps('community', invalid)}
        >
          <option value="">{t('buyingCosts.chooseCommunity')}</option>
          {COMMUNITIES.map((key) => (
            <option key={key} value={key}>
              {t(`buyingCosts.communities.${key}`)}
            </option>
          ))}
        </select>
        <FieldError field="community" invalid={invalid} />
      </div>
      <fieldset className="field costs__buyer">
        <legend className="field__label">{t('buyingCosts.buyer')}</legend>
        {(['abroad', 'resident'] as const).map((buyer) => (
          <label key={buyer} className="costs__choice">
            <input type="radio" name="buyer" value={buyer} defaultChecked={input.buyer === buyer} />
            {t(`buyingCosts.${buyer}`)}
          </label>
        ))}
      </fieldset>
      <label className="costs__choice costs__mortgage">
        <input type="checkbox" id="costs-mortgage" name="mortgage" value="1" defaultChecked={input.mortgage} />
        {t('buyingCosts.mortgage')}
      </label>
      {/* Shown while "With a mortgage" is ticked (costs.css, :has()): no script needed. */}
      <div className="costs__loan">
        <NumberField
          field="deposit"
          label={t('buyingCosts.deposit')}
          value={query.get('deposit') ?? String(input.deposit)}
          invalid={invalid}
        />
        <NumberField field="years" label={t('buyingCosts.years')} value={query.get('years') ?? String(input.years)} invalid={invalid} />
        <NumberField field="rate" label={t('buyingCosts.rate')} value={query.get('rate') ?? String(input.rate)} invalid={invalid} />
      </div>
    </>
  );
}

function lineLabel(line: CostLine, salesTax: CostsBreakdown['salesTax']): string {
  const rate = line.rate ?? 0;
  return line.key === 'salesTax' ? t(`buyingCosts.lines.${salesTax}`, { rate }) : t(`buyingCosts.lines.${line.key}`, { rate });
}

function CostsTable({ costs, input }: { costs: CostsBreakdown; input: CostsInput }) {
  const community = t(`buyingCosts.communities.${input.community!}`);
  const mortgage = costs.mortgage;
  const who = t(`buyingCosts.who.${input.buyer}`);
  return (
    <>
      <table className="costs__table">
        <caption>{t('buyingCosts.caption', { price: formatPrice(costs.price), community })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('buyingCosts.item')}</th>
            <th scope="col" className="costs__amount">
              {t('buyingCosts.amount')}
            </th>
          </tr>
        </thead>
        <tbody>
          {costs.lines.map((line) => (
            <tr key={line.key}>
              <th scope="row">{lineLabel(line, costs.salesTax)}</th>
              <td className="costs__amount">{formatPrice(line.amount)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('buyingCosts.total')}</th>
            <td className="costs__amount">{formatPrice(costs.total)}</td>
          </tr>
        </tfoot>
      </table>
      <p className="costs__share" aria-live="polite">
        {t('buyingCosts.share', { share: costs.share })}
      </p>
      {mortgage && (
        <>
          <h3 className="costs__subtitle">{t('buyingCosts.mortgageTitle')}</h3>
          <dl className="costs__mortgage-figures">
            <dt>{t('buyingCosts.loan')}</dt>
            <dd>{formatPrice(mortgage.loan)}</dd>
            <dt>{t('buyingCosts.ownMoney')}</dt>
            <dd>{formatPrice(mortgage.deposit)}</dd>
            <dt>{t('buyingCosts.monthly')}</dt>
            <dd>{t('buyingCosts.monthlyValue', { amount: formatPrice(mortgage.monthly), years: input.years, rate: input.rate })}</dd>
          </dl>
          {mortgage.overLimit && <p className="costs__warning">{t('buyingCosts.overLimit', { who, max: mortgage.maxLoanToValue })}</p>}
          {mortgage.overTerm && <p className="costs__warning">{t('buyingCosts.overTerm', { who, max: mortgage.maxYears })}</p>}
        </>
      )}
      <dl className="costs__cash">
        <dt>{t('buyingCosts.cash')}</dt>
        <dd>{formatPrice(costs.cash)}</dd>
      </dl>
      <p className="costs__note">{t('buyingCosts.cashNote')}</p>
    </>
  );
}

function CostsNotes() {
  const guide = useHref('/costs-and-taxes');
  const mortgages = useHref('/mortgages-for-non-residents');
  return (
    <div className="costs__notes">
      <p>{t('buyingCosts.estimate', { date: formatDay(CHECKED_ON) })}</p>
      <p>{t('buyingCosts.notCounted')}</p>
      <p>
        <Link href={guide}>{t('buyingCosts.guide')}</Link> · <Link href={mortgages}>{t('buyingCosts.mortgageGuide')}</Link>
      </p>
      <details>
        <summary>{t('buyingCosts.sources')}</summary>
        <ul>
          {SOURCES.map((source) => (
            <li key={source}>{source}</li>
          ))}
        </ul>
      </details>
    </div>
  );
}
