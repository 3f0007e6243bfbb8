import { Badge, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ProfileDetail, ProfileReviewRow } from '@tibay/contract';
import { useEffect, useState } from 'react';
import { LabelledValue as Detail } from '../../components/labelled-value.tsx';
import { ConfirmDecision, ReviewDialog } from '../../components/review-queue.tsx';
import { ApiError } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { useProfileToReview, useVerifyProfile } from './api.ts';
import { ReviewFile } from './profile-files.tsx';

export const profileVerifiedMessage = 'Profile verified.';

export function ProfileStatusBadge({ status }: { status: ProfileReviewRow['verification_status'] }) {
  return (
    // AA contrast: white on the darkest green, dark text on yellow.
    <Badge
      color={status === 'VERIFIED' ? 'green.9' : 'yellow'}
      c={status === 'VERIFIED' ? undefined : 'dark'}
      style={{ flexShrink: 0, overflow: 'visible' }}
    >
      {status}
    </Badge>
  );
}

function Details({ profile }: { profile: ProfileDetail }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
      <Detail label="Name" value={`${profile.first_name} ${profile.last_name}`} />
      <Detail label="Email" value={profile.email} />
      <Detail label="Phone" value={profile.phone} />
      <Detail label="User type" value={profile.type} />
      <Detail label="Buyer type" value={profile.buyer_type} />
      <Detail label="Company name" value={profile.hardware_name} />
      <Detail label="Agent" value={profile.agent ? `${profile.agent.name} (${profile.agent_code ?? ''})` : null} />
      <Detail label="Address" value={profile.address} />
    </SimpleGrid>
  );
}

/**
 * One profile under review: the details, the face capture, signature and BIR 2303, and VERIFY (with a
 * confirmation). The server records who verified it.
 */
export function ProfileDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const profile = useProfileToReview(id);
  const verify = useVerifyProfile();
  const [confirming, setConfirming] = useState(false);
  useEffect(() => {
    if (id === null) setConfirming(false);
  }, [id]);

  const doVerify = async () => {
    if (id === null) return;
    try {
      await verify.mutateAsync(id);
      toast(profileVerifiedMessage, 'success');
      setConfirming(false);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      toast(error.message, 'error');
    }
  };

  return (
    <ReviewDialog opened={id !== null} onClose={onClose} title="Profile review" size="lg" query={profile}>
      {(data) => (
        <Stack gap="md">
          <Group gap="xs">
            <Text size="sm">Verification Status</Text>
            <ProfileStatusBadge status={data.verification_status} />
          </Group>
          <Details profile={data} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <ReviewFile userId={data.id} kind="face" url={data.client_facial_verification} label="Face capture" />
            <ReviewFile userId={data.id} kind="signature" url={data.client_signature} label="Signature" />
            <ReviewFile userId={data.id} kind="bir2303" url={data.file_2303} label="BIR 2303" />
          </SimpleGrid>
          {data.verification_status === 'VERIFIED' ? null : confirming ? (
            <ConfirmDecision
              title="Mark this profile VERIFIED?"
              color="yellow"
              confirmColor="green.9"
              confirmLabel="YES, VERIFY"
              pending={verify.isPending}
              onCancel={() => setConfirming(false)}
              onConfirm={() => void doVerify()}
            >
              You checked the face capture, signature and BIR 2303 of {data.first_name} {data.last_name}.
            </ConfirmDecision>
          ) : (
            <Group justify="flex-end">
              <Button color="green.9" onClick={() => setConfirming(true)}>
                VERIFY
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </ReviewDialog>
  );
}
