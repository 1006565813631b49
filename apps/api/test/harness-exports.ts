/**
 * The API as the harnesses outside it use it: bench/, cluster/ and e2e/ import this module (as
 * `@karta/api/harness`, the package's one export) and nothing else of the API, so its files can
 * move and change behind this list (eslint-rules/api-layers.mjs refuses any other way in). Each
 * name is here because one of them needs it; add one when a harness needs another.
 */

// Building, configuring and starting the API and its database.
export { buildApp } from '../src/app';
export { loadConfig } from '../src/config';
export { connectDatabase, type Database, type DatabaseHandle } from '../src/db/client';
export { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/db/embedded';
export { applyMigrations } from '../src/db/migrate';
export { postgresOwner } from '../src/db/postgres-binaries';
export { systemClock } from '../src/lib/clock';

// Data as the app makes it: the demo seller and catalog, hashed secrets, ledger movements.
export { DEMO_USER, seedDemoData } from '../src/seed';
export { seedCatalog } from '../src/features/catalog/catalog-seed';
export { hashSecret, verifySecret } from '../src/lib/passwords';
export { nubanCheckDigit } from '../src/adapters/payouts/nuban';
export { postMovements, type LedgerMovement } from '../src/features/ledger/ledger.service';
export { getBooks } from '../src/features/books/books.service';
export { findLedgerProblems } from '../src/features/ledger/ledger-checks.service';
export { publishEvent } from '../src/features/events/events.service';

// The API suite's own helpers, shared with the harnesses so both check the same way.
export { findFreePort } from './free-port';
export { expectLedgerConsistent } from './ledger';
export { cardPhoto, multipart } from './trades';
export { startS3Emulator } from './s3-emulator';
export { codesInMail, SensitiveValues } from './log-leaks';
export { openJobInspector, type JobInspector } from './job-queue';
export { openEventStream } from './event-stream-client';
