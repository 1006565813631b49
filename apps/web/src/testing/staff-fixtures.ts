import type { StaffList, StaffMember } from '@karta/shared/schemas/staff-desk';
import { http } from 'msw';
import { api, failure, server, success, testUser } from './server';

export function makeStaffMember(overrides: Partial<StaffMember> = {}): StaffMember {
  return {
    id: '7d1e2a44-5b6c-4d7e-8f90-a1b2c3d4e5f6',
    first_name: 'Ngozi',
    last_name: 'Okafor',
    email: 'ngozi.okafor@example.com',
    role: 'operator',
    status: 'active',
    invitation_expires_at: null,
    created_at: '2026-11-20T09:00:00.000Z',
    invitation: null,
    can_confirm_approvals: true,
    ...overrides,
  };
}

/** Someone named on a row (who invited or confirmed), with the fields the list gives. */
export const staffPerson = (member: StaffMember) => ({
  id: member.id,
  first_name: member.first_name,
  last_name: member.last_name,
});

/** The signed-in admin (testUser) as the list shows them. */
export const me = makeStaffMember({
  id: testUser.id,
  first_name: testUser.first_name,
  last_name: testUser.last_name,
  email: testUser.email,
  role: 'admin',
});

/**
 * The staff desk API over a small team: the list, an invitation (refusing an address in use as
 * the server does) and the role changes, which change the list. Requests are kept.
 */
export function serveStaff(initial: StaffMember[] = [me, makeStaffMember()]) {
  let staff = initial;
  const requests: { url: string; body: unknown }[] = [];
  const answer = (message: string) => success({ data: staff } satisfies StaffList, message);
  server.use(
    http.get(api('/admin/staff'), () => answer('Staff')),
    http.post(api('/admin/staff/invitations'), async ({ request }) => {
      const body = (await request.json()) as {
        email: string;
        first_name: string;
        last_name: string;
      };
      requests.push({ url: '/admin/staff/invitations', body });
      if (staff.some((member) => member.email === body.email)) {
        return failure(409, 'This e-mail already belongs to a staff member.', 'email');
      }
      staff = [
        ...staff,
        makeStaffMember({
          id: `invited-${String(staff.length)}`,
          ...body,
          status: 'pending_verification',
          invitation_expires_at: '2026-11-28T09:00:00.000Z',
          invitation: {
            invited_by: staffPerson(me),
            invited_at: '2026-11-25T09:00:00.000Z',
            confirmed_by: null,
            confirmed_at: null,
            confirm_refusal: `You invited ${body.first_name}, so another admin has to confirm the invitation.`,
          },
          can_confirm_approvals: false,
        }),
      ];
      return answer('Invitation sent.');
    }),
    http.post(api('/admin/staff/:id/:action'), async ({ request, params }) => {
      const body = request.headers.get('content-type') ? await request.json() : null;
      requests.push({ url: new URL(request.url).pathname, body });
      const id = String(params.id);
      if (params.action === 'remove') staff = staff.filter((member) => member.id !== id);
      if (params.action === 'confirm_invitation') {
        staff = staff.map((member) =>
          member.id === id && member.invitation
            ? {
                ...member,
                invitation: {
                  ...member.invitation,
                  confirmed_by: staffPerson(me),
                  confirmed_at: '2026-11-25T10:00:00.000Z',
                  confirm_refusal: null,
                },
                can_confirm_approvals: true,
              }
            : member,
        );
      }
      if (params.action === 'role') {
        const { role } = body as { role: StaffMember['role'] };
        staff = staff.map((member) => (member.id === id ? { ...member, role } : member));
      }
      return answer('Done');
    }),
  );
  return { requests };
}
