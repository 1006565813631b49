import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { User } from '@karta/shared/schemas/users';

export interface VerifyData {
  email: string;
  password: string;
}

/**
 * What the device keeps of the signed-in user between visits (redux-persist, decision 053):
 * what the dashboard shows before the session is restored, or offline, when it cannot be. The
 * rest of the profile (e-mail, phone, birth date...) comes from the API with the session, and is
 * never written to disk.
 */
export type RememberedUser = Pick<User, 'id' | 'first_name' | 'referral_code'>;

export const rememberedOf = (user: User): RememberedUser => ({
  id: user.id,
  first_name: user.first_name,
  referral_code: user.referral_code,
});

/**
 * docs/product.md §3. `token` is undefined while the app is still finding out whether a session exists,
 * '' when signed out, and the access token otherwise. `user` is the full profile the API
 * answered (memory only); `remembered` is the part the device keeps.
 */
export interface AuthState {
  user: User | null;
  remembered: RememberedUser | null;
  token: string | undefined;
  isAuthenticated: boolean;
  verifyData: VerifyData | null;
}

export const initialAuthState: AuthState = {
  user: null,
  remembered: null,
  token: undefined,
  isAuthenticated: false,
  verifyData: null,
};

export const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    setCredentials(state, action: PayloadAction<{ user: User; token: string }>) {
      state.user = action.payload.user;
      state.remembered = rememberedOf(action.payload.user);
      state.token = action.payload.token;
      state.isAuthenticated = true;
    },
    /** Storing a user marks the session authenticated (docs/product.md §4). */
    setUser(state, action: PayloadAction<User>) {
      state.user = action.payload;
      state.remembered = rememberedOf(action.payload);
      state.isAuthenticated = true;
    },
    setVerifyData(state, action: PayloadAction<VerifyData | null>) {
      state.verifyData = action.payload;
    },
    /** No session could be found or restored: signed out, but not "logged out" by the user. */
    markSignedOut(state) {
      state.token = '';
      state.isAuthenticated = false;
      state.user = null;
      state.remembered = null;
    },
    loggedOut(state) {
      state.token = '';
      state.user = null;
      state.remembered = null;
      state.isAuthenticated = false;
    },
  },
});

export const { setCredentials, setUser, setVerifyData, markSignedOut, loggedOut } =
  authSlice.actions;

export const selectAuth = (state: { auth: AuthState }) => state.auth;
/** The full profile: only while a session is open (signed in, or restored). */
export const selectUser = (state: { auth: AuthState }) => state.auth.user;
/**
 * Who the dashboard is for: the session's user, or, opened offline before the session can be
 * restored, the one the device remembers (id, first name, referral code: decision 053).
 */
export const selectKnownUser = (state: { auth: AuthState }): RememberedUser | null =>
  state.auth.user ?? state.auth.remembered;
export const selectUserId = (state: { auth: AuthState }) => selectKnownUser(state)?.id ?? null;
export const selectToken = (state: { auth: AuthState }) => state.auth.token;
