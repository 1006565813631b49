import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_ROOT } from './config';

/**
 * The repository explains itself: whatever its code, tests and docs cite is in it. No path to a
 * document kept outside it (the product contract and the architecture live in docs/), no number
 * of an outside issue tracker (a decision record says why instead), and every section, link and
 * decision they name exists.
 */
const REPO_ROOT = path.resolve(API_ROOT, '../..');

/** Files allowed a pattern below, each with its reason. */
const ALLOWED: Record<string, string> = {
  'apps/api/src/docs-references.test.ts': 'names the patterns it looks for',
};

/** What no tracked file may say, with what to write instead. */
const FORBIDDEN: { pattern: RegExp; instead: string }[] = [
  { pattern: /\.\.\/shared\b/, instead: 'the repository’s own page in docs/' },
  { pattern: /\bspec §\d*/, instead: 'docs/product.md §N' },
  { pattern: /\bDESIGN §\d*/, instead: 'a section of docs/ARCHITECTURE.md, by its anchor' },
  {
    pattern: /\b(?:spec|DESIGN|STYLE|BRAND)\.md\b/,
    instead: 'docs/product.md, docs/ARCHITECTURE.md or docs/brand.md',
  },
  { pattern: /\bissues? #?\d+/i, instead: 'the decision record that covers it, or words' },
];

const trackedFiles = execFileSync('git', ['ls-files', '-z'], { cwd: REPO_ROOT, encoding: 'utf8' })
  .split('\0')
  .filter((file) => file !== '' && existsSync(path.join(REPO_ROOT, file)));

/** Every tracked text file with its content (binary files, which hold a NUL byte, are left out). */
const textFiles = trackedFiles
  .map((file) => ({ file, text: readFileSync(path.join(REPO_ROOT, file), 'utf8') }))
  .filter(({ text }) => !text.includes('\0'));

const markdownFiles = textFiles.filter(({ file }) => file.endsWith('.md'));

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces as dashes. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

const anchorsOf = (markdown: string) =>
  new Set([...markdown.matchAll(/^#{1,6} (.+)$/gm)].map((match) => anchorOf(match[1] ?? '')));

const readRepoFile = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');

/** Where a citation leads: an existing file, and an existing heading when it names one. */
function problemWith(target: string, anchor: string | undefined): string | undefined {
  const full = path.join(REPO_ROOT, target);
  if (!existsSync(full)) return 'no such file';
  if (anchor === undefined || anchor === '' || !target.endsWith('.md')) return undefined;
  return anchorsOf(readRepoFile(target)).has(anchor) ? undefined : `no heading #${anchor}`;
}

/** `file:line` of each match of `pattern` in `text`. */
function linesOf(
  file: string,
  text: string,
  pattern: RegExp,
): { at: string; match: RegExpExecArray }[] {
  const global = new RegExp(
    pattern.source,
    pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`,
  );
  return [...text.matchAll(global)].map((match) => ({
    at: `${file}:${String(text.slice(0, match.index).split('\n').length)}`,
    match,
  }));
}

describe('the repository stands alone', () => {
  it('reads the tracked files', () => {
    expect(textFiles.length).toBeGreaterThan(500);
    expect(markdownFiles.map(({ file }) => file)).toContain('docs/product.md');
  });

  it('no tracked file cites a document outside it or an outside tracker’s issue number', () => {
    const found = textFiles
      .filter(({ file }) => ALLOWED[file] === undefined)
      .flatMap(({ file, text }) =>
        FORBIDDEN.flatMap(({ pattern, instead }) =>
          linesOf(file, text, pattern).map(
            ({ at, match }) => `${at}: "${match[0]}" (write ${instead})`,
          ),
        ),
      );
    expect(found.join('\n')).toBe('');
  });

  it('every docs/product.md § cited is a numbered section of it', () => {
    const sections = new Set(
      [...readRepoFile('docs/product.md').matchAll(/^## (\d+)\. /gm)].map((match) => match[1]),
    );
    const found = textFiles.flatMap(({ file, text }) =>
      linesOf(file, text, /product\.md §(\d+)/)
        .filter(({ match }) => !sections.has(match[1]))
        .map(({ at, match }) => `${at}: ${match[0]}`),
    );
    expect(found.join('\n')).toBe('');
  });

  it('every docs/…md#section cited in code and docs leads to a heading', () => {
    const found = textFiles.flatMap(({ file, text }) =>
      linesOf(file, text, /\bdocs\/([\w./-]+\.md)(?:#([\w-]+))?/).flatMap(({ at, match }) => {
        const problem = problemWith(`docs/${match[1] ?? ''}`, match[2]);
        return problem === undefined ? [] : [`${at}: ${match[0]}: ${problem}`];
      }),
    );
    expect(found.join('\n')).toBe('');
  });

  it('every relative link in a markdown file leads to a file (and a heading) in the repository', () => {
    const found = markdownFiles.flatMap(({ file, text }) =>
      linesOf(file, text, /\]\(([^)\s]+)\)/).flatMap(({ at, match }) => {
        const link = match[1] ?? '';
        if (/^[a-z]+:/i.test(link)) return [];
        const [target = '', anchor] = link.split('#');
        const resolved =
          target === ''
            ? file
            : path.posix.normalize(path.posix.join(path.posix.dirname(file), target));
        const problem = problemWith(resolved, anchor);
        return problem === undefined ? [] : [`${at}: ${link}: ${problem}`];
      }),
    );
    expect(found.join('\n')).toBe('');
  });

  it('every decision cited by number has its record in docs/decisions', () => {
    const records = new Set(
      trackedFiles.flatMap((file) => /^docs\/decisions\/(\d{3})-/.exec(file)?.[1] ?? []),
    );
    const found = textFiles.flatMap(({ file, text }) =>
      linesOf(file, text, /\bdecisions? (\d{3})\b/i)
        .filter(({ match }) => !records.has(match[1] ?? ''))
        .map(({ at, match }) => `${at}: ${match[0]}`),
    );
    expect(found.join('\n')).toBe('');
  });
});
