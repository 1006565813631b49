import { MESSAGES } from '@karta/shared/messages';

interface ListState {
  isFetching: boolean;
  isError: boolean;
  isEmpty: boolean;
}

/** The line under a list: its error, Loading... while fetching, or its empty message. */
export function listMessage(
  { isFetching, isError, isEmpty }: ListState,
  errorText: string,
  emptyText: string,
): string | undefined {
  if (isError) return errorText;
  if (isFetching) return MESSAGES.LOADING;
  return isEmpty ? emptyText : undefined;
}
