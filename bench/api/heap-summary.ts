/**
 * Sums up a V8 heap snapshot (`npm run bench:api -- --heap-snapshot FILE`): the objects' own
 * sizes by kind and constructor, biggest first, so a memory figure says what holds it.
 *
 *   node --import tsx bench/api/heap-summary.ts FILE [rows]
 */
import { readFileSync } from 'node:fs';

interface HeapSnapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

const MEGABYTE = 1024 * 1024;

function summarise(file: string, rows: number): string {
  const heap = JSON.parse(readFileSync(file, 'utf8')) as HeapSnapshot;
  const fields = heap.snapshot.meta.node_fields;
  const kinds = heap.snapshot.meta.node_types[0];
  const width = fields.length;
  const typeAt = fields.indexOf('type');
  const nameAt = fields.indexOf('name');
  const sizeAt = fields.indexOf('self_size');
  const totals = new Map<string, { bytes: number; count: number }>();
  let all = 0;
  for (let i = 0; i < heap.nodes.length; i += width) {
    const kind = kinds[heap.nodes[i + typeAt] ?? 0] ?? '?';
    const size = heap.nodes[i + sizeAt] ?? 0;
    // Strings and code are grouped by kind only: their "names" are their contents.
    const name =
      kind === 'object' || kind === 'closure' || kind === 'native'
        ? `${kind} ${heap.strings[heap.nodes[i + nameAt] ?? 0] ?? '?'}`
        : kind;
    const total = totals.get(name) ?? { bytes: 0, count: 0 };
    total.bytes += size;
    total.count += 1;
    totals.set(name, total);
    all += size;
  }
  const top = [...totals.entries()].sort((a, b) => b[1].bytes - a[1].bytes).slice(0, rows);
  const lines = top.map(
    ([name, { bytes, count }]) =>
      `${(bytes / MEGABYTE).toFixed(1).padStart(8)} MB ${String(count).padStart(9)}  ${name.slice(0, 90)}`,
  );
  return [`${(all / MEGABYTE).toFixed(1)} MB in ${file}`, ...lines].join('\n');
}

const [file, rows] = process.argv.slice(2);
if (file === undefined) throw new Error('usage: heap-summary.ts FILE [rows]');
console.log(summarise(file, Number(rows ?? 30)));
