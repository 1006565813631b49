import { combineReducers, type Reducer, type UnknownAction } from 'redux';

/** A slice as `combineSlices` takes it: where its state lives, and its reducer. */
interface Injectable {
  reducerPath: string;
  reducer: Reducer;
}

/**
 * Redux Toolkit's `combineSlices(...).inject`, on plain Redux: the root reducer of the slices
 * every page needs, which code loaded later (RTK Query's cache, the rate calculator, the
 * withdrawal draft, the persisted auth) extends with `inject`, or with a slice's
 * `injectInto(rootReducer)`, which calls it. Written here so the first download of a public page
 * does not carry Redux Toolkit (decision 076); the lazily loaded slices still use it.
 */
export function injectableReducer<State>(slices: Injectable[]) {
  const reducers: Record<string, Reducer> = Object.fromEntries(
    slices.map((slice) => [slice.reducerPath, slice.reducer]),
  );
  let combined = combineReducers(reducers);
  function rootReducer(state: State | undefined, action: UnknownAction): State {
    return combined(state as Record<string, unknown> | undefined, action) as State;
  }
  /** As RTK's: a second reducer for the same path is refused unless `overrideExisting`. */
  function inject(slice: Injectable, config: { overrideExisting?: boolean } = {}) {
    const current = reducers[slice.reducerPath];
    if (current === slice.reducer) return rootReducer;
    if (current && !config.overrideExisting) {
      if (import.meta.env.DEV) {
        console.error(`inject: ${slice.reducerPath} already has a reducer (overrideExisting?)`);
      }
      return rootReducer;
    }
    reducers[slice.reducerPath] = slice.reducer;
    combined = combineReducers({ ...reducers });
    return rootReducer;
  }
  return Object.assign(rootReducer, { inject });
}
