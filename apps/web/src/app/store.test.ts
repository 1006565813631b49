import { createSlice, type Middleware } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import { loggedOut, setCredentials } from '../lib/session/auth-slice';
import { dynamicMiddleware, rootReducer } from '../lib/store/root-reducer';
import { makeToken, testUser } from '../testing/server';
import { makeStore } from './store';

/** A Redux Toolkit slice, as the lazily loaded features make theirs. */
const counterSlice = createSlice({
  name: 'storeTestCounter',
  initialState: { count: 0 },
  reducers: {
    added(state) {
      state.count += 1;
    },
  },
});

/**
 * The store every page carries is plain Redux (decision 076): what Redux Toolkit gave it, the
 * lazily loaded code (RTK Query, the calculator's and the withdrawal's slices) still finds.
 */
describe('the store', () => {
  it('keeps the action types and state of the createSlice it replaced', () => {
    const store = makeStore();
    expect(setCredentials.type).toBe('auth/setCredentials');
    store.dispatch(setCredentials({ user: testUser, token: makeToken() }));
    expect(store.getState().auth).toMatchObject({ isAuthenticated: true, user: testUser });
    expect(loggedOut.match(loggedOut())).toBe(true);
    store.dispatch(loggedOut());
    expect(store.getState().auth).toMatchObject({ token: '', isAuthenticated: false, user: null });
  });

  it('takes a Redux Toolkit slice injected later, with its initial state', () => {
    const store = makeStore();
    const injected = counterSlice.injectInto(rootReducer);
    store.dispatch(injected.actions.added());
    // The slice is not in RootState's type (no LazyLoadedSlices entry for a test's slice).
    const state = store.getState() as { storeTestCounter?: { count: number } };
    expect(injected.selectSlice(state)).toEqual({ count: 1 });
  });

  it('keeps the first reducer of a path unless told to override it', () => {
    const store = makeStore();
    const other = { reducerPath: 'trade', reducer: () => ({ giftCard: null, subCat: null }) };
    rootReducer.inject(other);
    store.dispatch({ type: 'trade/setTradeGiftCard', payload: { id: 'g1', name: 'Amazon' } });
    expect(store.getState().trade.giftCard).toEqual({ id: 'g1', name: 'Amazon' });
  });

  it('runs middleware added after it started, set up once per store', () => {
    const setUps: number[] = [];
    const seen: string[] = [];
    const watcher: Middleware = () => {
      setUps.push(1);
      return (next) => (action) => {
        seen.push((action as { type: string }).type);
        return next(action);
      };
    };
    const store = makeStore();
    dynamicMiddleware.addMiddleware(watcher, watcher);
    store.dispatch({ type: 'store-test/one' });
    store.dispatch({ type: 'store-test/two' });
    expect(setUps).toHaveLength(1);
    expect(seen.filter((type) => type.startsWith('store-test/'))).toEqual([
      'store-test/one',
      'store-test/two',
    ]);
  });

  it('tells subscribers of RTK Query’s batchable actions once, in the next frame', async () => {
    const store = makeStore();
    let heard = 0;
    store.subscribe(() => (heard += 1));
    const batchable = { type: 'store-test/batched', meta: { RTK_autoBatch: true } };
    store.dispatch(batchable);
    store.dispatch(batchable);
    expect(heard).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(heard).toBe(1);
    store.dispatch({ type: 'store-test/plain' });
    expect(heard).toBe(2);
  });
});
