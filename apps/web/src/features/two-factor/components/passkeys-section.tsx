import { useState } from 'react';
import { isStepUpCancelled, useStepUp } from '../../../components/step-up/use-step-up';
import { Button } from '../../../components/ui/button';
import { TextInput } from '../../../components/ui/text-input';
import { isQueryError } from '../../../lib/api-error';
import { useAppDispatch } from '../../../lib/store/hooks';
import { toast } from '../../../lib/toast';
import { usePasskeysQuery, useRemovePasskeyMutation } from '../passkeys-api';
import { SubHeading } from './sub-heading';

const dateOf = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'Africa/Lagos' }).format(
    new Date(iso),
  );

/**
 * Settings › Security's passkeys (decision 062): the list, each with Remove, and adding one by
 * name. The browser's passkey code loads only when Add is pressed. A passkey is a second factor:
 * with two-step sign-in on, adding or removing one asks for a fresh one first (step-up).
 */
export function PasskeysSection({ userId }: { userId: string }) {
  const dispatch = useAppDispatch();
  const list = usePasskeysQuery(userId);
  const [remove, removal] = useRemovePasskeyMutation();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const [isAdding, setIsAdding] = useState(false);
  const stepUp = useStepUp();
  const passkeys = list.data?.data ?? [];

  const add = async () => {
    if (name.trim() === '') {
      setNameError('Give the passkey a name, such as "My phone"');
      return;
    }
    setNameError(undefined);
    setIsAdding(true);
    try {
      const { addPasskeyNow } = await import('../add-passkey');
      const result = await stepUp.send(() =>
        addPasskeyNow(dispatch, { userId, name: name.trim() }),
      );
      toast.success(result.message);
      setName('');
    } catch (error) {
      // API refusals are toasted by lib/error-toasts; the browser's own are said here.
      if (!isQueryError(error) && !isStepUpCancelled(error)) {
        toast.error('The passkey was not created. Try again, or use another device.');
      }
    } finally {
      setIsAdding(false);
    }
  };

  return (
    <div className="flex flex-col gap-4 rounded-[12px] border border-line p-4">
      <SubHeading>Passkeys</SubHeading>
      <p className="text-sm text-slate">
        Sign in with your face, fingerprint or screen lock instead of your password. A passkey works
        only on Karta, so it cannot be phished. With a passkey, signing in with your password also
        asks for it, and so do changes that can send money away.
      </p>
      {passkeys.length > 0 && (
        <ul aria-label="Your passkeys" className="flex flex-col gap-2">
          {passkeys.map((passkey) => (
            <li
              key={passkey.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-[12px] bg-mist p-3"
            >
              <div>
                <p className="font-semibold text-ink">{passkey.name}</p>
                <p className="text-sm text-slate">
                  Added {dateOf(passkey.created_at)}
                  {passkey.last_used_at ? ` · last used ${dateOf(passkey.last_used_at)}` : ''}
                </p>
              </div>
              <Button
                variant="secondary"
                aria-label={`Remove ${passkey.name}`}
                isLoading={
                  removal.isLoading && removal.originalArgs?.body.passkey_id === passkey.id
                }
                onClick={() => {
                  void stepUp
                    .send(() => remove({ userId, body: { passkey_id: passkey.id } }).unwrap())
                    .then((result) => {
                      toast.success(result.message);
                    })
                    // Refusals are toasted by lib/error-toasts; a closed prompt changes nothing.
                    .catch(() => undefined);
                }}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form
        noValidate
        className="flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          void add();
        }}
      >
        <TextInput
          label="Passkey name"
          placeholder="My phone"
          maxLength={60}
          value={name}
          error={nameError}
          onChange={(event) => {
            setName(event.target.value);
          }}
        />
        <Button
          type="submit"
          className="sm:self-start"
          isLoading={isAdding}
          loadingText="Waiting for your device..."
        >
          Add a passkey
        </Button>
      </form>
      {stepUp.prompt}
    </div>
  );
}
