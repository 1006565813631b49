import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { DeviceKind } from '@karta/shared/constants';
import { MESSAGES } from '@karta/shared/messages';
import { TWO_FACTOR_CODE_HEADER } from '@karta/shared/schemas/two-factor';
import { AppError } from '../lib/app-error';
import type { Role } from '../lib/auth-user';
import type { UserRow } from '../lib/users';

interface AuthPluginOptions {
  /**
   * The signed-in user behind an access token, or a 403 `AppError` when there is none. The
   * sessions feature's check, handed in by app.ts: plugins sit below the features and name none.
   */
  userOfAccessToken: (
    token: string,
  ) => Promise<{ user: UserRow; device: DeviceKind; sessionId: string | null }>;
  /** The accounts feature's step-up check (a fresh second factor), handed in by app.ts too. */
  checkStepUp: (options: {
    user: UserRow;
    sessionId: string | null;
    code: string | undefined;
    ip: string;
  }) => Promise<void>;
  /** Whether the account has two-step sign-in on (an authenticator app or a passkey). */
  hasTwoStep: (user: UserRow) => Promise<boolean>;
  /** STAFF_TWO_FACTOR: whether staff need two-step sign-in for the console. */
  staffTwoFactor: 'required' | 'optional';
}

const TWO_FACTOR_FOR_STAFF =
  'Turn on two-step sign-in for your account (Settings › Security) before using the console.';

/** The spec sends the raw token; `Bearer <token>` is accepted for other clients. */
export function readAccessToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization?.trim();
  if (!header) return undefined;
  return header.toLowerCase().startsWith('bearer ') ? header.slice(7).trim() : header;
}

/** Provides the guards and the request's caller that lib/auth-user.ts declares. */
export const authPlugin = fp((app: FastifyInstance, options: AuthPluginOptions) => {
  app.decorateRequest('authUser', null);
  app.decorateRequest('authDevice', 'web');
  app.decorateRequest('authSessionId', null);

  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = readAccessToken(request);
    if (!token) throw new AppError('FORBIDDEN', MESSAGES.SESSION_EXPIRED);
    const { user, device, sessionId } = await options.userOfAccessToken(token);
    request.authUser = user;
    request.authDevice = device;
    request.authSessionId = sessionId;
  });

  app.decorate('requireOwnUserId', (request: FastifyRequest) => {
    const { user_id: userId } = request.params as { user_id?: string };
    if (!request.authUser || userId !== request.authUser.id) {
      return Promise.reject(new AppError('FORBIDDEN', 'You can only act on your own account.'));
    }
    return Promise.resolve();
  });

  app.decorate('requireRole', (...roles: Role[]) => (request: FastifyRequest) => {
    if (!request.authUser || !roles.includes(request.authUser.role)) {
      const needed = roles.includes('operator') ? 'an operator' : 'an admin';
      return Promise.reject(new AppError('FORBIDDEN', `This needs ${needed} account.`));
    }
    return Promise.resolve();
  });

  app.decorate('requireStaffTwoFactor', async (request: FastifyRequest) => {
    const user = request.authUser;
    if (options.staffTwoFactor !== 'required' || !user) return;
    if (!(await options.hasTwoStep(user))) {
      throw new AppError('FORBIDDEN', TWO_FACTOR_FOR_STAFF, { domainCode: 'TWO_FACTOR_REQUIRED' });
    }
  });

  app.decorate('requireStepUp', async (request: FastifyRequest) => {
    const user = request.authUser;
    if (!user) throw new AppError('FORBIDDEN', MESSAGES.SESSION_EXPIRED);
    const header = request.headers[TWO_FACTOR_CODE_HEADER];
    await options.checkStepUp({
      user,
      sessionId: request.authSessionId,
      code: typeof header === 'string' && header.trim() !== '' ? header.trim() : undefined,
      ip: request.ip,
    });
  });
});
