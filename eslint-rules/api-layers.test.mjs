// The API's layers rule, on imports written as the code writes them (relative specifiers), in
// every shape a module can be named: import, import type, export … from, import(), the type
// `import('…').T` and `import x = require('…')`.
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, it } from 'vitest';
import plugin from './api-layers.mjs';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.afterAll = afterAll;

const repo = '/karta';
const options = [{ apiDir: `${repo}/apps/api`, harnessModule: '@karta/api/harness' }];
const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' },
});
/** A file of the repository (a path from its root) and its code. */
const at = (file, code) => ({ filename: `${repo}/${file}`, code, options });
const src = (file, code) => at(`apps/api/src/${file}`, code);
const refused = (messageId, testCase) => ({ ...testCase, errors: [{ messageId }] });

tester.run('api-layers/layers', plugin.rules.layers, {
  valid: [
    // Down, or within a layer.
    src('features/trades/trades.service.ts', "import { lockUser } from '../../lib/users';"),
    src(
      'features/trades/trades.service.ts',
      "import type { AppContext } from '../../app-context';",
    ),
    src(
      'features/accounts/user.routes.ts',
      "import { readAccessToken } from '../../plugins/auth';",
    ),
    src('plugins/auth.ts', "import { getAuthUser } from '../lib/auth-user';"),
    src('plugins/auth.ts', "type Context = import('../app-context').AppContext;"),
    src('app-context.ts', "import type { AccessTokens } from './lib/access-tokens';"),
    src('app-context.ts', "import type { Storage } from './adapters/storage/storage';"),
    src('app-context.ts', "import type { Config } from './config';"),
    src('lib/users.ts', "import type { Executor } from '../db/client';"),
    src('db/client.ts', "import { isConnectionError } from '../lib/pg-errors';"),
    src('config.ts', "import { S3_DEFAULTS } from './adapters/storage/s3';"),
    src('app.ts', "import { tradeRoutes } from './features/trades/trades.routes';"),
    src('app.ts', "import { authPlugin } from './plugins/auth';"),
    src('server.ts', "import { buildApp } from './app';"),
    // A test may reach any layer, and the API's test helpers.
    src(
      'lib/store-then-commit.test.ts',
      "import { createTestApp } from '../../test/create-test-app';",
    ),
    src('lib/route-access.test.ts', "import type { AppContext } from '../app-context';"),
    // The API's test code sits above every layer.
    at('apps/api/test/create-test-app.ts', "import { buildApp } from '../src/app';"),
    at('apps/api/test/security/fuzz-fixtures.ts', "import { seedCatalog } from '../catalog';"),
    // Outside the API: its harness module, and packages.
    at('bench/api/stack.ts', "import { buildApp } from '@karta/api/harness';"),
    at('cluster/cluster.cluster.ts', "type Db = import('@karta/api/harness').Database;"),
    at('e2e/support/log-scan.ts', "import { codesInMail } from '@karta/api/harness';"),
    at('bench/api/auth.ts', "import { MESSAGES } from '@karta/shared/messages';"),
    at('bench/api/auth.ts', "import { median } from './median';"),
  ],
  invalid: [
    // The five crossings a review found.
    refused('up', src('lib/actor.ts', "import { getAuthUser } from '../plugins/auth';")),
    refused('up', src('lib/route-access.ts', "import { getAuthUser } from '../plugins/auth';")),
    refused(
      'up',
      src('lib/store-then-commit.ts', "import type { AppContext } from '../app-context';"),
    ),
    refused(
      'up',
      src(
        'app-context.ts',
        "import type { AccessTokens } from './features/sessions/access-tokens';",
      ),
    ),
    refused(
      'up',
      src(
        'plugins/auth.ts',
        "import { authenticateAccessToken } from '../features/sessions/sessions.service';",
      ),
    ),
    // The same crossings in the other shapes a module is named.
    refused(
      'up',
      src('lib/store-then-commit.ts', "type Ctx = import('../app-context').AppContext;"),
    ),
    refused(
      'up',
      src('plugins/auth.ts', "type S = import('../features/sessions/sessions.service').Session;"),
    ),
    refused('up', src('lib/actor.ts', "export { getAuthUser } from '../plugins/auth';")),
    refused('up', src('lib/actor.ts', "const auth = () => import('../plugins/auth');")),
    refused('up', src('lib/actor.ts', "import auth = require('../plugins/auth');")),
    refused('up', src('db/client.ts', "declare module '../plugins/auth' { interface X {} }")),
    // Features sit below the entry points.
    refused(
      'up',
      src('features/trades/trades.service.ts', "import { buildApp } from '../../app';"),
    ),
    refused('up', src('lib/keys.ts', "import { loadRuntime } from '../runtime';")),
    // Production code never imports test code: it would ship in dist/.
    refused('testCode', src('lib/keys.ts', "import { findFreePort } from '../../test/free-port';")),
    refused('testCode', src('server.ts', "type T = import('../test/trades').TradeShot;")),
    // bench/, cluster/ and e2e/ reach the API only through its harness module.
    refused(
      'private',
      at('bench/api/stack.ts', "import { buildApp } from '../../apps/api/src/app';"),
    ),
    refused(
      'private',
      at('bench/api/books.ts', "type Db = import('../../apps/api/src/db/client').Database;"),
    ),
    refused(
      'private',
      at(
        'bench/api/books.ts',
        "import { readDays } from '../../apps/api/src/features/books/books.repository';",
      ),
    ),
    refused(
      'private',
      at(
        'cluster/cluster.cluster.ts',
        "import { expectLedgerConsistent } from '../apps/api/test/ledger';",
      ),
    ),
    refused(
      'private',
      at(
        'cluster/support/object-store.ts',
        "const s3 = () => import('../../apps/api/test/s3-emulator');",
      ),
    ),
    refused(
      'private',
      at('e2e/support/log-scan.ts', "import { codesInMail } from '../../apps/api/test/log-leaks';"),
    ),
    refused('private', at('bench/api/stack.ts', "import { buildApp } from '@karta/api/src/app';")),
  ],
});
