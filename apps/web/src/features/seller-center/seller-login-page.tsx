import { schemaResolver, useForm } from '@mantine/form';
import { loginRequest, sellerCenterMessages } from '@tibay/contract';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { StaffLoginCard } from '../../components/staff-login-card.tsx';
import { ApiError } from '../../lib/api.ts';
import { sellerLogin } from './api.ts';
import { storeSellerSession, useSellerToken } from './seller-session.ts';

/** /seller-center/login: the seller site's own login (spec 1 §1). Only seller accounts get in. */
export default function SellerLoginPage() {
  const token = useSellerToken();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '', password: '', rememberMe: false },
    validate: schemaResolver(loginRequest, { sync: true }),
  });

  if (token) return <Navigate to="/seller-center/products" replace />;

  const submit = form.onSubmit(async (values) => {
    setSubmitting(true);
    setError(null);
    try {
      const response = await sellerLogin(loginRequest.parse(values));
      if (response.account_type !== 'Seller') {
        setError(sellerCenterMessages.sellersOnly);
        setSubmitting(false);
        return;
      }
      storeSellerSession(response.token, response.expiresAt);
      navigate('/seller-center/products', { replace: true });
    } catch (caught) {
      if (!(caught instanceof ApiError)) throw caught;
      setError(caught.message);
      setSubmitting(false);
    }
  });

  return (
    <StaffLoginCard
      site="Seller Center"
      intro="Log in with your seller account to manage your shop's products and orders."
      error={error}
      form={form}
      submitting={submitting}
      onSubmit={submit}
    />
  );
}
