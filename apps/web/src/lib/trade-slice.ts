import type { UnknownAction } from 'redux';
import { actionCreator } from './store/action-creator';

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
export interface TradeState {
  giftCard: SelectedGiftCard | null;
  subCat: SelectedSubcategory | null;
}

const initialState: TradeState = { giftCard: null, subCat: null };

export const setTradeGiftCard = actionCreator<SelectedGiftCard | null>('trade/setTradeGiftCard');
export const setTradeSubcategory = actionCreator<SelectedSubcategory | null>(
  'trade/setTradeSubcategory',
);

function tradeReducer(state: TradeState = initialState, action: UnknownAction): TradeState {
  if (setTradeGiftCard.match(action)) return { giftCard: action.payload, subCat: null };
  if (setTradeSubcategory.match(action)) return { ...state, subCat: action.payload };
  return state;
}

/** A plain reducer, not `createSlice`, as the auth slice's (decision 076). */
export const tradeSlice = { reducerPath: 'trade', reducer: tradeReducer } as const;
