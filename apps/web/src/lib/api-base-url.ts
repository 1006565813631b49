/**
 * Absolute, so the same code runs in the browser and under Node's fetch in tests. (Empty when
 * pages are pre-rendered at build time, where nothing calls the API.)
 */
export const API_BASE = `${typeof window === 'undefined' ? '' : window.location.origin}/api/v1`;
