import { Alert, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { messages, type ProfileDetail } from '@tibay/contract';
import { useEffect, useState } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { useBuildCreditSummary } from '../../lib/customer.ts';
import { useSession } from '../../lib/session.ts';
import { useProfile } from '../complete-profile/index.ts';
import { SocialLinksSection } from '../social-sign-in/index.ts';
import { ChangePasswordModal } from './change-password-modal.tsx';
import {
  BasicInformationSection,
  Bir2303Section,
  BuildCreditSection,
  EmailPasswordSection,
  IdentificationSection,
  UserTypeSection,
} from './profile-sections.tsx';
import { useProfileForm } from './use-profile-form.ts';

function ProfileView({ profile, impersonating }: { profile: ProfileDetail; impersonating: boolean }) {
  const form = useProfileForm(profile);
  const credit = useBuildCreditSummary();
  const [passwordOpen, setPasswordOpen] = useState(false);

  const actions = form.editing ? (
    <Group gap="sm">
      <Button variant="default" onClick={form.cancel} disabled={form.saving}>
        CANCEL
      </Button>
      <Button onClick={() => void form.save()} loading={form.saving}>
        SAVE
      </Button>
    </Group>
  ) : (
    <Button onClick={form.edit}>EDIT PROFILE</Button>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1} fz={{ base: 22, sm: 28 }}>
          PROFILE
        </Title>
        {actions}
      </Group>
      {form.errors._ ? (
        <Alert color="red" role="alert">
          {form.errors._}
        </Alert>
      ) : null}
      <UserTypeSection profile={profile} form={form} />
      <BuildCreditSection summary={credit.data} />
      <IdentificationSection profile={profile} form={form} impersonating={impersonating} />
      <BasicInformationSection profile={profile} form={form} />
      <Bir2303Section profile={profile} form={form} />
      <EmailPasswordSection
        profile={profile}
        onChangePassword={impersonating ? undefined : () => setPasswordOpen(true)}
      />
      {impersonating ? null : <SocialLinksSection userId={profile.id} />}
      {form.editing ? <Group justify="flex-end">{actions}</Group> : null}
      <ChangePasswordModal opened={passwordOpen} onClose={() => setPasswordOpen(false)} />
    </Stack>
  );
}

/**
 * /profile/{id} (spec 2 Profile): view mode, and edit mode behind EDIT PROFILE (SAVE, CANCEL). Only the signed-in
 * user's own id shows anything (an agent acting for a customer sees that customer's); any other id shows nothing
 * of that user.
 */
export default function ProfilePage() {
  const { userId } = useParams();
  const location = useLocation();
  const session = useSession();
  const own = session.token !== null && session.userId !== null && String(session.userId) === userId;
  const profile = useProfile(session.token, own);
  useEffect(() => {
    document.title = 'Profile | Tibay';
  }, []);

  if (!session.token) {
    return <Navigate to={`/login?returnUrl=${encodeURIComponent(location.pathname)}`} replace />;
  }

  let body: React.ReactNode;
  if (!own) {
    body = (
      <Alert color="red" title="Not found">
        This profile is not yours.
      </Alert>
    );
  } else if (profile.isPending) {
    body = <Text c="dimmed">Loading your profile...</Text>;
  } else if (profile.isError || !profile.data) {
    body = (
      <Alert color="red" title="Something Went Wrong">
        {messages.profileLoadFailed}
      </Alert>
    );
  } else {
    const detail = profile.data.customerDetail;
    // A fresh form for each saved version of the profile, so CANCEL restores what is shown.
    body = <ProfileView key={JSON.stringify(detail)} profile={detail} impersonating={session.impersonating} />;
  }

  return (
    <Container size="md" py="xl">
      {body}
    </Container>
  );
}
