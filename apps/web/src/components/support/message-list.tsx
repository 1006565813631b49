import { formatLagosDateTime } from '../../lib/format-date';

/** A message as both sides show it (the seller's payload says "Karta team" for staff). */
export interface ShownMessage {
  id: string;
  from: 'seller' | 'karta';
  author: string;
  body: string;
  photos: { url: string; width: number; height: number }[];
  created_at: string;
}

/**
 * A conversation's messages, oldest at the top like any chat. `mine` is the side reading it:
 * their own messages sit on the right in brand green, the other side's on the left in white.
 */
export function MessageList({
  messages,
  mine,
  label = 'Messages',
}: {
  messages: ShownMessage[];
  mine: ShownMessage['from'];
  label?: string;
}) {
  return (
    <ol aria-label={label} className="flex flex-col gap-3">
      {messages.map((message) => {
        const isMine = message.from === mine;
        return (
          <li
            key={message.id}
            className={`flex max-w-[85%] flex-col gap-1 rounded-[12px] px-3 py-2 ${
              isMine
                ? 'self-end bg-brand text-white'
                : 'self-start border border-line bg-white text-ink'
            }`}
          >
            <p className={`text-xs font-semibold ${isMine ? 'text-white' : 'text-slate'}`}>
              {message.author} ·{' '}
              <time dateTime={message.created_at}>{formatLagosDateTime(message.created_at)}</time>
            </p>
            {message.body && <p className="break-words whitespace-pre-wrap">{message.body}</p>}
            {message.photos.length > 0 && (
              <ul aria-label="Photos" className="flex flex-wrap gap-2">
                {message.photos.map((photo, index) => (
                  <li key={photo.url}>
                    <a href={photo.url} target="_blank" rel="noreferrer noopener">
                      <img
                        src={photo.url}
                        alt={`Photo ${String(index + 1)} from ${message.author}`}
                        width={photo.width}
                        height={photo.height}
                        loading="lazy"
                        className="h-24 w-24 rounded-[8px] bg-mist object-cover"
                      />
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ol>
  );
}
