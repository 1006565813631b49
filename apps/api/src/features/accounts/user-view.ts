import type { User } from '@karta/shared/schemas/users';
import type { UserRow } from '../../lib/users';
import { toAutoWithdrawalState } from './account.service';

/** The user as the API shows it: never a hash, a token version or a status internals. */
export const toUserView = (row: UserRow): User => ({
  id: row.id,
  first_name: row.firstName,
  last_name: row.lastName,
  email: row.email,
  mobile_number: row.mobileNumber,
  gender: row.gender,
  date_of_birth: row.dateOfBirth,
  referral_code: row.referralCode,
  role: row.role,
  has_pin: row.pinHash !== null,
  kyc_verified: row.kycVerified,
  auto_withdrawal: toAutoWithdrawalState(row),
  created_at: row.createdAt.toISOString(),
});
