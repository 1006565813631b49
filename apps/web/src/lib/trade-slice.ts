import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface SelectedGiftCard {
  id: string;
  name: string;
}
export interface SelectedSubcategory {
  id: string;
  name: string;
  rate: number;
}

/** The card a user is selling, chosen in the calculator or the trade screen (docs/product.md §3). */
interface TradeState {
  giftCard: SelectedGiftCard | null;
  subCat: SelectedSubcategory | null;
}

const initialState: TradeState = { giftCard: null, subCat: null };

export const tradeSlice = createSlice({
  name: 'trade',
  initialState,
  reducers: {
    setTradeGiftCard(state, action: PayloadAction<SelectedGiftCard | null>) {
      state.giftCard = action.payload;
      state.subCat = null;
    },
    setTradeSubcategory(state, action: PayloadAction<SelectedSubcategory | null>) {
      state.subCat = action.payload;
    },
  },
});

export const { setTradeGiftCard, setTradeSubcategory } = tradeSlice.actions;
