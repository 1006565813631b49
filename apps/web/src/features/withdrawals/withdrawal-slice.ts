import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../lib/store/root-reducer';
import type { WithdrawFormValues } from './withdraw-form-schema';

/**
 * A withdrawal being prepared, kept between its steps (docs/product.md §3: withdrawalDetails): the form
 * is put here when the server sends the user to verify their BVN, and filled in again from
 * here when they come back, so nothing has to be typed twice.
 */
type WithdrawalDetails = WithdrawFormValues;

interface WithdrawalState {
  withdrawalDetails: WithdrawalDetails | null;
}

const initialState: WithdrawalState = { withdrawalDetails: null };

const withdrawalSlice = createSlice({
  name: 'withdrawal',
  initialState,
  reducers: {
    setWithdrawalDetails(state, action: PayloadAction<WithdrawalDetails | null>) {
      state.withdrawalDetails = action.payload;
    },
  },
});

export const { setWithdrawalDetails } = withdrawalSlice.actions;

declare module '../../lib/store/root-reducer' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- RTK's documented way to type a lazily injected slice
  export interface LazyLoadedSlices extends WithSlice<typeof withdrawalSlice> {}
}

/** The draft joins the store with the withdraw page's code; no other page carries it. */
const injectedSlice = withdrawalSlice.injectInto(rootReducer);
export const selectWithdrawalDraft = (state: Parameters<typeof injectedSlice.selectSlice>[0]) =>
  injectedSlice.selectSlice(state).withdrawalDetails;
