import type {
  ChangeStaffRoleInput,
  InviteStaffInput,
  StaffList,
} from '@karta/shared/schemas/staff-desk';
import { baseApi, type Envelope } from '../../lib/base-api';

/** What an admin can do to one staff member from the list. */
export type StaffAction =
  | { kind: 'role'; role: ChangeStaffRoleInput['role'] }
  | { kind: 'remove' }
  | { kind: 'resend_invitation' }
  /** A second admin vouches for an invitation (decision 049). */
  | { kind: 'confirm_invitation' };

const urlOf = (id: string, action: StaffAction) =>
  `/admin/staff/${encodeURIComponent(id)}/${action.kind === 'role' ? 'role' : action.kind}`;

/**
 * The staff desk's calls (GET/POST /api/v1/admin/staff). Every change answers the list as it
 * now stands, which replaces the cached one: no second request on a slow phone.
 */
const staffApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getStaff: build.query<StaffList, undefined>({
      query: () => '/admin/staff',
      transformResponse: (response: Envelope<StaffList>) => response.data,
    }),
    inviteStaff: build.mutation<Envelope<StaffList>, InviteStaffInput>({
      query: (body) => ({ url: '/admin/staff/invitations', method: 'POST', body }),
      onQueryStarted: (_input, { dispatch, queryFulfilled }) =>
        queryFulfilled.then(
          ({ data }) =>
            void dispatch(staffApi.util.upsertQueryData('getStaff', undefined, data.data)),
          // The failure is shown where the admin acted, and toasted.
          () => undefined,
        ),
    }),
    actOnStaff: build.mutation<Envelope<StaffList>, { id: string; action: StaffAction }>({
      query: ({ id, action }) => ({
        url: urlOf(id, action),
        method: 'POST',
        ...(action.kind === 'role' && { body: { role: action.role } }),
      }),
      onQueryStarted: (_input, { dispatch, queryFulfilled }) =>
        queryFulfilled.then(
          ({ data }) =>
            void dispatch(staffApi.util.upsertQueryData('getStaff', undefined, data.data)),
          // The failure is shown where the admin acted, and toasted.
          () => undefined,
        ),
    }),
  }),
});

export const { useGetStaffQuery, useInviteStaffMutation, useActOnStaffMutation } = staffApi;
