import { MESSAGES } from '@karta/shared/messages';
import type { ConfirmAccountInput, RegisterInput } from '@karta/shared/schemas/auth';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { hashSecret } from '../../lib/passwords';
import { consumeCode } from '../codes/codes.service';
import { recordReferral } from '../referrals/referrals.service';
import { sendCode } from './account-mails';
import * as accounts from './accounts.repository';
import * as users from '../../lib/users';
import type { UserRow } from '../../lib/users';
import { assertNotCommonPassword } from './common-passwords';
import { checkCredentials } from './password-throttle';
import { createReferralCode } from './referral-codes';
import { countRegistration } from './signup-throttle';
import { uniqueViolationConstraint } from '../../lib/pg-errors';

const EMAIL_TAKEN = 'An account with this email already exists. Sign in instead.';
const PHONE_TAKEN = 'This phone number is already registered on Karta.';

/** Postgres unique violations name the index, which tells us which field was taken. */
function conflictFromUniqueViolation(error: unknown): AppError | undefined {
  const constraint = uniqueViolationConstraint(error);
  if (constraint === 'users_email_key')
    return new AppError('CONFLICT', EMAIL_TAKEN, { domainCode: 'ALREADY_EXISTS', field: 'email' });
  if (constraint === 'users_mobile_number_key') {
    return new AppError('CONFLICT', PHONE_TAKEN, {
      domainCode: 'ALREADY_EXISTS',
      field: 'mobile_number',
    });
  }
  return undefined;
}

/**
 * Creates an account waiting for its e-mail to be confirmed and mails the 6-digit code.
 * Role, status, referral code and balances are never taken from the request. Counted first,
 * per IP and per address (signup-throttle.ts): the answers say which addresses are taken.
 */
export async function registerUser(ctx: AppContext, input: RegisterInput, from: { ip: string }) {
  await countRegistration(ctx, {
    ip: from.ip,
    email: input.email,
    mobileNumber: input.mobile_number,
  });
  await assertNotCommonPassword(input.password, 'password');
  const referrer = input.referral_code
    ? await accounts.findActiveUserByReferralCode(ctx.db, input.referral_code)
    : undefined;
  if (input.referral_code && !referrer) {
    throw new AppError('BAD_REQUEST', MESSAGES.REFERRAL_CODE_INVALID, { field: 'referral_code' });
  }
  if (await users.findUserByEmail(ctx.db, input.email)) {
    throw new AppError('CONFLICT', EMAIL_TAKEN, { domainCode: 'ALREADY_EXISTS', field: 'email' });
  }
  if (await accounts.findUserByMobileNumber(ctx.db, input.mobile_number)) {
    throw new AppError('CONFLICT', PHONE_TAKEN, {
      domainCode: 'ALREADY_EXISTS',
      field: 'mobile_number',
    });
  }
  const passwordHash = await hashSecret(input.password);
  let user: UserRow;
  try {
    user = await ctx.db.transaction(async (tx) => {
      const created = await accounts.insertUser(tx, {
        firstName: input.first_name,
        lastName: input.last_name,
        email: input.email,
        mobileNumber: input.mobile_number,
        gender: input.gender,
        dateOfBirth: input.date_of_birth,
        passwordHash,
        referralCode: await createReferralCode(tx, input.first_name),
        referredByUserId: referrer?.id ?? null,
      });
      if (referrer) {
        await recordReferral(tx, {
          referrerUserId: referrer.id,
          referredUserId: created.id,
          at: ctx.clock.now(),
        });
      }
      return created;
    });
  } catch (error) {
    throw conflictFromUniqueViolation(error) ?? error;
  }
  await sendCode(ctx, user, 'account_verification');
  return user;
}

/**
 * Confirms the e-mail with its code (spec's confirm payload carries the password too). An
 * account that is not waiting for confirmation answers as a wrong password does, right
 * password or not: anything else would let this endpoint test any account's password.
 */
export async function confirmAccount(ctx: AppContext, input: ConfirmAccountInput & { ip: string }) {
  const user = await checkCredentials(ctx, {
    ...input,
    isEligible: (candidate) => candidate.status === 'pending_verification',
  });
  await consumeCode(ctx, { userId: user.id, purpose: 'account_verification', code: input.otp });
  return accounts.updateUser(ctx.db, user.id, {
    status: 'active',
    verifiedAt: ctx.clock.now(),
  });
}
