import type { Middleware, WithSlice } from '@reduxjs/toolkit';
import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import { dynamicMiddleware, rootReducer } from './store/root-reducer';
import { loggedOut, selectKnownUser, type AuthState } from './session/auth-slice';
import { noteAnswer, noteUnreachable } from './offline/connection';
import { clearPersonalCaches, keepAnswerOffline } from './offline/service-worker';
import { SESSION_HEADER, sessionKeyFor } from './session/session-key';
import { API_BASE } from './api-base-url';
import { errorToastMiddleware } from './error-toasts';
import { getRefreshSession } from './store/store-extra';
import { isTwoFactorRequired } from './session/two-factor-required';
import { earlyRequestsStarted, takeEarlyAnswer } from './early-answers';

/** Raw token, no "Bearer" (docs/product.md §6); cookies on every call; the session's key (decision 053). */
const rawBaseQuery = fetchBaseQuery({
  baseUrl: API_BASE,
  credentials: 'include',
  // Notes when each answer was fetched (or saved, when the service worker answered offline).
  fetchFn: async (input) => {
    try {
      // The dashboard's HTML may have asked for this already (decision 074). Until its
      // session answer is in, a request (the wallet, asked for by the remembered user's id)
      // waits for it rather than going out without a token, being refused and sent again.
      const request = input instanceof Request ? input : undefined;
      if (request) await earlyRequestsStarted();
      const early = request && takeEarlyAnswer(request.method, request.url);
      const response = await (early ?? fetch(input));
      // An answer the session refresh carried (decision 077; made in the page, so it has no
      // address) passed no service worker: the worker is given it to keep for offline reading.
      if (request && early && !response.url) void keepAnswerOffline(request, response.clone());
      noteAnswer(response);
      return response;
    } catch (error) {
      // Not sent at all: offline (an aborted request is not).
      if (!(error instanceof DOMException && error.name === 'AbortError')) noteUnreachable();
      throw error;
    }
  },
  prepareHeaders: (headers, { getState }) => {
    const state = getState() as { auth: AuthState };
    const { token } = state.auth;
    if (token) headers.set('authorization', token);
    // The service worker serves a saved answer offline only to the session that saved it.
    const sessionKey = sessionKeyFor(selectKnownUser(state)?.id);
    if (sessionKey) headers.set(SESSION_HEADER, sessionKey);
    return headers;
  },
});

/**
 * docs/product.md §4: a call failing with 403 refreshes the session once and is retried once. Concurrent
 * 403s share one refresh, because a refresh token works only once (the server revokes a
 * session whose old token is shown again). A 403 `TWO_FACTOR_REQUIRED` is not the session
 * (decision 061): no refresh, the console leads to Security instead.
 */
const baseQueryWithReauth: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (
  args,
  api,
  extraOptions,
) => {
  const result = await rawBaseQuery(args, api, extraOptions);
  if (result.error?.status !== 403 || isTwoFactorRequired(result.error)) return result;
  const isRefreshed = await getRefreshSession(api.extra)(api.dispatch);
  return isRefreshed ? rawBaseQuery(args, api, extraOptions) : result;
};

/** One API for the whole app; each feature injects its endpoints (docs/ARCHITECTURE.md#the-web-app). */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: baseQueryWithReauth,
  tagTypes: [
    'CurrentUser',
    'Beneficiaries',
    'Trades',
    'Withdrawals',
    'Catalog',
    'Wallet',
    'Statement',
    'Referrals',
    'Sellers',
    'Notices',
    'RateAlerts',
    'RateChanges',
    'KycDocuments',
    'KycDesk',
    'Support',
    'SupportDesk',
    'SavedReplies',
  ],
  endpoints: () => ({}),
});

export interface Envelope<T> {
  status: 'success';
  message: string;
  data: T;
}
export interface SessionEnvelope<T> extends Envelope<T> {
  token: string;
}

declare module './store/root-reducer' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- RTK's documented way to type a lazily injected slice
  export interface LazyLoadedSlices extends WithSlice<typeof baseApi> {}
}

/**
 * A signed-out browser keeps nothing of the account in the API cache, nor in the service
 * worker's saved answers (decision 041).
 */
const resetCacheOnLogout: Middleware = (api) => (next) => (action) => {
  const result = next(action);
  if (loggedOut.match(action)) {
    api.dispatch(baseApi.util.resetApiState());
    void clearPersonalCaches();
  }
  return result;
};

// Joining the store happens once, when the first screen that talks to the API loads.
rootReducer.inject(baseApi);
dynamicMiddleware.addMiddleware(baseApi.middleware, errorToastMiddleware, resetCacheOnLogout);
