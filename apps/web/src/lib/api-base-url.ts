/** Absolute, so the same code runs in the browser and under Node's fetch in tests. */
export const API_BASE = `${window.location.origin}/api/v1`;
