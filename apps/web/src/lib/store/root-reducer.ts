import { authSlice, type AuthState } from '../session/auth-slice';
import { tradeSlice, type TradeState } from '../trade-slice';
import { createDynamicMiddleware } from './dynamic-middleware';
import { injectableReducer } from './injectable-reducer';

/**
 * Slices that join the store when their code loads (the API cache, with RTK Query; the rate
 * calculator's; the withdrawal draft). Public pages never call the API, so RTK Query stays out
 * of their first bundle (docs/ARCHITECTURE.md#the-web-app). The reducer lives in lib/ so that a feature can inject its
 * slice without importing app/ (the web layers, decision 018); app/store.ts builds the store on it.
 * Exported for those features' `declare module` augmentation, which knip does not count as a use.
 * @public
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- augmented by each lazily injected slice (RTK's documented way)
export interface LazyLoadedSlices {}

/**
 * The auth slice persists (docs/product.md §3), but only the user: app/persist-auth.ts wraps it with
 * redux-persist when the browser has a user to restore or to save (docs/decisions/014-react-runtime.md).
 */
export type RootState = { auth: AuthState; trade: TradeState } & Partial<LazyLoadedSlices>;

/** Plain Redux in RTK's shape (injectable-reducer.ts): Redux Toolkit is not in the entry (decision 076). */
export const rootReducer = injectableReducer<RootState>([authSlice, tradeSlice]);

/** Middleware that arrives with lazily loaded code (the API's). */
export const dynamicMiddleware = createDynamicMiddleware();
