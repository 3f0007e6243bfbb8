import {
  Alert,
  Anchor,
  Badge,
  Button,
  FileInput,
  Group,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  type BuildCreditSummary,
  bir2303Accept,
  formatPeso2,
  type ProfileDetail,
  phoneFieldValue,
} from '@tibay/contract';
import { Link } from 'react-router';
import { FaceCapture } from '../../components/face-capture.tsx';
import { SignaturePad } from '../../components/signature-pad.tsx';
import { AgentSelect } from '../complete-profile/index.ts';
import { StoredCertificate, StoredImage } from './profile-files.tsx';
import type { BuyerType, CustomerType, ProfileForm } from './use-profile-form.ts';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" component="section" aria-label={title}>
      <Title order={2} fz="lg" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** A label and its value in view mode. */
function Shown({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={500}>{value || '—'}</Text>
    </div>
  );
}

/** User type, agent and company name (spec 2 Profile). Only a Buyer may pick an agent. */
export function UserTypeSection({ profile, form }: { profile: ProfileDetail; form: ProfileForm }) {
  if (!form.editing) {
    return (
      <Section title="User type">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Shown label="User type" value={profile.type} />
          <Shown
            label={profile.type === 'Agent' ? 'Agent code' : 'Agent'}
            value={profile.type === 'Agent' ? profile.agent_code : profile.agent?.name}
          />
          <Shown label="Company name" value={profile.hardware_name} />
        </SimpleGrid>
      </Section>
    );
  }
  const { fields, errors } = form;
  return (
    <Section title="User type">
      <Stack gap="md">
        <Radio.Group
          label="User type"
          withAsterisk
          value={fields.customerType}
          onChange={(value) => form.set('customerType', value as CustomerType)}
          error={errors.customerType}
        >
          <Group gap="xl" mt={8}>
            <Radio value="Buyer" label="Buyer" />
            <Radio value="Agent" label="Agent" />
          </Group>
        </Radio.Group>
        {fields.customerType !== profile.type ? (
          <Alert color="yellow" variant="light">
            Changing your user type signs you out: you will log in again as {fields.customerType}.
          </Alert>
        ) : null}
        {form.isBuyer ? (
          <>
            <AgentSelect
              label="Agent"
              value={form.fields.agentId}
              onChange={(value) => form.set('agentId', value)}
              initial={profile.agent}
              error={form.errors.agentId}
            />
            <Radio.Group
              label="Buyer type"
              withAsterisk
              value={fields.buyerType ?? ''}
              onChange={(value) => form.set('buyerType', value as BuyerType)}
              error={errors.buyerType}
            >
              <Group gap="xl" mt={8}>
                <Radio value="Company" label="Company" />
                <Radio value="End User" label="End User" />
              </Group>
            </Radio.Group>
          </>
        ) : null}
        {form.showCompany ? (
          <TextInput
            label="Company name"
            withAsterisk={form.isBuyer}
            value={fields.company}
            maxLength={150}
            onChange={(event) => form.set('company', event.currentTarget.value)}
            error={errors.hardwareName}
          />
        ) : null}
      </Stack>
    </Section>
  );
}

/** Build Credit information, shown only while the line is active (spec 2 Profile). Two decimals. */
export function BuildCreditSection({ summary }: { summary: BuildCreditSummary | undefined }) {
  if (summary?.buildcredit_status !== 'active') return null;
  return (
    <Section title="Build Credit">
      <SimpleGrid cols={{ base: 2, sm: 3 }}>
        <Shown label="Current balance" value={formatPeso2(summary.current_bal)} />
        <Shown label="Terms" value={`${summary.credit_terms} days`} />
        <Shown label="PDC sent" value={summary.pdc_sent} />
        <Shown label="Approved credit limit" value={formatPeso2(summary.approved_credit_limit)} />
        <Shown label="Used credit limit" value={formatPeso2(summary.used_credit_limit)} />
      </SimpleGrid>
    </Section>
  );
}

/** Contact and identification: verification status, face capture (webcam or upload) and e-signature. */
export function IdentificationSection({
  profile,
  form,
  impersonating,
}: {
  profile: ProfileDetail;
  form: ProfileForm;
  impersonating: boolean;
}) {
  const verified = profile.verification_status === 'VERIFIED';
  return (
    <Section title="Contact and identification">
      <Stack gap="md">
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            Verification Status
          </Text>
          <Badge color={verified ? 'green' : 'yellow'} variant="light" size="lg">
            {profile.verification_status}
          </Badge>
        </Group>
        {form.editing && impersonating ? (
          <Text size="sm" c="dimmed">
            The face photo and signature must be the customer's own: they change them when signed in to their account.
          </Text>
        ) : null}
        {form.editing && !impersonating ? (
          <>
            <FaceCapture onCapture={form.setFace} error={form.errors.client_facial_verification} />
            <FileInput
              label="Or upload a face photo"
              description="If the camera cannot be used: a PNG or JPEG photo of your face, at most 3 MB."
              accept="image/png,image/jpeg"
              clearable
              value={form.face instanceof File ? form.face : null}
              onChange={(file) => form.setFace(file)}
            />
            <SignaturePad
              canvasRef={form.signatureCanvas}
              onInk={form.inkSignature}
              error={form.errors.client_signature}
            />
            {profile.client_signature ? (
              <Text size="xs" c="dimmed" mt={-8}>
                Leave the box empty to keep the signature on file.
              </Text>
            ) : null}
          </>
        ) : null}
        {form.editing ? null : (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <div>
              <Text size="sm" c="dimmed" mb={4}>
                Face verification
              </Text>
              <StoredImage kind="face" url={profile.client_facial_verification} alt="Face verification photo" />
            </div>
            <div>
              <Text size="sm" c="dimmed" mb={4}>
                E-signature
              </Text>
              <StoredImage kind="signature" url={profile.client_signature} alt="E-signature" />
            </div>
          </SimpleGrid>
        )}
      </Stack>
    </Section>
  );
}

/** Basic information: names, phone (locked once known) and the address with CHANGE ADDRESS. */
export function BasicInformationSection({ profile, form }: { profile: ProfileDetail; form: ProfileForm }) {
  const phoneKnown = Boolean(profile.phone?.trim());
  const { fields, errors } = form;
  const changeAddress = `/change-address/${profile.id}?returnUrl=${encodeURIComponent(`/profile/${profile.id}`)}`;
  return (
    <Section title="Basic information">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {form.editing ? (
          <>
            <TextInput
              label="First name"
              withAsterisk
              maxLength={80}
              value={fields.firstName}
              onChange={(event) => form.set('firstName', event.currentTarget.value)}
              error={errors.firstName}
            />
            <TextInput
              label="Last name"
              withAsterisk
              maxLength={80}
              value={fields.lastName}
              onChange={(event) => form.set('lastName', event.currentTarget.value)}
              error={errors.lastName}
            />
            <TextInput
              label="Phone number"
              withAsterisk
              value={fields.phone}
              readOnly={phoneKnown}
              disabled={phoneKnown}
              description={phoneKnown ? 'Your phone number is already on file.' : '09XXXXXXXXX or +639XXXXXXXXX'}
              inputMode="tel"
              onChange={(event) => form.set('phone', phoneFieldValue(event.currentTarget.value))}
              error={errors.phone}
            />
          </>
        ) : (
          <>
            <Shown label="First name" value={profile.first_name} />
            <Shown label="Last name" value={profile.last_name} />
            <Shown label="Phone number" value={profile.phone} />
          </>
        )}
        <div>
          <Shown label="Address" value={profile.address} />
          <Anchor component={Link} to={changeAddress} fw={700} size="sm">
            CHANGE ADDRESS
          </Anchor>
        </div>
      </SimpleGrid>
    </Section>
  );
}

/** BIR 2303 certificate upload (.jpg .jpeg .png .gif .pdf). */
export function Bir2303Section({ profile, form }: { profile: ProfileDetail; form: ProfileForm }) {
  return (
    <Section title="BIR 2303 certificate">
      <Stack gap="sm">
        <StoredCertificate url={profile.file_2303} />
        {form.editing ? (
          <FileInput
            label="Upload BIR 2303"
            description="Accepted: .jpg, .jpeg, .png, .gif, .pdf (at most 3 MB)."
            accept={bir2303Accept}
            clearable
            value={form.certificate}
            onChange={form.chooseCertificate}
            error={form.errors.file_2303}
          />
        ) : null}
      </Stack>
    </Section>
  );
}

/** Email and password, with the change-password popup. */
export function EmailPasswordSection({
  profile,
  onChangePassword,
}: {
  profile: ProfileDetail;
  onChangePassword?: () => void;
}) {
  return (
    <Section title="Email and password">
      <Group justify="space-between" align="flex-end">
        <Shown label="Email" value={profile.email} />
        {onChangePassword ? (
          <Button variant="light" onClick={onChangePassword}>
            CHANGE PASSWORD
          </Button>
        ) : null}
      </Group>
    </Section>
  );
}
