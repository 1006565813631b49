// Writes the API's OpenAPI document to a file without a running server or a database
// (`npm run contract`): the apps' builds and the generated client (packages/client) read it.
// `tsx src/openapi-file.ts <path>`; the document is exactly what /api/docs/json serves.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import type { JobQueue } from './adapters/jobs/jobs';
import { loadConfig } from './config';
import { connectDatabase } from './db/client';

const target = path.resolve(process.argv[2] ?? 'apps/api/dist/openapi.json');

/** Describing the routes runs no job: anything but start and stop would be a mistake here. */
const noJobs = (): JobQueue => {
  const refuse = () => {
    throw new Error('the document build runs no jobs');
  };
  return {
    start: () => Promise.resolve(),
    stop: () => Promise.resolve(),
    send: refuse,
    sendStatement: refuse,
    startRelay: refuse,
    relayOutbox: refuse,
    work: refuse,
    schedule: refuse,
    readQueueCounts: refuse,
  };
};

// The defaults of a fresh clone, whatever this shell's environment says: the same document on
// every machine. The pool never connects (nothing queries while routes are only described).
const config = loadConfig({ NODE_ENV: 'development', API_DOCS: 'off' });
const database = connectDatabase('postgres://document-only@127.0.0.1:1/none', 1);
const app = await buildApp({ config, db: database.db, jobs: noJobs() });
await app.ready();
const document = JSON.stringify(app.swagger(), null, 2);
await app.close();
await database.close();

// Written whole, then renamed: a reader never sees half a document.
mkdirSync(path.dirname(target), { recursive: true });
writeFileSync(`${target}.tmp`, `${document}\n`);
renameSync(`${target}.tmp`, target);
console.log(`OpenAPI document: ${path.relative(process.cwd(), target)}`);
