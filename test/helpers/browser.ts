// Headless Chromium for the end-to-end tests (puppeteer-core, the system
// browser). One browser per test file, closed when the file's tests end; each
// page records what a visitor's console would show (errors, warnings, page
// errors, failed requests) so a test can assert there was none.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { STEP_TIMEOUT_MS } from './wait.ts';

interface Teardown {
  teardown(fn: () => unknown): void;
}

export { STEP_TIMEOUT_MS, within } from './wait.ts';

export function chromiumPath(): string {
  return process.env.PUPPETEER_EXECUTABLE_PATH || '/usr/bin/chromium';
}

export async function launchBrowser(t: Teardown): Promise<Browser> {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-chromium-'));
  const browser = await puppeteer.launch({
    executablePath: chromiumPath(),
    headless: true,
    userDataDir,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-dev-shm-usage',
    ],
  });
  t.teardown(async () => {
    await browser.close().catch(() => {});
    fs.rmSync(userDataDir, { recursive: true, force: true });
  });
  return browser;
}

export interface Problems {
  /** console.error and console.warn messages, with their source address. */
  console: string[];
  /** Uncaught exceptions in the page. */
  pageErrors: string[];
  /** Requests that failed at the network level or answered 4xx/5xx. */
  failedRequests: string[];
  /** CSP violations reported by the page (see `watchCsp`). */
  csp: string[];
  /** Everything above, one list, for a single assertion. */
  all(): string[];
}

export interface NewPageOptions {
  width?: number;
  height?: number;
  /** Device pixels per CSS pixel (3 for a phone's screen); 1 by default. */
  deviceScaleFactor?: number;
  /** Responses with these statuses are expected (e.g. the 404 page itself). */
  allowStatus?: number[];
  /** Request addresses a test provokes failures on deliberately. */
  allowFailure?: (url: string) => boolean;
  /** false: a visitor with JavaScript disabled (the page's scripts are not loaded). */
  javaScript?: boolean;
}

/**
 * A fresh page in its own browser context (no shared cookies or storage),
 * recording every console error/warning, page error, failed request and CSP
 * violation. Closed at teardown.
 */
export async function newPage(t: Teardown, browser: Browser, options: NewPageOptions = {}): Promise<{ page: Page; problems: Problems }> {
  const context = await browser.createBrowserContext();
  t.teardown(() => context.close().catch(() => {}));
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_TIMEOUT_MS);
  page.setDefaultNavigationTimeout(STEP_TIMEOUT_MS);
  await page.setViewport({
    width: options.width ?? 1280,
    height: options.height ?? 800,
    deviceScaleFactor: options.deviceScaleFactor ?? 1,
  });
  if (options.javaScript === false) await page.setJavaScriptEnabled(false);

  const allowStatus = new Set(options.allowStatus ?? []);
  const allowFailure = options.allowFailure ?? (() => false);
  const problems: Problems = {
    console: [],
    pageErrors: [],
    failedRequests: [],
    csp: [],
    all() {
      return [...this.console, ...this.pageErrors, ...this.failedRequests, ...this.csp];
    },
  };

  page.on('console', (message) => {
    const type = message.type();
    if (type !== 'error' && type !== 'warn') return;
    const text = message.text();
    // A response with an error status is logged by Chromium as a console error;
    // it is recorded (or allowed) as a request below.
    if (text.startsWith('Failed to load resource:')) {
      if (allowFailure(message.location().url ?? '')) return;
      const status = Number(/status of (\d+)/.exec(text)?.[1]);
      if (allowStatus.has(status)) return;
    }
    if (/Content.Security.Policy/i.test(text)) return void problems.csp.push(text);
    const where = message.location().url;
    problems.console.push(`console.${type}: ${text}${where ? ` (${where})` : ''}`);
  });
  page.on('pageerror', (error) => {
    problems.pageErrors.push(`page error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  });
  page.on('requestfailed', (request) => {
    if (allowFailure(request.url())) return;
    // With JavaScript off, Chromium cancels the module scripts it will not run.
    if (options.javaScript === false && request.resourceType() === 'script') return;
    const reason = request.failure()?.errorText ?? 'failed';
    // Leaving a document cancels what it still loads (a prefetch, an image):
    // not a failure a visitor would notice.
    if (reason === 'net::ERR_ABORTED' && request.resourceType() !== 'document') return;
    problems.failedRequests.push(`${request.method()} ${request.url()}: ${reason}`);
  });
  page.on('response', (response) => {
    const status = response.status();
    if (status < 400 || allowStatus.has(status) || allowFailure(response.url())) return;
    problems.failedRequests.push(`${response.request().method()} ${response.url()}: HTTP ${status}`);
  });

  // tsx compiles test files with esbuild's keepNames, which wraps named inner
  // functions in __name(); code passed to page.evaluate needs it in the page.
  await page.evaluateOnNewDocument('globalThis.__name ??= (fn) => fn;');
  await watchCsp(page, problems);
  return { page, problems };
}

/** Records `securitypolicyviolation` events of every document the page loads. */
async function watchCsp(page: Page, problems: Problems): Promise<void> {
  await page.exposeFunction('__reportCspViolation', (line: string) => {
    problems.csp.push(line);
  });
  await page.evaluateOnNewDocument(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __reportCspViolation?: (line: string) => void }).__reportCspViolation;
      report?.(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
}

/** Scrolls the page to its foot half a screen at a time, so that its lazy pictures load, then waits for the network to be quiet. */
export async function scrollThrough(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  await page.waitForNetworkIdle({ idleTime: 300 });
}

/**
 * Resolves once React has hydrated the document: React marks the DOM nodes it
 * owns with `__reactFiber$…` properties, which server HTML never has. The header
 * is part of every layout, so it is the node to look at.
 */
export async function waitForHydration(page: Page, selector = 'header.site-header'): Promise<void> {
  await page.waitForFunction(
    (sel: string) => {
      const el = document.querySelector(sel);
      return !!el && Object.keys(el).some((k) => k.startsWith('__reactFiber$') || k.startsWith('__reactProps$'));
    },
    { timeout: STEP_TIMEOUT_MS },
    selector,
  );
}

/** The trimmed text of the first element matching `selector`, or null. */
export async function textOf(page: Page, selector: string): Promise<string | null> {
  return page.$eval(selector, (el) => (el.textContent ?? '').trim()).catch(() => null);
}
