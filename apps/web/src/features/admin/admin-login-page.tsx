import { Center, Loader } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { adminLoginRequest } from '@tibay/contract';
import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { StaffLoginCard } from '../../components/staff-login-card.tsx';
import { ApiError } from '../../lib/api.ts';
import { safeReturnUrl } from '../../lib/return-url.ts';
import { useAdminLogin, useAdminSession } from './api.ts';

const adminHome = '/admin-v2/dashboard';

/** The admin page to return to after signing in: a returnUrl inside /admin-v2, otherwise the dashboard. */
function adminReturnPath(raw: string | null): string {
  const path = safeReturnUrl(raw, window.location.origin, adminHome);
  return /^\/admin-v2(\/|\?|$)/.test(path) && !path.startsWith('/admin-v2/login') ? path : adminHome;
}

/**
 * /admin-v2/login: administrators start a 2-hour session held in an httpOnly cookie (spec 3 §3), then go back to
 * the admin page that sent them here (?returnUrl=) or to the dashboard.
 */
export default function AdminLoginPage() {
  const session = useAdminSession();
  const login = useAdminLogin();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnPath = adminReturnPath(params.get('returnUrl'));
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '', password: '' },
    validate: schemaResolver(adminLoginRequest, { sync: true }),
  });

  if (session.isPending) {
    return (
      <Center mih="100dvh">
        <Loader aria-label="Loading..." />
      </Center>
    );
  }
  if (session.data?.valid && !login.isPending) return <Navigate to={returnPath} replace />;

  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      await login.mutateAsync(adminLoginRequest.parse(values));
      navigate(returnPath, { replace: true });
    } catch (caught) {
      if (!(caught instanceof ApiError)) throw caught;
      setError(caught.message);
    }
  });

  return (
    <StaffLoginCard
      site="Admin"
      intro="Log in with an administrator account. The session lasts 2 hours."
      error={error}
      form={form}
      submitting={login.isPending}
      onSubmit={submit}
    />
  );
}
