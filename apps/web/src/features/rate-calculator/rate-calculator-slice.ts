import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../lib/store/root-reducer';
import { cardValueKoboOf } from '../../lib/card-amount';

/** docs/product.md §3: catId, rate, amount, value and the chosen subcategory's name. */
interface RateCalculatorState {
  catId: string | null;
  rate: number | null;
  amount: number | null;
  value: number;
  selectedSubCatName: string;
}

const initialState: RateCalculatorState = {
  catId: null,
  rate: null,
  amount: null,
  value: 0,
  selectedSubCatName: '',
};

/**
 * Value = rate × amount, whenever both are present (docs/product.md §5), in naira. Worked out in whole
 * kobo by the API's rule (rate kobo × cents / 100, to the nearest kobo), so the value shown is
 * the one a trade of that amount records, cents included.
 */
const computeValue = (state: RateCalculatorState) =>
  state.rate !== null && state.amount !== null
    ? cardValueKoboOf(state.rate, state.amount) / 100
    : 0;

const rateCalculatorSlice = createSlice({
  name: 'rateCalculator',
  initialState,
  reducers: {
    /** Choosing a card clears amount, rate, value and the subcategory name (docs/product.md §2). */
    chooseCard(state, action: PayloadAction<string>) {
      state.catId = action.payload;
      state.amount = null;
      state.rate = null;
      state.value = 0;
      state.selectedSubCatName = '';
    },
    chooseSubcategory(state, action: PayloadAction<{ name: string; rate: number }>) {
      state.selectedSubCatName = action.payload.name;
      state.rate = action.payload.rate;
      state.value = computeValue(state);
    },
    setAmount(state, action: PayloadAction<number | null>) {
      state.amount = action.payload;
      state.value = computeValue(state);
    },
    /**
     * On mount: value, rate and amount reset (docs/product.md §2). The subcategory name goes too: without
     * its rate it would name a choice the screen no longer holds.
     */
    resetCalculation(state) {
      state.value = 0;
      state.rate = null;
      state.amount = null;
      state.selectedSubCatName = '';
    },
  },
});

export const { chooseCard, chooseSubcategory, setAmount, resetCalculation } =
  rateCalculatorSlice.actions;

declare module '../../lib/store/root-reducer' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- RTK's documented way to type a lazily injected slice
  export interface LazyLoadedSlices extends WithSlice<typeof rateCalculatorSlice> {}
}

/**
 * The slice joins the store with the calculator's code: the other public pages never carry it
 * (docs/decisions/014-react-runtime.md). Its selector gives the initial state until the first action.
 */
const injectedSlice = rateCalculatorSlice.injectInto(rootReducer);
export const selectRateCalculator = (state: Parameters<typeof injectedSlice.selectSlice>[0]) =>
  injectedSlice.selectSlice(state);
