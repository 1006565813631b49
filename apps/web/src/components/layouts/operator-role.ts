import type { User } from '@karta/shared/schemas/users';

const OPERATOR_ROLES: readonly User['role'][] = ['operator', 'admin'];

/** Operators and admins may open the console; the API checks the role on every call too. */
export const isOperator = (user: Pick<User, 'role'> | null | undefined) =>
  user != null && OPERATOR_ROLES.includes(user.role);
