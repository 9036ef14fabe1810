// Lighthouse 13 on pages of a running site (node_modules/lighthouse, its
// command line, against the system Chromium), mobile defaults (simulated
// throttling), BENCH_LIGHTHOUSE_RUNS times per page (5), the pages taking
// turns round after round so that the machine's load falls on each alike: the
// medians of the category scores, TBT, LCP, CLS and FCP. Used by the client
// bench (the demo catalogue) and the photo pages bench (prepared photos).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromiumPath } from '../test/helpers/browser.ts';
import { median, textTable } from './table.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);
/** A bound on a busy shared machine: generous, never a measurement. */
const LIGHTHOUSE_LIMIT_MS = 180_000;

interface LighthouseRun {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  tbt: number;
  lcp: number;
  cls: number;
  fcp: number;
}

interface LighthouseReport {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number }>;
  runtimeError?: { message: string };
}

/** One Lighthouse run through its command line (a fresh Chromium each time, as the CLI does). */
export function lighthouse(url: string): Promise<LighthouseRun> {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-lh-')), 'report.json');
  const args = [
    path.join(ROOT, 'node_modules/lighthouse/cli/index.js'),
    url,
    '--quiet',
    '--output=json',
    `--output-path=${out}`,
    '--only-categories=performance,accessibility,best-practices,seo',
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage',
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      env: { ...process.env, CHROME_PATH: chromiumPath() },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
    const limit = setTimeout(() => child.kill('SIGKILL'), LIGHTHOUSE_LIMIT_MS);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(limit);
      try {
        if (code !== 0) throw new Error(`lighthouse exited with ${code}: ${stderr}`);
        const report = JSON.parse(fs.readFileSync(out, 'utf8')) as LighthouseReport;
        if (report.runtimeError) throw new Error(`lighthouse: ${report.runtimeError.message}`);
        const score = (name: string) => Math.round((report.categories[name]?.score ?? NaN) * 100);
        const value = (audit: string) => report.audits[audit]?.numericValue ?? NaN;
        resolve({
          performance: score('performance'),
          accessibility: score('accessibility'),
          bestPractices: score('best-practices'),
          seo: score('seo'),
          tbt: value('total-blocking-time'),
          lcp: value('largest-contentful-paint'),
          cls: value('cumulative-layout-shift'),
          fcp: value('first-contentful-paint'),
        });
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      } finally {
        fs.rmSync(path.dirname(out), { recursive: true, force: true });
      }
    });
  });
}

function lighthouseTable(rows: Array<{ name: string; runs: LighthouseRun[] }>): string {
  const header = ['page', 'runs', 'performance', '(range)', 'TBT ms', 'LCP ms', 'FCP ms', 'CLS', 'accessibility', 'best practices', 'SEO'];
  return textTable(
    header,
    rows.map(({ name, runs }) => {
      const m = (key: keyof LighthouseRun) => median(runs.map((r) => r[key]));
      const perf = runs.map((r) => r.performance);
      return [
        name,
        String(runs.length),
        String(m('performance')),
        `${Math.min(...perf)}–${Math.max(...perf)}`,
        m('tbt').toFixed(0),
        m('lcp').toFixed(0),
        m('fcp').toFixed(0),
        m('cls').toFixed(3),
        String(m('accessibility')),
        String(m('bestPractices')),
        String(m('seo')),
      ];
    }),
  );
}

function lighthouseVersion(): string {
  return (JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules/lighthouse/package.json'), 'utf8')) as { version: string }).version;
}

/** Each page LIGHTHOUSE_RUNS times, in rounds; the table of medians, under a line naming the version. */
export async function lighthouseMedians(base: string, pages: ReadonlyArray<{ name: string; path: string }>): Promise<string> {
  const rows: Array<{ name: string; runs: LighthouseRun[] }> = pages.map((p) => ({ name: `${p.name} ${p.path}`, runs: [] }));
  for (let round = 0; round < LIGHTHOUSE_RUNS; round++)
    for (const [i, p] of pages.entries()) {
      process.stdout.write(`# round ${round + 1}: ${p.name} …\n`);
      // Lighthouse sometimes loses a trace on a busy machine (NO_NAVSTART): once more, then the run is left out.
      const run = await lighthouse(base + p.path)
        .catch(() => lighthouse(base + p.path))
        .catch((error: unknown) => console.log(`# warning: ${p.name}, round ${round + 1} left out: ${String(error).split('\n')[0]}`));
      if (run) rows[i]!.runs.push(run);
    }
  return `# Lighthouse ${lighthouseVersion()}, mobile defaults (simulated throttling), ${LIGHTHOUSE_RUNS} runs a page, medians\n${lighthouseTable(rows)}`;
}
