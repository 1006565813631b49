// The web layers rule, on imports written as the app writes them (relative specifiers).
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, it } from 'vitest';
import plugin from './web-layers.mjs';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.afterAll = afterAll;

const src = '/karta/apps/web/src';
const options = [{ srcDir: src }];
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });
const at = (file, code, extra = {}) => ({ filename: `${src}/${file}`, code, options, ...extra });
/** A case in TypeScript's own syntax: a type written `import('…').T`. */
const typed = { languageOptions: { parser: tseslint.parser } };

tester.run('web-layers/layers', plugin.rules.layers, {
  valid: [
    at(
      'features/trades/components/trade-page.tsx',
      "import { Button } from '../../../components/ui/button';",
    ),
    at('features/trades/components/trade-page.tsx', "import { tradeApi } from '../api';"),
    at('features/trades/api.ts', "import { baseApi } from '../../lib/base-api';"),
    at(
      'components/bank-account/bank-select.tsx',
      "import { useGetBanksQuery } from '../../lib/bank-api';",
    ),
    at('app/routes.tsx', "const page = () => import('../features/trades/components/trade-page');"),
    at(
      'app/layouts/dashboard-modals.tsx',
      "import { SignOutModal } from '../../features/account/components/sign-out-modal';",
    ),
    at('main.tsx', "import { makeStore } from './app/store';"),
    // A test renders the real app: app/ and testing/ are within its reach.
    at('lib/upload-with-progress.test.ts', "import { makeStore } from '../app/store';"),
    at(
      'features/trades/components/trade-page.test.tsx',
      "import { renderApp } from '../../../testing/render';",
    ),
    at('app/store.ts', "type Refresh = import('../features/auth/refresh-session').Refresh;", typed),
    // Packages are not layers of this app.
    at('lib/base-api.ts', "import { createApi } from '@reduxjs/toolkit/query/react';"),
  ],
  invalid: [
    // A type written `import('…').T` is a dependency like any other.
    {
      ...at(
        'features/wallet/components/wallet-card.tsx',
        "type Auth = import('../../auth/auth-slice').AuthState;",
        typed,
      ),
      errors: [{ messageId: 'crossFeature' }],
    },
    {
      ...at('lib/base-api.ts', "type Root = import('../app/store').RootState;", typed),
      errors: [{ messageId: 'sharedUp' }],
    },
    {
      ...at(
        'features/rewards/components/referral-list.tsx',
        "type Store = import('../../../app/store').AppStore;",
        typed,
      ),
      errors: [{ messageId: 'featureUp' }],
    },
    {
      ...at(
        'features/withdrawals/components/withdraw-flow.tsx',
        "import { ChangePinModal } from '../../account/components/change-pin-modal';",
      ),
      errors: [{ messageId: 'crossFeature' }],
    },
    {
      ...at(
        'features/wallet/components/wallet-card.tsx',
        "export { selectUser } from '../../auth/auth-slice';",
      ),
      errors: [{ messageId: 'crossFeature' }],
    },
    {
      ...at(
        'features/rewards/components/referral-list.tsx',
        "import { useAppSelector } from '../../../app/hooks';",
      ),
      errors: [{ messageId: 'featureUp' }],
    },
    {
      ...at(
        'lib/base-api.ts',
        "import { refreshSession } from '../features/auth/refresh-session';",
      ),
      errors: [{ messageId: 'sharedUp' }],
    },
    {
      ...at(
        'components/layouts/site-header.tsx',
        "const menu = () => import('../../features/public/components/mobile-menu');",
      ),
      errors: [{ messageId: 'sharedUp' }],
    },
    {
      ...at('lib/base-api.ts', "import { rootReducer } from '../app/store';"),
      errors: [{ messageId: 'sharedUp' }],
    },
    {
      // Even a test in shared code may not lean on a feature: it would test the feature.
      ...at(
        'lib/upload-with-progress.test.ts',
        "import { refreshSession } from '../features/auth/refresh-session';",
      ),
      errors: [{ messageId: 'sharedUp' }],
    },
  ],
});
