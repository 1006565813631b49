import type { PayloadAction, PayloadActionCreator } from '@reduxjs/toolkit';

/**
 * Redux Toolkit's `createAction` for the slices every page carries (auth, trade): the same
 * `type`, `match` and call as `createSlice`'s action creators, without importing
 * `@reduxjs/toolkit`, whose module (with immer and reselect, about 10 kB gzip) would then be in
 * every public page's first download (decision 076). The type import is erased at build.
 */
export function actionCreator<P = void, T extends string = string>(
  type: T,
): PayloadActionCreator<P, T> {
  const create = (payload: P) => ({ type, payload });
  const match = (action: unknown): action is PayloadAction<P, T> =>
    typeof action === 'object' && action !== null && 'type' in action && action.type === type;
  return Object.assign(create, {
    type,
    match,
    toString: () => type,
  }) as unknown as PayloadActionCreator<P, T>;
}
