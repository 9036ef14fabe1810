// The developments a visitor picks to compare (issue 22): project ids kept in
// this browser (stored-ids.ts), in the order picked, at most COMPARE_MAX. It
// is what the visitor asked the site to hold, like a basket, so it needs no
// consent (docs/decisions/compare-developments.md); the comparison itself is
// its address, /compare?ids=…
import { COMPARE_MAX } from '../../shared/compare.ts';
import { storedIds } from './stored-ids.ts';

export const COMPARE_KEY = 'compare';
export const compareList = storedIds(COMPARE_KEY, COMPARE_MAX);
