import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { WithdrawFormValues } from './withdraw-form-schema';

/**
 * A withdrawal being prepared, kept between its steps (spec §3: withdrawalDetails): the form
 * is put here when the server sends the user to verify their BVN, and filled in again from
 * here when they come back, so nothing has to be typed twice.
 */
export type WithdrawalDetails = WithdrawFormValues;

interface WithdrawalState {
  withdrawalDetails: WithdrawalDetails | null;
}

const initialState: WithdrawalState = { withdrawalDetails: null };

export const withdrawalSlice = createSlice({
  name: 'withdrawal',
  initialState,
  reducers: {
    setWithdrawalDetails(state, action: PayloadAction<WithdrawalDetails | null>) {
      state.withdrawalDetails = action.payload;
    },
  },
});

export const { setWithdrawalDetails } = withdrawalSlice.actions;
