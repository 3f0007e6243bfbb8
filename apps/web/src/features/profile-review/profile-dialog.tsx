import { Alert, Badge, Button, Group, Modal, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import type { ProfileDetail } from '@tibay/contract';
import { useEffect, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { useProfileToReview, useVerifyProfile } from './api.ts';
import { ReviewFile } from './profile-files.tsx';

export const profileVerifiedMessage = 'Profile verified.';

function Detail({ label, value }: { label: string; value: string | null }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {value || '—'}
      </Text>
    </Stack>
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

  const data = profile.data;
  return (
    <Modal opened={id !== null} onClose={onClose} title="Profile review" size="lg">
      {profile.isPending ? (
        <Skeleton h={240} aria-label="Loading..." />
      ) : profile.isError ? (
        <Alert color="red" role="alert">
          {profile.error.message}
        </Alert>
      ) : data ? (
        <Stack gap="md">
          <Group gap="xs">
            <Text size="sm">Verification Status</Text>
            <Badge color={data.verification_status === 'VERIFIED' ? 'green' : 'yellow'}>
              {data.verification_status}
            </Badge>
          </Group>
          <Details profile={data} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <ReviewFile userId={data.id} kind="face" url={data.client_facial_verification} label="Face capture" />
            <ReviewFile userId={data.id} kind="signature" url={data.client_signature} label="Signature" />
            <ReviewFile userId={data.id} kind="bir2303" url={data.file_2303} label="BIR 2303" />
          </SimpleGrid>
          {data.verification_status === 'VERIFIED' ? null : confirming ? (
            <Alert color="yellow" title="Mark this profile VERIFIED?">
              <Stack gap="sm">
                <Text size="sm">
                  You checked the face capture, signature and BIR 2303 of {data.first_name} {data.last_name}.
                </Text>
                <Group justify="flex-end">
                  <Button variant="default" onClick={() => setConfirming(false)}>
                    Cancel
                  </Button>
                  <Button color="green" loading={verify.isPending} onClick={() => void doVerify()}>
                    YES, VERIFY
                  </Button>
                </Group>
              </Stack>
            </Alert>
          ) : (
            <Group justify="flex-end">
              <Button color="green" onClick={() => setConfirming(true)}>
                VERIFY
              </Button>
            </Group>
          )}
        </Stack>
      ) : null}
    </Modal>
  );
}
