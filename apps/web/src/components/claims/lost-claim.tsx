/**
 * Said plainly, first, on any desk (decisions 072 and 078): this page no longer holds the item,
 * in the server's words from the heartbeat that found it taken over. Nothing while it holds it.
 * `spaced` puts room under it where the notice around it has none of its own.
 */
export function LostClaim({
  message,
  spaced = true,
}: {
  message: string | undefined;
  spaced?: boolean;
}) {
  if (!message) return null;
  return (
    <p role="alert" className={spaced ? 'mb-3 font-bold text-ink' : 'font-bold text-ink'}>
      {message}
    </p>
  );
}
