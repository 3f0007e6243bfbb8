import { Center, Loader } from '@mantine/core';
import { adminMessages } from '@tibay/contract';
import { useEffect, useRef } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { toast } from '../../lib/toast.ts';
import { useAdminSession } from '../admin/index.ts';

/**
 * The spec's admin paths (/purchase-orders, /purchase-order-approvals, /purchase-receives, /inventory-report,
 * /inventory-transfer, /inventory-approval, /bad-stock-transfer; spec 3 §2.1, §4): for a signed-in administrator
 * they open inside the admin-v2 frame (the next route); anyone else gets 'Not Authorized!' and goes to / (the spec's
 * behaviour; /admin-v2 itself sends them to the admin login instead).
 */
export default function SpecPathGuard() {
  const session = useAdminSession();
  const navigate = useNavigate();
  const refused = useRef(false);
  const allowed = session.data?.valid === true;

  useEffect(() => {
    if (refused.current || session.isPending || allowed) return;
    refused.current = true;
    toast(adminMessages.notAuthorized, 'error');
    navigate('/', { replace: true });
  }, [session.isPending, allowed, navigate]);

  if (!allowed) {
    return (
      <Center mih="100dvh">
        <Loader aria-label="Loading..." />
      </Center>
    );
  }
  return <Outlet />;
}
