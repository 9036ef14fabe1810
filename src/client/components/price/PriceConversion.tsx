// Beside a project's price, on request, its approximate amount in the visitor's
// currency (issue 24): a button ('In your currency') until a currency is chosen,
// then '≈ £ 136.000 (ECB rate of 26 Nov 2026)' with a choice of currency, 'Euros
// only' among them, which takes the conversion away. The first currency offered
// is the page language's (CURRENCY_OF_LANGUAGE); the choice holds for the
// visit and, with consent to functional storage, for later pages
// (currency-store.ts). Its code loads on first use, or once the page has
// hydrated when a currency was chosen (LazyPriceConversion.browser.tsx).
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Range } from '../../../shared/catalogue.ts';
import { currencyToShow, type ExchangeRates } from '../../../shared/currencies.ts';
import { currentLanguage, t } from '../../../shared/i18n.ts';
import { Converted, ratesDay } from './Converted.tsx';
import { useCurrencyChoice } from './currency-store.ts';

const CHOICE_ID = 'price-currency';

export function PriceConversion({ price, rates }: { price: Range; rates: ExchangeRates }) {
  const [chosen, choose] = useCurrencyChoice();
  const currency = chosen && rates.rates[chosen] ? chosen : null;
  // Where the focus goes once what the visitor pressed is replaced: the choice, or the button back.
  const [focusTo, setFocusTo] = useState<'choice' | 'button' | null>(null);
  const choice = useRef<HTMLSelectElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusTo) (focusTo === 'choice' ? choice : button).current?.focus();
  }, [focusTo, currency]);
  const names = useMemo(() => new Intl.DisplayNames([currentLanguage()], { type: 'currency' }), []);

  if (!currency)
    return (
      <p className="price-conversion">
        <button
          type="button"
          className="price-conversion__show"
          ref={button}
          onClick={() => {
            choose(currencyToShow(rates, null, currentLanguage()));
            setFocusTo('choice');
          }}
        >
          {t('currency.show')}
        </button>
      </p>
    );
  return (
    <div className="price-conversion">
      <p className="price-conversion__amount" aria-live="polite">
        <Converted eur={price} currency={currency} rate={rates.rates[currency]!} />{' '}
        <span className="price-conversion__source">({t('currency.rateOf', { date: ratesDay(rates.date) })})</span>
      </p>
      <label className="price-conversion__choice" htmlFor={CHOICE_ID}>
        {t('currency.label')}
      </label>
      <select
        id={CHOICE_ID}
        ref={choice}
        value={currency}
        onChange={(event) => {
          choose(event.target.value || null);
          setFocusTo(event.target.value ? 'choice' : 'button');
        }}
      >
        <option value="">{t('currency.eurosOnly')}</option>
        {Object.keys(rates.rates).map((code) => (
          <option key={code} value={code}>
            {`${code} – ${names.of(code) ?? code}`}
          </option>
        ))}
      </select>
    </div>
  );
}
