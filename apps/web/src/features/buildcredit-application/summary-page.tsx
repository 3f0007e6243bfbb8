import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  type CreditApplication,
  creditFileFields,
  creditFileLabels,
  creditApplicationMessages as words,
} from '@tibay/contract';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { useSubmission } from './api.ts';
import { ApplicationShell, useDraftSaved } from './components/application-shell.tsx';
import { LeaveGuardDialog, useLeaveGuard } from './components/leave-guard.tsx';

function Item({ label, value }: { label: string; value: string | number | null | undefined }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {value === null || value === undefined || value === '' ? '—' : value}
      </Text>
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card withBorder padding="md" radius="md">
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="sm">
        {children}
      </SimpleGrid>
    </Card>
  );
}

/** Every saved field of both steps and the files, read-only (also used by nothing else: the review has its own). */
function Summary({ application }: { application: CreditApplication | null }) {
  const guard = useLeaveGuard(false);
  const submission = useSubmission();
  const navigate = useNavigate();
  const draftSaved = useDraftSaved();
  const f1 = application?.form_1;
  const f2 = application?.form_2;
  const peso = (amount: number | null | undefined) => (amount ? `₱${amount.toLocaleString('en-PH')}` : null);

  const saveDraft = async () => {
    try {
      await submission.mutateAsync({ status: 'Draft', termsAccepted: false });
      draftSaved();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      toast(error.status === 409 ? error.message : words.saveError, 'error');
    }
  };

  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        Summary
      </Title>
      <Text size="sm">Please check your application before you continue to the consent form.</Text>
      <Section title="Company Information">
        <Item label="Credit Limit" value={peso(f1?.creditLimit)} />
        <Item label="Credit Terms" value={f1?.creditTerms ? `${f1.creditTerms} days` : null} />
        <Item label="Company Name" value={f1?.companyName} />
        <Item label="Company Email" value={f1?.companyEmail} />
        <Item label="Contact Person" value={f1?.contactPerson} />
        <Item label="Mobile Phone" value={f1?.mobilePhone} />
        <Item label="Alternative Mobile Phone" value={f1?.alternativeMobilePhone} />
        <Item label="Landline" value={f1?.landline} />
        <Item label="Owner Name" value={f1?.ownerName} />
        <Item label="Owner Mobile Phone" value={f1?.ownerMobilePhone} />
        <Item label="Island Group" value={f1?.islandGroup} />
        <Item label="Area" value={f1?.area} />
        <Item label="City" value={f1?.companyCity} />
        <Item label="Barangay" value={f1?.companyBrgy} />
        <Item label="Post Code" value={f1?.postCode} />
        <Item label="Address Line 1" value={f1?.addressLine1} />
        <Item label="Address Line 2" value={f1?.addressLine2} />
        <Item label="Additional Information" value={f1?.additionalInformation} />
      </Section>
      <Section title="Bank Information">
        <Item label="Bank Name" value={f2?.bankName} />
        <Item label="Bank Branch Name" value={f2?.bankBranchName} />
        <Item label="Bank Account Name" value={f2?.bankAccountName} />
        <Item label="Bank Account Number" value={f2?.bankAccountNumber} />
        <Item label="Bank Manager" value={[f2?.bankMgrFirstName, f2?.bankMgrLastName].filter(Boolean).join(' ')} />
        <Item label="Bank Manager Phone Number" value={f2?.bankMgrPhoneNumber} />
        <Item label="Bank Email" value={f2?.bankEmail} />
      </Section>
      <Section title="Trade Reference">
        <Item label="Company Name" value={f2?.tradeRefCompanyName} />
        <Item label="Area" value={f2?.tradeCompanyArea} />
        <Item label="City" value={f2?.tradeCompanyCity} />
        <Item label="Barangay" value={f2?.tradeCompanyBrgy} />
        <Item
          label="Address"
          value={[f2?.tradeCompanyAddressLine1, f2?.tradeCompanyAddressLine2].filter(Boolean).join(', ')}
        />
        <Item label="Post Code" value={f2?.tradeCompanyPostCode} />
        <Item label="Company Phone" value={f2?.tradeCompanyPhone} />
        <Item label="Date of Account Opening" value={f2?.tradeDateOfAccountOpening} />
        <Item label="Customer Phone" value={f2?.tradeCustomerPhone} />
      </Section>
      <Section title="Documents">
        {creditFileFields.map((field) => (
          <Item
            key={field}
            label={creditFileLabels[field]}
            value={application?.files[field] ? 'Uploaded' : 'Not uploaded'}
          />
        ))}
      </Section>
      <Group justify="space-between" gap="sm">
        <Button component={Link} to="/BankInformation" variant="subtle">
          BACK
        </Button>
        <Group gap="sm">
          <Button variant="default" onClick={() => void saveDraft()} loading={submission.isPending}>
            SAVE AS DRAFT
          </Button>
          <Button onClick={() => navigate('/ConsentForm')}>NEXT</Button>
        </Group>
      </Group>
      <LeaveGuardDialog blocker={guard.blocker} />
    </Stack>
  );
}

/** /BuildcreditSummary: step 3, the review of what was saved (spec 3 §2.2, §3: with city, barangay and post code). */
export default function SummaryPage() {
  return <ApplicationShell step={2}>{(detail) => <Summary application={detail} />}</ApplicationShell>;
}
