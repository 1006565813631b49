// The API's feature walls, on imports written as the code writes them (relative specifiers), in
// every shape a module can be named, from inside the features and from outside them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, it } from 'vitest';
import plugin from './api-feature-walls.mjs';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.afterAll = afterAll;

// The cycle check reads the features' imports from disk: a small tree of them, with one cycle
// (ledger ↔ wallet) and one one-way use (trades → accounts).
const repo = fs.mkdtempSync(path.join(os.tmpdir(), 'karta-walls-'));
const featuresDir = path.join(repo, 'apps/api/src/features');
const featureFiles = {
  'accounts/accounts.service.ts': 'export const findUser = () => undefined;',
  'accounts/accounts.repository.ts': 'export const selectUser = () => undefined;',
  'trades/trades.service.ts': "import { findUser } from '../accounts/accounts.service';",
  'ledger/ledger.service.ts': "import { balanceOf } from '../wallet/wallet.service';",
  'wallet/wallet.service.ts': "export { postMovements } from '../ledger/ledger.service';",
  'mail/mail-layout.ts': 'export const layout = () => undefined;',
};
for (const [file, code] of Object.entries(featureFiles)) {
  fs.mkdirSync(path.dirname(path.join(featuresDir, file)), { recursive: true });
  fs.writeFileSync(path.join(featuresDir, file), code);
}
afterAll(() => {
  fs.rmSync(repo, { recursive: true, force: true });
});

const options = [
  {
    featuresDir,
    publicModules: { 'mail/mail-layout': 'pure HTML' },
    wiringModules: { 'withdrawals/payout-worker': 'server.ts starts it' },
  },
];
const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' },
});
/** A file of the repository (a path from its root) and its code. */
const at = (file, code) => ({ filename: path.join(repo, file), code, options });
const feature = (file, code) => at(`apps/api/src/features/${file}`, code);
const refused = (messageId, testCase) => ({ ...testCase, errors: [{ messageId }] });

tester.run('api-walls/feature-walls', plugin.rules['feature-walls'], {
  valid: [
    feature('trades/trades.service.ts', "import { findUser } from '../accounts/accounts.service';"),
    feature('trades/trade-view.ts', "type User = import('../accounts/accounts.service').User;"),
    feature('trades/trade-mails.ts', "import { layout } from '../mail/mail-layout';"),
    feature('accounts/accounts.service.ts', "import { selectUser } from './accounts.repository';"),
    // A test may arrange another feature's data through its service, and is not in the graph.
    feature('ledger/ledger.test.ts', "import { balanceOf } from '../wallet/wallet.service';"),
    // From outside: services, routes and the named wiring.
    at('apps/api/src/app.ts', "import { tradeRoutes } from './features/trades/trades.routes';"),
    at('apps/api/src/server.ts', "import { start } from './features/withdrawals/payout-worker';"),
    at('apps/api/src/seed.ts', "import { findUser } from './features/accounts/accounts.service';"),
    at(
      'apps/api/test/accounts.ts',
      "type U = import('../src/features/accounts/accounts.service').User;",
    ),
  ],
  invalid: [
    // Inside: another feature's internals, in every shape.
    refused(
      'internal',
      feature(
        'trades/trades.service.ts',
        "import { selectUser } from '../accounts/accounts.repository';",
      ),
    ),
    refused(
      'internal',
      feature('trades/trade-view.ts', "type Row = import('../accounts/accounts.repository').Row;"),
    ),
    refused(
      'internal',
      feature(
        'trades/trade-view.ts',
        "import type { Row } from '../accounts/accounts.repository';",
      ),
    ),
    refused(
      'internal',
      feature(
        'trades/trade-view.ts',
        "export { selectUser } from '../accounts/accounts.repository';",
      ),
    ),
    refused(
      'internal',
      feature(
        'trades/trade-view.ts',
        "const load = () => import('../accounts/accounts.repository');",
      ),
    ),
    refused(
      'internal',
      feature('trades/trade-view.ts', "import repo = require('../accounts/accounts.repository');"),
    ),
    // A cycle between features, written as a value import or as a type.
    refused(
      'cycle',
      feature('ledger/ledger.service.ts', "import { balanceOf } from '../wallet/wallet.service';"),
    ),
    refused(
      'cycle',
      feature(
        'ledger/ledger-view.ts',
        "type Balance = import('../wallet/wallet.service').Balance;",
      ),
    ),
    refused(
      'cycle',
      feature('accounts/accounts.service.ts', "import { x } from '../trades/trades.service';"),
    ),
    // From outside the features: lib/, plugins/, the entry points, the test helpers, bench/, cluster/.
    refused(
      'outsideInternal',
      at(
        'apps/api/src/lib/users.ts',
        "import { selectUser } from '../features/accounts/accounts.repository';",
      ),
    ),
    refused(
      'outsideInternal',
      at(
        'apps/api/src/plugins/auth.ts',
        "type Row = import('../features/accounts/accounts.repository').Row;",
      ),
    ),
    refused(
      'outsideInternal',
      at(
        'apps/api/src/app.ts',
        "import { selectUser } from './features/accounts/accounts.repository';",
      ),
    ),
    refused(
      'outsideInternal',
      at(
        'apps/api/src/seed.ts',
        "import type { Row } from './features/accounts/accounts.repository';",
      ),
    ),
    refused(
      'outsideInternal',
      at(
        'apps/api/test/catalog.ts',
        "import { selectUser } from '../src/features/accounts/accounts.repository';",
      ),
    ),
    refused(
      'outsideInternal',
      at(
        'bench/api/books.ts',
        "import { readDays } from '../../apps/api/src/features/books/books.repository';",
      ),
    ),
    refused(
      'outsideInternal',
      at(
        'cluster/support/money.ts',
        "type Row = import('../../apps/api/src/features/ledger/ledger.repository').Row;",
      ),
    ),
  ],
});
