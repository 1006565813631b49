/**
 * How many browser-test files run at once, each worker with an app of its own
 * (support/global-setup.ts). A file spends most of its time waiting on the page, the server and
 * the database (measured: under 0.7 of a core on average when they ran one at a time), so two
 * at once fill the two cores CI has. Read by the e2e project's config and its global setup.
 */
export const E2E_WORKERS = 2;
