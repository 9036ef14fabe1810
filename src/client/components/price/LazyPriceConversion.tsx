// The conversion beside a project's price, rendered by the server as its
// button ('In your currency'; no currency is known there). The browser loads
// its code on first use, or as soon as the page has hydrated when the visitor
// chose a currency (LazyPriceConversion.browser.tsx, lib/island.tsx).
import { framed } from '../../lib/island-frame.tsx';
import { PriceConversion as Conversion } from './PriceConversion.tsx';

export const PriceConversion = framed(Conversion);
