import { messages } from '@tibay/contract';
import { useNavigate } from 'react-router';
import { useBuildCreditSummary } from '../../lib/customer.ts';
import { useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';

/** What BUILDCREDIT PAYMENT says for an application status, or null when paying may proceed (spec 1 §4). */
export function payBlockedMessage(rpafStatus: string | null): string | null {
  if (!rpafStatus) return messages.buildCreditNotRegistered;
  if (rpafStatus === 'Pending') return messages.buildCreditNotApproved;
  if (rpafStatus === 'Draft') return messages.buildCreditDraft;
  // Only an approved application has a line to pay (issue 17): a rejected one is not approved either.
  if (rpafStatus !== 'Approved') return messages.buildCreditNotApproved;
  return null;
}

/** What APPLY FOR BUILDCREDIT says for an application status, or null when the application page opens. */
export function applyBlockedMessage(rpafStatus: string | null): string | null {
  return rpafStatus === 'Pending' ? messages.buildCreditProcessing : null;
}

/**
 * The BuildCredit menu's behaviour: guests are sent to login with "Please login first"; the application
 * status (the server's, else localStorage rpafStatus) decides between a message and /pay-rpaf or /Buildcredit; the apply entry
 * shows only while buildcredit_status is N/A (GET /api/v1/credit/buildcredit).
 */
export function useBuildCreditNav() {
  const session = useSession();
  const navigate = useNavigate();
  const loggedIn = Boolean(session.token);
  const summary = useBuildCreditSummary();
  const status = summary.data?.buildcredit_status ?? 'N/A';
  // The server's application status when known (it changes when an administrator decides), else the stored one.
  const serverStatus = summary.data?.status;
  const rpafStatus = serverStatus === undefined ? session.rpafStatus : serverStatus === 'N/A' ? null : serverStatus;

  const requireLogin = () => {
    if (loggedIn) return true;
    toast(messages.loginFirst, 'error');
    navigate('/login');
    return false;
  };

  return {
    showApply: !loggedIn || status === 'N/A',
    pay() {
      if (!requireLogin()) return;
      const blocked = payBlockedMessage(rpafStatus);
      if (blocked) toast(blocked, 'info');
      else navigate('/pay-rpaf');
    },
    apply() {
      if (!requireLogin()) return;
      const blocked = applyBlockedMessage(rpafStatus);
      if (blocked) toast(blocked, 'info');
      else navigate('/Buildcredit');
    },
    /** TRACK ORDERS from the mobile sidebar: guests go to login first (spec 1 §6). */
    trackOrders() {
      if (requireLogin()) navigate('/TrackOrder');
    },
  };
}
