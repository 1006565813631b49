import { readFileSync } from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { confirmedPerson } from './support/accounts';
import { E2E_ADMIN, REPO_ROOT } from './support/harness.mjs';
import { describe, expect, test } from './support/test';
import { signIn, signInToConsole } from './support/ui';

/** WCAG 2.1 A and AA and axe's best practices (heading order among them): none may be found. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * Every address the app has a page for, as the build lists them (dist/routes.json, which the
 * server's 404 reads too): a new page is scanned without being added here. Addresses with an
 * `:id` need a record and are left out.
 */
const ADDRESSES = (
  JSON.parse(readFileSync(path.join(REPO_ROOT, 'apps/web/dist/routes.json'), 'utf8')) as string[]
).filter((address) => !address.includes(':'));
const isUnder = (prefix: string) => (address: string) =>
  address === prefix || address.startsWith(`${prefix}/`);
const SELLER = ADDRESSES.filter(isUnder('/dashboard'));
const CONSOLE = ADDRESSES.filter(isUnder('/console'));
const SIGNED_OUT = [
  ...ADDRESSES.filter((address) => !SELLER.includes(address) && !CONSOLE.includes(address)),
  '/no/such/page',
];

/** The page at `path` once its heading and its data are in, as axe-core finds it. */
async function violationsAt(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await expect.poll(() => page.locator('[aria-busy="true"]').count(), { timeout: 10_000 }).toBe(0);
  // Colours are read as painted: a pre-rendered page's controls change colour as it hydrates,
  // and a transition caught half-way is a contrast no one sees for long.
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => !(animation instanceof CSSTransition)),
  );
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  // The rule, where, and axe's own words on the first place (colours and ratio for contrast).
  return violations.map(
    (violation) =>
      `${path}: ${violation.id} (${violation.impact ?? 'n/a'}) at ${violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(' '))
        .join(
          ', ',
        )}: ${violation.nodes[0]?.failureSummary ?? ''} ${violation.nodes[0]?.html ?? ''}`,
  );
}

async function scan(page: Page, paths: string[]) {
  const found: string[] = [];
  for (const path of paths) found.push(...(await violationsAt(page, path)));
  expect(found).toEqual([]);
}

/** Each test scans every page of a kind, so its time grows with the app: more than one test's 60 s. */
const SCAN_TIMEOUT_MS = 180_000;

describe('accessibility (axe-core, WCAG 2.1 AA)', () => {
  test(
    'every page a visitor can open has no violation',
    async ({ page }) => {
      await scan(page, SIGNED_OUT);
    },
    SCAN_TIMEOUT_MS,
  );

  test(
    'every dashboard page has no violation, on a phone too',
    async ({ page, baseUrl }) => {
      const seller = await confirmedPerson(baseUrl);
      await signIn(page, seller.email, seller.password);
      await scan(page, SELLER);
      await page.setViewportSize({ width: 360, height: 740 });
      await scan(page, ['/dashboard/overview/recent-transactions/trade-history']);
    },
    SCAN_TIMEOUT_MS,
  );

  test(
    'every console screen has no violation, on an operator’s phone (390 px) too',
    async ({ page }) => {
      await signInToConsole(page, '/console', E2E_ADMIN);
      await scan(page, CONSOLE);
      await page.setViewportSize({ width: 390, height: 844 });
      await scan(page, CONSOLE);
    },
    SCAN_TIMEOUT_MS * 2,
  );

  test(
    'the rate sheet with pasted lines it could not use has no violation',
    async ({ page }) => {
      await signInToConsole(page, '/console/rates', E2E_ADMIN);
      await page.getByRole('button', { name: 'Paste a rate sheet', exact: true }).click();
      await page.getByLabel('Rows from your spreadsheet').fill('Nowhere / Nothing\t1000');
      await page.getByRole('button', { name: 'Fill the draft', exact: true }).click();
      await page.getByRole('heading', { name: '1 pasted line was not used' }).waitFor();
      const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
      expect(
        violations.map((violation) => `${violation.id}: ${violation.nodes[0]?.html ?? ''}`),
      ).toEqual([]);
    },
    SCAN_TIMEOUT_MS,
  );
});
