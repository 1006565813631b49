import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** A withdrawal being prepared, kept between its steps (spec §3: withdrawalDetails). */
export interface WithdrawalDetails {
  amount: number | null;
  beneficiaryAccountId: string | null;
}

export interface WithdrawalState {
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
