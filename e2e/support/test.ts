import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { inject, test as base, type TestContext } from 'vitest';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './harness.mjs';
import { thisApp } from './this-app';

/**
 * Runs one step of a flow and keeps a screenshot after it: of the test's `page`, or of `shown`
 * when the step happens in another browser (a second person's).
 */
export type Step = (name: string, action: () => Promise<unknown>, shown?: Page) => Promise<void>;

const DESKTOP = { width: 1280, height: 800 };
/** Waits for one element or one navigation; the app answers in well under a second. */
const ACTION_TIMEOUT_MS = 15_000;

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);

/**
 * Screenshots of each step into a temporary folder, kept only when the test fails (or with
 * E2E_KEEP_SHOTS set); the folder's path (and what the page logged as errors) is added to the
 * failure message.
 */
function recordSteps(page: Page, task: TestContext['task']) {
  const folder = mkdtempSync(path.join(os.tmpdir(), `karta-e2e-shots-${slug(task.name)}-`));
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') pageErrors.push(message.text());
  });
  // Where the page went, and when: a failure that ends somewhere unexpected (the sign-in page)
  // shows the moment it got there, against the steps' own times.
  const started = Date.now();
  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame()) return;
    visited.push(`${((Date.now() - started) / 1000).toFixed(1)} s ${frame.url()}`);
  });
  const answers: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400 && response.url().includes('/api/')) {
      const at = ((Date.now() - started) / 1000).toFixed(1);
      answers.push(
        `${at} s ${String(response.status())} ${response.request().method()} ${response.url()}`,
      );
    }
  });
  let count = 0;
  const shoot = async (name: string, shown = page) => {
    count += 1;
    const file = path.join(folder, `${String(count).padStart(2, '0')}-${slug(name)}.png`);
    // A closed or crashed page has nothing to show; the test's own error says why.
    await shown.screenshot({ path: file, fullPage: true, timeout: 5_000 }).catch(() => undefined);
  };
  const step: Step = async (name, action, shown) => {
    try {
      await action();
    } catch (error) {
      await shoot(`${name} failed`, shown);
      if (error instanceof Error) error.message = `Step "${name}": ${error.message}`;
      throw error;
    }
    await shoot(name, shown);
  };
  const finish = async () => {
    if (task.result?.state !== 'fail') {
      // E2E_KEEP_SHOTS=1 keeps a passing test's screenshots too, to look at the screens.
      if (inject('keepShots')) console.info(`screenshots: ${folder}`);
      else rmSync(folder, { recursive: true, force: true });
      return;
    }
    await shoot(`at failure ${page.url()}`);
    const logged = [
      pageErrors.length ? `\nPage errors:\n  ${pageErrors.join('\n  ')}` : '',
      answers.length ? `\nAPI answers of 400 or more:\n  ${answers.join('\n  ')}` : '',
      `\nPages, from the test's start:\n  ${visited.slice(-12).join('\n  ')}`,
    ].join('');
    for (const error of task.result.errors ?? []) {
      error.message = `${error.message}\nScreenshots of each step: ${folder}${logged}`;
    }
    // Printed too: an attempt that a retry follows reports no error of its own.
    console.error(`"${task.name}" failed. Screenshots of each step: ${folder}${logged}`);
  };
  return { step, finish };
}

/** A page in a fresh browser context on the app, closed when the test ends. */
async function newPage(
  browser: Browser,
  baseUrl: string,
  onCleanup: (close: () => Promise<void>) => void,
) {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: DESKTOP });
  context.setDefaultTimeout(ACTION_TIMEOUT_MS);
  context.setDefaultNavigationTimeout(ACTION_TIMEOUT_MS);
  onCleanup(() => context.close());
  return context.newPage();
}

/**
 * Vitest's `test` with a Chromium per file and, per test, a fresh browser context on the app
 * started by the global setup (`page` opens at its base URL) and a `step` recorder.
 */
export const test = base
  // eslint-disable-next-line no-empty-pattern -- Vitest reads a fixture's dependencies from this pattern.
  .extend('browser', { scope: 'file' }, async ({}, { onCleanup }) => {
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
    onCleanup(() => browser.close());
    return browser;
  })
  .extend('baseUrl', { scope: 'file' }, () => thisApp().baseUrl)
  .extend('page', ({ browser, baseUrl }, { onCleanup }) => newPage(browser, baseUrl, onCleanup))
  /** A second browser of its own (cookies and storage apart), for a second person in a flow. */
  .extend('secondPage', ({ browser, baseUrl }, { onCleanup }) =>
    newPage(browser, baseUrl, onCleanup),
  )
  .extend('step', async ({ page, task }, { onCleanup }) => {
    const recorder = recordSteps(page, task);
    onCleanup(recorder.finish);
    return recorder.step;
  });

export { describe, expect } from 'vitest';
