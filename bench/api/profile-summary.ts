/**
 * Summarises V8 CPU profiles written by `npm run bench:api -- --profile DIR` (profile.ts): the
 * share of the busy (non-idle) samples each group of code spent itself (zod/serialisation,
 * drizzle, pg driver, argon2, fastify, our code, Node's core, GC), and the top functions by self
 * time. `node --import tsx bench/api/profile-summary.ts DIR/*.cpuprofile`
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** First match wins: a file's group by where it lives. */
const GROUPS: [string, RegExp][] = [
  ['zod / serialisation', /node_modules\/(zod|fast-json-stringify|fastify-type-provider-zod|ajv)/],
  ['drizzle mapping', /node_modules\/drizzle-orm/],
  ['pg driver', /node_modules\/(pg|pg-protocol|pg-pool|pg-types|postgres-[a-z]+)\//],
  ['argon2', /node_modules\/(argon2|@node-rs\/argon2|hash-wasm)/],
  [
    'fastify',
    /node_modules\/(fastify|@fastify|find-my-way|avvio|light-my-request|pino|fast-[a-z-]+|secure-json-parse|abstract-logging)/,
  ],
  ['jwt / crypto libs', /node_modules\/(jose|fast-jwt|jsonwebtoken|@fastify\/jwt)/],
  ['our code (apps/api)', /apps\/api\/src/],
  ['our code (packages/shared)', /packages\/shared/],
  ['bench harness', /\/bench\//],
  ['other node_modules', /node_modules/],
  ['node core', /^node:|^internal\//],
];

function groupOf(node: ProfileNode): string {
  const { url, functionName } = node.callFrame;
  if (url === '') {
    if (functionName === '(idle)') return '(idle)';
    if (functionName === '(garbage collector)') return 'GC';
    if (functionName === '(program)') return 'V8 / native (program)';
    return 'native (no url)';
  }
  return GROUPS.find(([, pattern]) => pattern.test(url))?.[0] ?? 'node core';
}

const percent = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)}%`;

function summarise(file: string, top: number): string {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfByNode = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    selfByNode.set(id, (selfByNode.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const groups = new Map<string, number>();
  const functions = new Map<string, number>();
  let total = 0;
  let idle = 0;
  for (const [id, micros] of selfByNode) {
    const node = byId.get(id);
    if (!node) continue;
    total += micros;
    const group = groupOf(node);
    if (group === '(idle)') {
      idle += micros;
      continue;
    }
    groups.set(group, (groups.get(group) ?? 0) + micros);
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url
      ? `${url.replace(/^.*node_modules\//, '').replace(/^.*\/(apps|packages|bench)\//, '$1/')}:${lineNumber + 1}`
      : '';
    const key = `${functionName || '(anonymous)'} ${where}`.trim();
    functions.set(key, (functions.get(key) ?? 0) + micros);
  }
  const busy = total - idle;
  const lines = [
    `${path.basename(file)}: ${(total / 1e6).toFixed(1)} s sampled, ${percent(busy, total)} busy`,
    '  by group (share of busy time):',
    ...[...groups]
      .sort((a, b) => b[1] - a[1])
      .map(([group, micros]) => `    ${percent(micros, busy).padStart(6)}  ${group}`),
    `  top ${top} functions by self time (share of busy time):`,
    ...[...functions]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, micros]) => `    ${percent(micros, busy).padStart(6)}  ${name}`),
  ];
  return lines.join('\n');
}

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('usage: node --import tsx bench/api/profile-summary.ts FILE.cpuprofile…');
  // A command-line tool's usage error: exit code 2, as the shell's own tools use.
  process.exit(2);
}
console.log(files.map((file) => summarise(file, 15)).join('\n\n'));
