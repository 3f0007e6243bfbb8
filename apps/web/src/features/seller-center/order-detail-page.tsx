import { Button } from '@mantine/core';
import { formatPeso, messages, sellerCenterMessages } from '@tibay/contract';
import { useState } from 'react';
import { useParams } from 'react-router';
import { DetailRow, StaffOrderDetail } from '../../components/staff-order-detail.tsx';
import { toast } from '../../lib/toast.ts';
import { useMoveOrder, useSellerOrder } from './api.ts';
import { sellerFile } from './seller-session.ts';

/** /seller-center/orders/:reference: one order of the shop and the steps the seller may take next. */
export default function OrderDetailPage() {
  const { reference = '' } = useParams();
  return (
    <StaffOrderDetail
      back={{ to: '/seller-center/orders', label: 'Orders' }}
      maxWidth={1100}
      order={useSellerOrder(reference)}
      useMove={useMoveOrder}
      movedMessage={sellerCenterMessages.orderMoved}
      money={formatPeso}
      labelWidth={140}
      parties={{
        title: 'Buyer and delivery',
        lead: (order) => <DetailRow label="Buyer">{order.buyer_name}</DetailRow>,
        afterRecipient: (order) => <DetailRow label="Email">{order.billing_email}</DetailRow>,
      }}
      paymentExtra={(order) => (
        <>
          <DetailRow label="Proof of payment">
            {order.has_proof_of_payment ? 'Submitted — verified by Tibay' : 'None'}
          </DetailRow>
          {order.purchase_order_url && (
            <DetailRow label="Purchase order">
              <PurchaseOrderLink url={order.purchase_order_url} />
            </DetailRow>
          )}
        </>
      )}
      itemsOnPhone="columns"
      denyNotice="The buyer is told the reason by email, and the order's stock goes back to your shop."
    />
  );
}

/**
 * The buyer's purchase order, fetched with the seller's token (a plain link cannot send it) and opened in a new tab.
 * The tab opens on the click (so popup blockers allow it) and shows the file once it arrives.
 */
function PurchaseOrderLink({ url }: { url: string }) {
  const [loading, setLoading] = useState(false);
  async function open() {
    const tab = window.open('', '_blank');
    setLoading(true);
    try {
      const objectUrl = URL.createObjectURL(await sellerFile(url));
      if (tab) tab.location.href = objectUrl;
      else window.open(objectUrl, '_blank');
      window.setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
    } catch (error) {
      tab?.close();
      toast(error instanceof Error ? error.message : messages.serverError, 'error');
    } finally {
      setLoading(false);
    }
  }
  return (
    <Button variant="subtle" size="compact-sm" px={0} loading={loading} onClick={open}>
      View purchase order
    </Button>
  );
}
