/** A tab of a console list: a status to filter by, or `all` for every status. */
export interface ListTab<T extends string> {
  value: T;
  label: string;
}

/** `?status=` as one of the tabs; anything unknown is the list's default tab. */
export const readTab = <T extends string>(
  tabs: readonly ListTab<T>[],
  value: string | null,
  fallback: T,
): T => tabs.find((tab) => tab.value === value)?.value ?? fallback;

export const labelOfTab = <T extends string>(tabs: readonly ListTab<T>[], value: T) =>
  tabs.find((tab) => tab.value === value)?.label ?? '';

/** What the API is asked for: every status is no status at all. */
export const statusOfTab = <T extends string>(tab: T | 'all'): T | undefined =>
  tab === 'all' ? undefined : tab;

/** `?page=` as a page number, 1 when missing or nonsense. */
export function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 1 ? page : 1;
}
