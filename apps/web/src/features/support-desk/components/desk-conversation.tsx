import type { SupportConversation } from '@karta/shared/schemas/support';
import { Link } from 'react-router';
import { TakeOverSilentClaim } from '../../../components/claims/take-over-silent-claim';
import { MessageComposer } from '../../../components/support/message-composer';
import { MessageList } from '../../../components/support/message-list';
import { Button } from '../../../components/ui/button';
import { ToneBadge } from '../../../components/ui/status-badge';
import { consolePaths } from '../../../config/console-paths';
import { formatLagosDateTime } from '../../../lib/format-date';
import { selectUserId } from '../../../lib/session/auth-slice';
import { useAppSelector } from '../../../lib/store/hooks';
import { toast } from '../../../lib/toast';
import {
  useClaimConversationMutation,
  useReplyToSellerMutation,
  useResolveConversationMutation,
} from '../api';
import { DESK_STATUS_TONES, DESK_STATUS_WORDS, waitedWords } from '../support-desk-words';
import type { SupportClaim } from '../use-support-claim';
import { SavedReplies } from './saved-replies';
import { LostClaim } from '../../../components/claims/lost-claim';

const linkClass =
  'font-semibold text-brand underline-offset-4 hover:text-brand-deep hover:underline';

/**
 * One conversation at the desk: who and what it is about, the claim, every message (staff see
 * each other's names; the seller reads "Karta team"), the reply box with saved replies, and
 * resolve. `conversation` is null for a trade nobody has written about yet: the first reply
 * starts it.
 */
export function DeskConversation({
  conversation,
  tradeId,
  showTradeLink = true,
  deskClaim,
}: {
  conversation: SupportConversation | null;
  /**
   * The desk page's claim, held while it is open (decision 078); the trade review page's panel
   * has none (the trade's own claim is held there) and claims only by its button.
   */
  deskClaim?: SupportClaim;
  /** The trade whose conversation this is (the review page's panel). */
  tradeId?: string;
  showTradeLink?: boolean;
}) {
  const me = useAppSelector(selectUserId);
  const [claim, { isLoading: isClaiming }] = useClaimConversationMutation();
  const [reply] = useReplyToSellerMutation();
  const [resolve, { isLoading: isResolving }] = useResolveConversationMutation();
  const claimedByOther = conversation?.claim && conversation.claim.by_user_id !== me;
  const target = conversation ? { id: conversation.id } : tradeId ? { tradeId } : null;

  return (
    <div className="flex flex-col gap-4">
      {conversation && (
        <div className="flex flex-col gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <ToneBadge tone={DESK_STATUS_TONES[conversation.status]}>
              {DESK_STATUS_WORDS[conversation.status]}
            </ToneBadge>
            {conversation.waiting_minutes !== null && (
              <span className="text-sm text-slate">
                {waitedWords(conversation.waiting_minutes)}
              </span>
            )}
          </div>
          <p className="text-sm text-slate">
            {conversation.seller.first_name} {conversation.seller.last_name} ·{' '}
            <span className="break-all">{conversation.seller.email}</span>
            {conversation.trade && showTradeLink && (
              <>
                {' · '}
                <Link to={consolePaths.trade.getHref(conversation.trade.id)} className={linkClass}>
                  Trade {conversation.trade.reference}
                </Link>
              </>
            )}
          </p>
          <LostClaim message={deskClaim?.lostMessage} spaced={false} />
          {conversation.claim && (
            <p className="text-sm font-semibold text-processing" role="status">
              {conversation.claim.by_user_id === me
                ? `You are answering until ${formatLagosDateTime(conversation.claim.until)}.`
                : `${conversation.claim.by_name} is answering until ${formatLagosDateTime(conversation.claim.until)}.`}
            </p>
          )}
          {deskClaim && conversation.claim && claimedByOther && (
            <TakeOverSilentClaim
              claim={conversation.claim}
              holder={conversation.claim.by_name}
              what="this conversation"
              isTakingOver={deskClaim.isTakingOver}
              onTakeOver={deskClaim.takeOver}
            />
          )}
        </div>
      )}
      {conversation && conversation.messages.length > 0 ? (
        <MessageList
          messages={conversation.messages}
          mine="karta"
          label="Messages with the seller"
        />
      ) : (
        <p className="text-slate">No messages yet. Your first one starts the conversation.</p>
      )}
      {target && !claimedByOther && (
        <MessageComposer
          label="Reply to the seller"
          submitLabel="Send reply"
          tools={(insert) => <SavedReplies onInsert={insert} />}
          onSend={async ({ body, photos, onProgress }) => {
            await reply({ target, body, photos, onProgress }).unwrap();
            toast.success('Message sent. The seller is told.');
          }}
        />
      )}
      {conversation && conversation.status !== 'resolved' && (
        <div className="flex flex-wrap gap-2">
          {!conversation.claim && (
            <Button
              type="button"
              variant="secondary"
              isLoading={deskClaim ? deskClaim.isClaiming : isClaiming}
              loadingText="Claiming..."
              onClick={() => {
                if (deskClaim) deskClaim.claimNow();
                else void claim(conversation.id);
              }}
            >
              Claim
            </Button>
          )}
          {!claimedByOther && (
            <Button
              type="button"
              variant="secondary"
              isLoading={isResolving}
              loadingText="Resolving..."
              onClick={() => {
                void resolve(conversation.id)
                  .unwrap()
                  .then(() => {
                    toast.success('Conversation resolved.');
                  })
                  .catch(() => undefined);
              }}
            >
              Mark resolved
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
