import { lazy, Suspense, useEffect, useState } from 'react';
import { localKeys } from '../lib/storage-keys.ts';

const BankPromoDialog = lazy(() => import('./bank-promo-dialog.tsx'));

/** The popup opens this long after the home page loads (spec 1 "Home"). */
const openDelayMs = 700;

/**
 * Whether the popup should open now. The shown flag (localStorage modalShown) is cleared when no auth token
 * is stored, so guests see it on each visit and a signed-in buyer once per browser. Marks it shown.
 */
function claimPopup(): boolean {
  try {
    if (!localStorage.getItem(localKeys.authToken)) localStorage.removeItem(localKeys.modalShown);
    if (localStorage.getItem(localKeys.modalShown)) return false;
    localStorage.setItem(localKeys.modalShown, 'true');
    return true;
  } catch {
    return false;
  }
}

/**
 * The bank partner's promotional popup for its loan eligibility checker (spec 1 "Home", spec 2 checkout):
 * opens 700 ms after load, once per browser unless the modalShown flag was cleared. The dialog's code loads
 * only when it is to open.
 */
export function BankPromoPopup() {
  const [opened, setOpened] = useState(false);
  const [used, setUsed] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => {
      if (claimPopup()) {
        setUsed(true);
        setOpened(true);
      }
    }, openDelayMs);
    return () => window.clearTimeout(timer);
  }, []);

  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <BankPromoDialog opened={opened} onClose={() => setOpened(false)} />
    </Suspense>
  );
}
