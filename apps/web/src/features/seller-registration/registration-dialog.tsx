import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Image,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
} from '@mantine/core';
import { formatPeso2, type SellerRegistrationDetail } from '@tibay/contract';
import { useEffect, useMemo, useState } from 'react';
import { LabelledValue as Detail } from '../../components/labelled-value.tsx';
import { MapView } from '../../components/map-view.tsx';
import { ConfirmDecision, ReviewDialog } from '../../components/review-queue.tsx';
import { ApiError } from '../../lib/api.ts';
import { manilaTime } from '../../lib/order-labels.ts';
import { toast } from '../../lib/toast.ts';
import { useDecideRegistration, useRegistration, useRegistrationLogo } from './api.ts';

export function RegistrationStatusBadge({ status }: { status: SellerRegistrationDetail['status'] }) {
  // AA contrast: white on the darkest green and red, dark text on yellow.
  const color = status === 'approved' ? 'green.9' : status === 'rejected' ? 'red.9' : 'yellow';
  return (
    <Badge color={color} c={status === 'pending' ? 'dark' : undefined} style={{ flexShrink: 0 }}>
      {status.toUpperCase()}
    </Badge>
  );
}

function Logo({ id }: { id: number }) {
  const logo = useRegistrationLogo(id);
  const url = useMemo(() => (logo.data ? URL.createObjectURL(logo.data) : null), [logo.data]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  if (logo.isPending) return <Skeleton w={120} h={120} aria-label="Loading logo" />;
  if (!url) return <Text c="red.8">The logo could not be loaded.</Text>;
  return (
    <Image
      src={url}
      alt="Company logo"
      w={120}
      h={120}
      fit="contain"
      radius="md"
      bd="1px solid var(--mantine-color-gray-3)"
    />
  );
}

function Rates({ registration: r }: { registration: SellerRegistrationDetail }) {
  const rows = [
    ['Small item fee (fixed)', r.small_item_fee_fixed],
    ['Big item fee (fixed)', r.big_item_fee_fixed],
    ['Small item fee per km', r.small_item_fee_per_km],
    ['Big item fee per km', r.big_item_fee_per_km],
  ] as const;
  return (
    <Table withTableBorder aria-label="Shipping rates" fz="sm">
      <Table.Tbody>
        <Table.Tr>
          <Table.Th scope="row">Computation method</Table.Th>
          <Table.Td>{r.computation_method}</Table.Td>
        </Table.Tr>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th scope="row">{label}</Table.Th>
            <Table.Td ta="right">{formatPeso2(value)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * One registration: logo, details, rates, the location on a map; APPROVE (creates the shop and the seller account,
 * mails the set-password link) or REJECT with a reason (mailed). Both are confirmed first.
 */
export function RegistrationDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const registration = useRegistration(id);
  const decide = useDecideRegistration();
  const [step, setStep] = useState<'view' | 'approve' | 'reject'>('view');
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  useEffect(() => {
    if (id === null) return;
    setStep('view');
    setReason('');
    setReasonError(null);
  }, [id]);

  const run = async (input: Parameters<typeof decide.mutateAsync>[0]) => {
    try {
      const answer = await decide.mutateAsync(input);
      toast(answer.message, 'success');
      setStep('view');
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.fields?.reason) setReasonError(error.fields.reason);
      toast(error.message, 'error');
    }
  };

  return (
    <ReviewDialog
      opened={id !== null}
      onClose={onClose}
      title="Seller registration"
      size="min(900px, 96vw)"
      query={registration}
    >
      {(r) => (
        <Stack gap="md">
          <Group gap="md" align="flex-start" wrap="nowrap">
            <Logo id={r.id} />
            <Stack gap={4} style={{ minWidth: 0 }}>
              <Text fw={700} fz="lg" style={{ overflowWrap: 'anywhere' }}>
                {r.company_name}
              </Text>
              <Group gap="xs">
                <RegistrationStatusBadge status={r.status} />
                <Text size="xs" c="dimmed">
                  Registered {manilaTime(r.created_at)}
                </Text>
              </Group>
            </Stack>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            <Detail label="Owner" value={r.owner} />
            <Detail label="Company email" value={r.email} />
            <Detail label="Parent company" value={r.parent_company ? 'Yes' : 'No'} />
            <Detail label="Mother company" value={r.mother_company?.name ?? null} />
            <Detail label="Description" value={r.description} />
            <Detail label="Address" value={r.address} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Rates registration={r} />
            <MapView
              label="Map of the company location"
              center={[r.latitude, r.longitude]}
              zoom={14}
              height={240}
              markers={[{ id: 'company', position: [r.latitude, r.longitude], title: r.company_name, variant: 'shop' }]}
            />
          </SimpleGrid>
          {r.status === 'approved' && r.seller ? (
            <Alert color="green" variant="light">
              Approved {manilaTime(r.decided_at)}. The shop is live at{' '}
              <Anchor href={`/shop/${r.seller.url_handle}`} target="_blank">
                /shop/{r.seller.url_handle}
              </Anchor>
              .
            </Alert>
          ) : null}
          {r.status === 'rejected' ? (
            <Alert color="red" variant="light" title={`Rejected ${manilaTime(r.decided_at)}`}>
              {r.reason}
            </Alert>
          ) : null}
          {r.status === 'pending' && step === 'view' ? (
            <Group justify="flex-end">
              <Button variant="outline" color="red.8" onClick={() => setStep('reject')}>
                REJECT
              </Button>
              <Button color="green.9" onClick={() => setStep('approve')}>
                APPROVE
              </Button>
            </Group>
          ) : null}
          {r.status === 'pending' && step === 'approve' ? (
            <ConfirmDecision
              title="Approve this registration?"
              color="green"
              confirmColor="green.9"
              confirmLabel="Confirm approval"
              pending={decide.isPending}
              onCancel={() => setStep('view')}
              onConfirm={() => void run({ id: r.id, decision: 'approve' })}
            >
              This creates the shop {r.company_name} with these rates and location, and a seller account for {r.email},
              and emails the link to set its password.
            </ConfirmDecision>
          ) : null}
          {r.status === 'pending' && step === 'reject' ? (
            <Stack gap="xs">
              <Textarea
                label="Reason for the rejection"
                description="We email it to the company."
                withAsterisk
                autosize
                minRows={2}
                maxLength={1000}
                value={reason}
                onChange={(event) => {
                  setReason(event.currentTarget.value);
                  setReasonError(null);
                }}
                error={reasonError}
              />
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setStep('view')}>
                  Cancel
                </Button>
                <Button
                  color="red.8"
                  loading={decide.isPending}
                  onClick={() => {
                    if (!reason.trim()) {
                      setReasonError('Please give the reason for the rejection.');
                      return;
                    }
                    void run({ id: r.id, decision: 'reject', reason: reason.trim() });
                  }}
                >
                  Confirm rejection
                </Button>
              </Group>
            </Stack>
          ) : null}
        </Stack>
      )}
    </ReviewDialog>
  );
}
