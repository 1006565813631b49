import type { UnknownAction } from 'redux';
import type { User } from '@karta/shared/schemas/users';
import { actionCreator } from '../store/action-creator';

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

export const setCredentials = actionCreator<{ user: User; token: string }>('auth/setCredentials');
/** Storing a user marks the session authenticated (docs/product.md §4). */
export const setUser = actionCreator<User>('auth/setUser');
export const setVerifyData = actionCreator<VerifyData | null>('auth/setVerifyData');
/** No session could be found or restored: signed out, but not "logged out" by the user. */
export const markSignedOut = actionCreator('auth/markSignedOut');
export const loggedOut = actionCreator('auth/loggedOut');

function authReducer(state: AuthState = initialAuthState, action: UnknownAction): AuthState {
  if (setCredentials.match(action)) {
    const { user, token } = action.payload;
    return { ...state, user, remembered: rememberedOf(user), token, isAuthenticated: true };
  }
  if (setUser.match(action)) {
    const user = action.payload;
    return { ...state, user, remembered: rememberedOf(user), isAuthenticated: true };
  }
  if (setVerifyData.match(action)) return { ...state, verifyData: action.payload };
  if (markSignedOut.match(action) || loggedOut.match(action)) {
    return { ...state, token: '', isAuthenticated: false, user: null, remembered: null };
  }
  return state;
}

/**
 * A plain reducer, not `createSlice`: this slice is in every page's first download, and Redux
 * Toolkit (with immer) is not (decision 076). The action types are the ones createSlice gave.
 */
export const authSlice = { name: 'auth', reducerPath: 'auth', reducer: authReducer } as const;

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
