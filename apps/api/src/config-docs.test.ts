import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_ROOT, CONFIG_VARIABLES } from './config';

const REPO_ROOT = path.resolve(API_ROOT, '../..');
const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');

/** The part of a markdown file from `heading` to the next heading of the same level. */
function section(markdown: string, heading: string): string {
  const level = /^#+/.exec(heading)?.[0] ?? '#';
  const start = markdown.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`no "${heading}" section`);
  const rest = markdown.slice(start + heading.length + 2);
  const end = rest.search(new RegExp(`^${level} `, 'm'));
  return end < 0 ? rest : rest.slice(0, end);
}

/** The variable names in the first cell of each table row (a cell may name two). */
function tableVariables(markdown: string): string[] {
  return markdown
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .flatMap((line) => [...(line.split('|')[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]+)`/g)])
    .map((match) => match[1] ?? '');
}

describe('the configuration docs', () => {
  const deployDoc = tableVariables(section(read('docs/deploy.md'), '## Environment variables'));
  const configurationDoc = tableVariables(section(read('docs/configuration.md'), '## Variables'));

  it('docs/deploy.md has a row for every variable config.ts reads, and none it does not', () => {
    expect(new Set(deployDoc)).toEqual(new Set(CONFIG_VARIABLES));
  });

  it('docs/configuration.md has a row for every variable config.ts reads, and none it does not', () => {
    expect(new Set(configurationDoc)).toEqual(new Set(CONFIG_VARIABLES));
  });

  it('names each variable once in docs/deploy.md', () => {
    expect(deployDoc).toHaveLength(new Set(deployDoc).size);
  });
});
