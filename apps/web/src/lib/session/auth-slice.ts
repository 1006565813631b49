import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { User } from '@karta/shared/schemas/users';

export interface VerifyData {
  email: string;
  password: string;
}

/**
 * Spec §3. `token` is undefined while the app is still finding out whether a session exists,
 * '' when signed out, and the access token otherwise.
 */
export interface AuthState {
  user: User | null;
  token: string | undefined;
  isAuthenticated: boolean;
  verifyData: VerifyData | null;
}

export const initialAuthState: AuthState = {
  user: null,
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
      state.token = action.payload.token;
      state.isAuthenticated = true;
    },
    /** Storing a user marks the session authenticated (spec §4). */
    setUser(state, action: PayloadAction<User>) {
      state.user = action.payload;
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
    },
    loggedOut(state) {
      state.token = '';
      state.user = null;
      state.isAuthenticated = false;
    },
  },
});

export const { setCredentials, setUser, setVerifyData, markSignedOut, loggedOut } =
  authSlice.actions;

export const selectAuth = (state: { auth: AuthState }) => state.auth;
export const selectUser = (state: { auth: AuthState }) => state.auth.user;
export const selectToken = (state: { auth: AuthState }) => state.auth.token;
