// Lengths of time in milliseconds, for date arithmetic on either side.

export const DAY_MS = 24 * 60 * 60 * 1000;
