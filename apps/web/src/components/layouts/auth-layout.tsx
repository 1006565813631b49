import { Outlet } from 'react-router';

// Placeholder: replaced in this session by the owner of this file.
export function AuthLayout() {
  return <Outlet />;
}
