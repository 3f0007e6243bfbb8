import { Alert, Button, Container, Group, Modal, Paper, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import {
  type buyerTypes,
  type CompleteProfileData,
  completeProfileData,
  type customerTypes,
  messages,
  type ProfileDetail,
  phoneFieldValue,
} from '@tibay/contract';
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { FaceCapture } from '../../components/face-capture.tsx';
import { SignaturePad } from '../../components/signature-pad.tsx';
import { ApiError } from '../../lib/api.ts';
import { safeReturnUrl } from '../../lib/return-url.ts';
import { clearSession, storeUser, useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { AgentSelect } from './agent-select.tsx';
import { submitProfile, useProfile } from './api.ts';

type CustomerType = (typeof customerTypes)[number];
type BuyerType = (typeof buyerTypes)[number];

function ProfileForm({ profile, onDone }: { profile: ProfileDetail; onDone: (relogin: boolean) => void }) {
  const [customerType, setCustomerType] = useState<CustomerType>(profile.type);
  const [agentId, setAgentId] = useState<string | null>(profile.agent ? String(profile.agent.id) : null);
  const [buyerType, setBuyerType] = useState<BuyerType | null>(profile.buyer_type);
  const [company, setCompany] = useState(profile.hardware_name ?? '');
  const phoneKnown = Boolean(profile.phone?.trim());
  const [phone, setPhone] = useState(profile.phone ?? '');
  const [face, setFace] = useState<Blob | null>(null);
  const signature = useRef<HTMLCanvasElement | null>(null);
  const [signed, setSigned] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  const isBuyer = customerType === 'Buyer';
  const showCompany = !isBuyer || buyerType !== 'End User';

  const submit = async () => {
    const data: CompleteProfileData = {
      customerType,
      agentId: isBuyer && agentId ? Number(agentId) : null,
      buyerType: isBuyer ? buyerType : null,
      hardwareName: showCompany ? company.trim() || null : null,
      phone: phone.trim(),
    };
    const found: Record<string, string> = {};
    const parsed = completeProfileData.safeParse(data);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) found[String(issue.path[0] ?? '_')] ??= issue.message;
    }
    if (!face) found.face = messages.faceCaptureRequired;
    if (!signed) found.signature = messages.signBeforeSaving;
    setErrors(found);
    const first = Object.values(found)[0];
    if (first) {
      toast(first, 'error');
      return;
    }
    const signatureBlob = await new Promise<Blob | null>((resolve) => signature.current?.toBlob(resolve, 'image/png'));
    if (!face || !signatureBlob) return;
    setSaving(true);
    try {
      const result = await submitProfile(data, face, signatureBlob);
      // The profile-completed flag lives on the stored user.
      if (!result.relogin) storeUser(result.user);
      onDone(result.relogin);
    } catch (error) {
      const message = error instanceof ApiError ? error.message : messages.serverError;
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      toast(message, 'error');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="lg">
      <Radio.Group
        label="User type"
        withAsterisk
        value={customerType}
        onChange={(value) => setCustomerType(value as CustomerType)}
        error={errors.customerType}
      >
        <Group gap="xl" mt={8}>
          <Radio value="Buyer" label="Buyer" />
          <Radio value="Agent" label="Agent" />
        </Group>
      </Radio.Group>
      {customerType !== profile.type ? (
        <Alert color="yellow" variant="light">
          Changing your user type signs you out: you will log in again as {customerType === 'Agent' ? 'an' : 'a'}{' '}
          {customerType}.
        </Alert>
      ) : null}

      {isBuyer ? (
        <>
          <AgentSelect label="Agent name" value={agentId} onChange={setAgentId} initial={profile.agent} />
          {errors.agentId ? (
            <Text size="sm" c="red.7" mt={-12}>
              {errors.agentId}
            </Text>
          ) : null}
          <Radio.Group
            label="Buyer type"
            withAsterisk
            value={buyerType ?? ''}
            onChange={(value) => setBuyerType(value as BuyerType)}
            error={errors.buyerType}
          >
            <Group gap="xl" mt={8}>
              <Radio value="Company" label="Company" />
              <Radio value="End User" label="End User" />
            </Group>
          </Radio.Group>
        </>
      ) : null}

      {showCompany ? (
        <TextInput
          label="Company name"
          withAsterisk={isBuyer}
          description={isBuyer ? undefined : 'Optional for agents.'}
          value={company}
          maxLength={150}
          onChange={(event) => setCompany(event.currentTarget.value)}
          error={errors.hardwareName}
        />
      ) : null}

      <TextInput
        label="Phone number"
        withAsterisk
        value={phone}
        readOnly={phoneKnown}
        disabled={phoneKnown}
        description={phoneKnown ? 'Your phone number is already on file.' : '09XXXXXXXXX or +639XXXXXXXXX'}
        inputMode="tel"
        onChange={(event) => setPhone(phoneFieldValue(event.currentTarget.value))}
        error={errors.phone}
      />

      <FaceCapture onCapture={setFace} error={errors.face ?? errors.client_facial_verification} />
      <SignaturePad
        canvasRef={signature}
        onInk={(ink) => {
          setSigned(ink);
          if (ink) setErrors(({ signature: _removed, ...rest }) => rest);
        }}
        error={errors.signature ?? errors.client_signature}
      />

      <Group justify="flex-end">
        <Button size="md" onClick={() => void submit()} loading={saving} miw={200}>
          SAVE
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * /complete-profile/{userId} (spec 2 "Update account / complete profile"): user type, agent name (Buyer),
 * buyer type with the company-name rules, phone (locked when known), face capture and signature. On success
 * the Account Verified dialog says 'Congratulations on completing your profile'.
 */
export default function CompleteProfilePage() {
  const { userId } = useParams();
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const own = session.token !== null && session.userId !== null && String(session.userId) === userId;
  const profile = useProfile(session.token, own && !session.impersonating);
  const [done, setDone] = useState<{ relogin: boolean } | null>(null);
  useEffect(() => {
    document.title = 'Complete your profile | Tibay';
  }, []);

  if (!session.token && !done) {
    return <Navigate to={`/login?returnUrl=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  }

  const finish = () => {
    if (done?.relogin) {
      clearSession();
      toast('Please log in again with your new user type.', 'info');
      navigate('/login');
      return;
    }
    const returnUrl = params.get('returnUrl');
    navigate(returnUrl ? safeReturnUrl(returnUrl) : '/shopbyseller?page=1');
  };

  let body: React.ReactNode;
  if (!own) {
    body = (
      <Alert color="red" title="Not found">
        This profile is not yours.{' '}
        <Button component={Link} to="/" variant="subtle" size="compact-sm">
          GO HOME
        </Button>
      </Alert>
    );
  } else if (session.impersonating) {
    body = (
      <Alert color="yellow" title="Only the customer can do this">
        The face photo and signature must be the customer's own: they complete their profile when signed in to their
        account.
      </Alert>
    );
  } else if (profile.isPending) {
    body = <Text c="dimmed">Loading your profile...</Text>;
  } else if (profile.isError || !profile.data) {
    body = (
      <Alert color="red" title="Something Went Wrong">
        {profile.error instanceof ApiError ? profile.error.message : messages.serverError}
      </Alert>
    );
  } else {
    body = (
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
        <ProfileForm profile={profile.data.customerDetail} onDone={(relogin) => setDone({ relogin })} />
      </Paper>
    );
  }

  return (
    <Container size="sm" py="xl">
      <Title order={1} fz={{ base: 22, sm: 28 }} tt="uppercase" mb="xs">
        COMPLETE YOUR PROFILE
      </Title>
      <Text c="dimmed" mb="md">
        We verify every account before its first order. It takes a minute.
      </Text>
      {body}
      <Modal opened={done !== null} onClose={finish} title="Account Verified" centered closeOnClickOutside={false}>
        <Stack align="center" gap="sm" py="sm">
          <IconCircleCheck size={56} color="var(--mantine-color-green-6)" aria-hidden />
          <Text ta="center" fw={600}>
            {messages.profileCompleted}
          </Text>
          <Button onClick={finish} mt="sm">
            {done?.relogin ? 'LOG IN AGAIN' : 'CONTINUE'}
          </Button>
        </Stack>
      </Modal>
    </Container>
  );
}
