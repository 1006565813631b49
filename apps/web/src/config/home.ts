import type { User } from '@karta/shared/schemas/users';
import { consolePaths } from './console-paths';
import { paths } from './paths';

/**
 * Where a sign-in lands when no page sent the person here: staff to the console they work in,
 * sellers to their dashboard.
 */
export const homeFor = (user: Pick<User, 'role'> | null | undefined): string =>
  user?.role === 'operator' || user?.role === 'admin'
    ? consolePaths.root.getHref()
    : paths.dashboard.root.getHref();
