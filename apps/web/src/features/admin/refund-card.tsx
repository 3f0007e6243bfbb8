import { Alert, Button, Group, Modal, Text } from '@mantine/core';
import { type AdminOrderDetail, adminMessages, formatPeso2 } from '@tibay/contract';
import { useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { manilaTime } from '../../lib/order-labels.ts';
import { toast } from '../../lib/toast.ts';
import { useAdminRecordRefund } from './api.ts';

/**
 * A gateway payment that came after its orders ended (refund_due): what happened, and MARK AS REFUNDED once the
 * administrator has refunded it at the gateway (with a confirmation, since it cannot be undone). Once refunded,
 * a short note says so. Nothing for any other payment.
 */
export function RefundCard({ order }: { order: AdminOrderDetail }) {
  const payment = order.payment;
  const record = useAdminRecordRefund(order.reference);
  const [confirming, setConfirming] = useState(false);
  if (!payment || (payment.status !== 'refund_due' && payment.status !== 'refunded')) return null;
  const amount = formatPeso2(payment.amount);
  const orders = payment.references.join(', ');

  if (payment.status === 'refunded') {
    return (
      <Alert color="gray" title="Payment refunded">
        The payment of {amount} for {orders}, received after the order had ended, was refunded.
      </Alert>
    );
  }

  const confirm = async () => {
    try {
      await record.mutateAsync();
      toast(adminMessages.refundRecorded, 'success');
      setConfirming(false);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      toast(error.message, 'error');
    }
  };

  return (
    <>
      <Alert color="orange" title="Refund due">
        <Text size="sm">
          The gateway reported {amount} paid for {orders} on {manilaTime(payment.paid_at)}, after the order had ended (
          {order.status}). Nothing was bought: refund the buyer through the payment gateway, then record it here.
        </Text>
        <Group mt="sm">
          <Button color="orange" onClick={() => setConfirming(true)}>
            MARK AS REFUNDED
          </Button>
        </Group>
      </Alert>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Record the refund?" centered>
        <Text size="sm" mb="md">
          Record that {amount} was refunded to {order.buyer_name} for {orders}. Do this only after the refund went
          through at the payment gateway; it cannot be undone.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirming(false)}>
            CANCEL
          </Button>
          <Button color="orange" loading={record.isPending} onClick={() => void confirm()}>
            RECORD REFUND
          </Button>
        </Group>
      </Modal>
    </>
  );
}
