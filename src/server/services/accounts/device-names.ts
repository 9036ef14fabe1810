// A session's device as the profile names it, from its login's User-Agent:
// "Chrome on Android", "Safari on iOS". The first pattern that matches wins,
// so the browsers built on Chrome come before it, and Chrome before Safari
// (every Chrome says Safari too).
import { t, type MessageKey } from '../../../shared/i18n.ts';

const BROWSERS: Array<[RegExp, MessageKey]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'account.devices.browsers.edge'],
  [/\bOPR\/|\bOpera\b/, 'account.devices.browsers.opera'],
  [/\bSamsungBrowser\//, 'account.devices.browsers.samsung'],
  [/\bFirefox\/|\bFxiOS\//, 'account.devices.browsers.firefox'],
  [/Chrom(?:e|ium)\/|\bCriOS\//, 'account.devices.browsers.chrome'],
  [/\bSafari\//, 'account.devices.browsers.safari'],
];

const SYSTEMS: Array<[RegExp, MessageKey]> = [
  [/\bAndroid\b/, 'account.devices.systems.android'],
  [/\biPhone\b|\biPad\b|\biPod\b/, 'account.devices.systems.ios'],
  [/\bCrOS\b/, 'account.devices.systems.chromeos'],
  [/\bWindows\b/, 'account.devices.systems.windows'],
  [/\bMacintosh\b|\bMac OS X\b/, 'account.devices.systems.macos'],
  [/\bLinux\b/, 'account.devices.systems.linux'],
];

const first = (patterns: Array<[RegExp, MessageKey]>, text: string) => patterns.find(([pattern]) => pattern.test(text))?.[1];

export function deviceName(userAgent: string | null): string {
  const browser = userAgent ? first(BROWSERS, userAgent) : undefined;
  const system = userAgent ? first(SYSTEMS, userAgent) : undefined;
  const browserName = browser && t(browser);
  const systemName = system && t(system);
  if (browserName && systemName) return t('account.devices.browserOn', { browser: browserName, system: systemName });
  if (browserName) return browserName;
  if (systemName) return t('account.devices.someBrowserOn', { system: systemName });
  return t('account.devices.unknown');
}
