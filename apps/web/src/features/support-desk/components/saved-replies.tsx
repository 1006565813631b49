import { useId, useState, type SubmitEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { TextArea } from '../../../components/ui/text-area';
import { TextInput } from '../../../components/ui/text-input';
import { getFieldErrors, markShownInPlace } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import {
  useCreateSavedReplyMutation,
  useDeleteSavedReplyMutation,
  useGetSavedRepliesQuery,
} from '../api';

const SELECT = 'min-h-11 w-full rounded-[12px] border border-line bg-white px-3 text-base text-ink';

/**
 * The operator's own saved replies: pick one to put its words in the reply box, save a new one,
 * or delete one. Small on purpose: a title and the words.
 */
export function SavedReplies({ onInsert }: { onInsert: (text: string) => void }) {
  const selectId = useId();
  const { data: replies = [] } = useGetSavedRepliesQuery();
  const [create, { isLoading: isSaving }] = useCreateSavedReplyMutation();
  const [remove] = useDeleteSavedReplyMutation();
  const [isManaging, setIsManaging] = useState(false);
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const save = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    try {
      await create({ title, body }).unwrap();
      setTitle('');
      setBody('');
      setErrors({});
      toast.success('Reply saved.');
    } catch (error) {
      const fieldErrors = getFieldErrors(error);
      setErrors(fieldErrors);
      if (Object.keys(fieldErrors).length > 0) markShownInPlace(error);
    }
  };

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-col gap-2">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={selectId} className="text-sm font-medium text-ink">
            Saved replies
          </label>
          <select
            id={selectId}
            className={SELECT}
            value=""
            onChange={(event) => {
              const chosen = replies.find((reply) => reply.id === event.target.value);
              if (chosen) onInsert(chosen.body);
            }}
          >
            <option value="">
              {replies.length ? 'Insert a saved reply…' : 'No saved replies yet'}
            </option>
            {replies.map((reply) => (
              <option key={reply.id} value={reply.id}>
                {reply.title}
              </option>
            ))}
          </select>
        </div>
        <Button
          type="button"
          variant="secondary"
          className="self-start"
          aria-expanded={isManaging}
          onClick={() => {
            setIsManaging((value) => !value);
          }}
        >
          {isManaging ? 'Close saved replies' : 'Manage saved replies'}
        </Button>
      </div>
      {isManaging && (
        <div className="flex flex-col gap-3 rounded-[12px] border border-line p-3">
          {replies.length > 0 && (
            <ul aria-label="Your saved replies" className="flex flex-col gap-2">
              {replies.map((reply) => (
                <li key={reply.id} className="flex items-start justify-between gap-2">
                  <span className="min-w-0 break-words">
                    <span className="font-semibold text-ink">{reply.title}</span>
                    <span className="block text-sm text-slate">{reply.body}</span>
                  </span>
                  <Button
                    type="button"
                    variant="secondary"
                    aria-label={`Delete saved reply ${reply.title}`}
                    onClick={() => void remove(reply.id)}
                  >
                    Delete
                  </Button>
                </li>
              ))}
            </ul>
          )}
          <form
            noValidate
            aria-label="New saved reply"
            className="flex flex-col gap-3"
            onSubmit={(event) => void save(event)}
          >
            <TextInput
              label="Title"
              value={title}
              error={errors.title}
              maxLength={80}
              onChange={(event) => {
                setTitle(event.target.value);
              }}
            />
            <TextArea
              label="Words"
              length={body.length}
              maxLength={2000}
              rows={3}
              value={body}
              error={errors.body}
              onChange={(event) => {
                setBody(event.target.value);
              }}
            />
            <Button
              type="submit"
              variant="secondary"
              isLoading={isSaving}
              loadingText="Saving..."
              className="self-start"
            >
              Save reply
            </Button>
          </form>
        </div>
      )}
    </div>
  );
}
