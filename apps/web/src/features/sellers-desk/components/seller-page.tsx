import type { SellerProfile } from '@karta/shared/schemas/sellers-desk';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { formatLagosDateTime } from '../../../lib/format-date';
import { formatNaira } from '../../../lib/format-money';
import { selectUser } from '../../../lib/session/auth-slice';
import { useAppSelector } from '../../../lib/store/hooks';
import { useGetSellerQuery, type SellerActionKind } from '../api';
import { AccountStatusBadge } from '../seller-status';
import { SellerAccountApprovals } from './seller-account-approvals';
import { SellerActionDialog, type SellerAdminAction } from './seller-action-dialog';
import { SellerRecords } from './seller-records';
import { Facts, Section } from './seller-section';
import { consolePaths } from '../../../config/console-paths';
import { LoadError } from '../../../components/ui/load-error';

const ACTION_WORDS: Record<string, string> = {
  'user.suspended': 'Suspended',
  'user.unsuspended': 'Suspension lifted',
  'pin.unlocked': 'PIN unlocked',
  'pin.locked': 'PIN locked after five wrong tries',
  'account_approval.approved': 'Account in another name approved',
  'account_approval.declined': 'Account in another name declined',
  'user.kyc_tier': 'KYC tier changed',
  'user.two_factor_reset': 'Two-step sign-in reset',
};

/** An admin's own actions here (the API checks the same rules): never on their own account. */
function adminActions(seller: SellerProfile, me: { id: string; role: string } | null) {
  if (me?.role !== 'admin' || me.id === seller.id) return [];
  const actions: SellerAdminAction[] = [];
  if (seller.role === 'user' && seller.kyc_tier > 0) actions.push('lower_kyc_tier');
  if (seller.two_factor_on) actions.push('reset_two_factor');
  return actions;
}

const ADMIN_BUTTON_WORDS: Record<SellerAdminAction, string> = {
  lower_kyc_tier: 'Lower KYC tier',
  reset_two_factor: 'Reset two-step sign-in',
};

/** Which actions this operator may take here (the API checks the same rules). */
function availableActions(seller: SellerProfile, me: { id: string; role: string } | null) {
  if (!me || me.id === seller.id) return { actions: [], note: 'This is your own account.' };
  if (seller.role !== 'user' && me.role !== 'admin') {
    return { actions: [], note: 'Only an admin can act on a staff account.' };
  }
  const actions: SellerActionKind[] = [];
  if (seller.status === 'suspended') actions.push('unsuspend');
  if (seller.status === 'active' || seller.status === 'deactivated') actions.push('suspend');
  if (seller.pin_locked_until) actions.push('unlock_pin');
  return { actions, note: actions.length === 0 ? 'Nothing to do on this account.' : undefined };
}

const BUTTON_WORDS: Record<SellerActionKind, string> = {
  suspend: 'Suspend account',
  unsuspend: 'Lift suspension',
  unlock_pin: 'Unlock PIN',
};

function SellerView({ seller }: { seller: SellerProfile }) {
  const me = useAppSelector(selectUser);
  const [action, setAction] = useState<SellerActionKind | SellerAdminAction | null>(null);
  const { actions, note } = availableActions(seller, me);
  const forAdmins = adminActions(seller, me);
  // The tier first: it decides what the seller may withdraw (decision 063).
  const kyc = `Tier ${String(seller.kyc_tier)} · ${
    seller.kyc_verified
      ? `Verified${seller.kyc_verified_at ? ` on ${formatLagosDateTime(seller.kyc_verified_at)}` : ''}${seller.bvn_last4 ? ` · BVN ending ${seller.bvn_last4}` : ''}${seller.nin_last4 ? ` · NIN ending ${seller.nin_last4}` : ''}`
      : 'Not verified'
  }`;
  const pin = seller.pin_locked_until
    ? `Locked until ${formatLagosDateTime(seller.pin_locked_until)} (five wrong PINs)`
    : seller.has_pin
      ? 'Set'
      : 'Not set';

  return (
    <div className="flex flex-col gap-5">
      <Link
        to={consolePaths.sellers.getHref()}
        className="inline-flex min-h-11 items-center self-start font-semibold text-brand underline"
      >
        Back to the search
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold text-ink md:text-3xl">
          {seller.first_name} {seller.last_name}
        </h1>
        <AccountStatusBadge status={seller.status} />
        {seller.role !== 'user' && (
          <span className="text-sm font-semibold text-brand-deep">
            {seller.role === 'admin' ? 'Admin' : 'Operator'}
          </span>
        )}
      </div>

      <div className="grid gap-5 lg:grid-cols-2">
        <Section title="Profile">
          <Facts
            rows={[
              ['E-mail', seller.email],
              ['Phone', seller.mobile_number ?? 'None'],
              ['Referral code', <span className="font-mono">{seller.referral_code}</span>],
              ['Joined', formatLagosDateTime(seller.created_at)],
              ['Date of birth', seller.date_of_birth ?? 'Not given'],
              ['KYC', kyc],
              ['Withdrawal PIN', pin],
            ]}
          />
        </Section>
        <Section title="Actions">
          {actions.length > 0 && (
            <div className="flex flex-wrap gap-3">
              {actions.map((each) => (
                <Button
                  key={each}
                  variant={each === 'suspend' ? 'danger' : 'secondary'}
                  aria-haspopup="dialog"
                  onClick={() => {
                    setAction(each);
                  }}
                >
                  {BUTTON_WORDS[each]}
                </Button>
              ))}
            </div>
          )}
          {note && forAdmins.length === 0 && <p className="text-slate">{note}</p>}
          {forAdmins.length > 0 && (
            <div className="mt-3 flex flex-wrap gap-3">
              {forAdmins.map((each) => (
                <Button
                  key={each}
                  variant="secondary"
                  aria-haspopup="dialog"
                  onClick={() => {
                    setAction(each);
                  }}
                >
                  {ADMIN_BUTTON_WORDS[each]}
                </Button>
              ))}
            </div>
          )}
          <h3 className="mt-5 mb-2 font-semibold text-ink">Flags</h3>
          <Facts
            rows={[
              [
                'Rejected trades, last 30 days',
                <span
                  className={
                    seller.flags.rejected_trades_30_days > 0 ? 'font-semibold text-rejected' : ''
                  }
                >
                  {seller.flags.rejected_trades_30_days}
                </span>,
              ],
              [
                'Duplicate cards',
                seller.flags.duplicate_cards > 0 ? (
                  <span className="font-semibold text-rejected">
                    {seller.flags.duplicate_cards === 1
                      ? '1 trade shares a code or photo with another trade'
                      : `${String(seller.flags.duplicate_cards)} trades share a code or photo with other trades`}
                  </span>
                ) : (
                  'None found'
                ),
              ],
            ]}
          />
        </Section>
      </div>

      <Section title="Console actions">
        {seller.actions.length === 0 ? (
          <p className="text-slate">No operator has acted on this account.</p>
        ) : (
          <ul aria-label="Console actions" className="flex flex-col divide-y divide-line">
            {seller.actions.map((entry) => (
              <li key={entry.id} className="flex flex-col gap-0.5 py-2">
                <span className="font-semibold text-ink">
                  {ACTION_WORDS[entry.action] ?? entry.action}
                  {entry.actor_name && entry.action !== 'pin.locked' && (
                    <span className="font-normal text-slate"> by {entry.actor_name}</span>
                  )}
                </span>
                {entry.reason && <span className="text-ink">Reason: {entry.reason}</span>}
                <span className="text-sm text-slate">{formatLagosDateTime(entry.created_at)}</span>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <SellerAccountApprovals seller={seller} canDecide={me !== null && me.id !== seller.id} />

      <Section title="Wallet">
        <Facts
          rows={[
            ['Balance', formatNaira(seller.wallet.balance)],
            ['Held for withdrawals', formatNaira(seller.wallet.pending_withdrawals)],
          ]}
        />
      </Section>

      <SellerRecords seller={seller} />

      <Section title="Signed-in devices">
        {seller.sessions.length === 0 ? (
          <p className="text-slate">No active sessions.</p>
        ) : (
          <ul className="flex flex-col gap-1">
            {seller.sessions.map((session) => (
              <li key={`${session.device}-${session.signed_in_at}`} className="text-ink">
                <span className="font-semibold capitalize">{session.device}</span>: signed in{' '}
                {formatLagosDateTime(session.signed_in_at)}, last active{' '}
                {formatLagosDateTime(session.last_active_at)}
              </li>
            ))}
          </ul>
        )}
      </Section>

      <SellerActionDialog
        seller={seller}
        action={action}
        onClose={() => {
          setAction(null);
        }}
      />
    </div>
  );
}

/** A seller's page, fetched fresh each time it opens (another operator may have acted). */
export function SellerPage() {
  const { id = '' } = useParams();
  const { currentData, error, isFetching, refetch } = useGetSellerQuery(id, {
    skip: !id,
    refetchOnMountOrArgChange: true,
  });
  if (currentData) return <SellerView seller={currentData} />;
  if (error && 'status' in error && error.status === 404) {
    return (
      <section className="mx-auto flex max-w-lg flex-col items-center rounded-[12px] bg-white px-6 py-10 text-center">
        <h1 className="text-2xl font-bold text-ink">We could not find this seller</h1>
        <p className="mt-2 text-slate">Check the link, or search for the seller again.</p>
        <Link
          to={consolePaths.sellers.getHref()}
          className="mt-6 inline-flex min-h-11 items-center rounded-[12px] bg-brand px-5 font-semibold text-white hover:bg-brand-deep"
        >
          Back to the search
        </Link>
      </section>
    );
  }
  if (error && !isFetching) {
    return <LoadError message="We could not load this seller." onRetry={() => void refetch()} />;
  }
  return <Spinner label="Loading the seller..." className="self-center py-8" />;
}
