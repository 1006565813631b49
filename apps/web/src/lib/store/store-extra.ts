import type { Dispatch, ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { RootState } from './root-reducer';

type RefreshSession = (dispatch: Dispatch, options?: { isSilent?: boolean }) => Promise<boolean>;

/**
 * What app/store.ts hands every thunk and API call (redux-thunk's extra argument): the session
 * refresh belongs to the auth feature, and shared code (the base API, the upload helper) may
 * not import a feature, so app/ passes it down (decision 018).
 */
export interface StoreExtra {
  refreshSession: RefreshSession;
}

export type AppDispatch = ThunkDispatch<RootState, StoreExtra, UnknownAction>;

/** The refresh from a thunk's or a query's `extra`, typed. */
export const getRefreshSession = (extra: unknown) => (extra as StoreExtra).refreshSession;
