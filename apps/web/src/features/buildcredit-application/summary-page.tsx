import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  type CreditApplication,
  creditFileFields,
  creditFileLabels,
  creditApplicationMessages as words,
} from '@tibay/contract';
import { Link, useNavigate } from 'react-router';
import { LabelledValue } from '../../components/labelled-value.tsx';
import { ApiError } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { useSubmission } from './api.ts';
import { ApplicationShell, useDraftSaved } from './components/application-shell.tsx';
import { LeaveGuardDialog, useLeaveGuard } from './components/leave-guard.tsx';

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
        <LabelledValue label="Credit Limit" value={peso(f1?.creditLimit)} />
        <LabelledValue label="Credit Terms" value={f1?.creditTerms ? `${f1.creditTerms} days` : null} />
        <LabelledValue label="Company Name" value={f1?.companyName} />
        <LabelledValue label="Company Email" value={f1?.companyEmail} />
        <LabelledValue label="Contact Person" value={f1?.contactPerson} />
        <LabelledValue label="Mobile Phone" value={f1?.mobilePhone} />
        <LabelledValue label="Alternative Mobile Phone" value={f1?.alternativeMobilePhone} />
        <LabelledValue label="Landline" value={f1?.landline} />
        <LabelledValue label="Owner Name" value={f1?.ownerName} />
        <LabelledValue label="Owner Mobile Phone" value={f1?.ownerMobilePhone} />
        <LabelledValue label="Island Group" value={f1?.islandGroup} />
        <LabelledValue label="Area" value={f1?.area} />
        <LabelledValue label="City" value={f1?.companyCity} />
        <LabelledValue label="Barangay" value={f1?.companyBrgy} />
        <LabelledValue label="Post Code" value={f1?.postCode} />
        <LabelledValue label="Address Line 1" value={f1?.addressLine1} />
        <LabelledValue label="Address Line 2" value={f1?.addressLine2} />
        <LabelledValue label="Additional Information" value={f1?.additionalInformation} />
      </Section>
      <Section title="Bank Information">
        <LabelledValue label="Bank Name" value={f2?.bankName} />
        <LabelledValue label="Bank Branch Name" value={f2?.bankBranchName} />
        <LabelledValue label="Bank Account Name" value={f2?.bankAccountName} />
        <LabelledValue label="Bank Account Number" value={f2?.bankAccountNumber} />
        <LabelledValue
          label="Bank Manager"
          value={[f2?.bankMgrFirstName, f2?.bankMgrLastName].filter(Boolean).join(' ')}
        />
        <LabelledValue label="Bank Manager Phone Number" value={f2?.bankMgrPhoneNumber} />
        <LabelledValue label="Bank Email" value={f2?.bankEmail} />
      </Section>
      <Section title="Trade Reference">
        <LabelledValue label="Company Name" value={f2?.tradeRefCompanyName} />
        <LabelledValue label="Area" value={f2?.tradeCompanyArea} />
        <LabelledValue label="City" value={f2?.tradeCompanyCity} />
        <LabelledValue label="Barangay" value={f2?.tradeCompanyBrgy} />
        <LabelledValue
          label="Address"
          value={[f2?.tradeCompanyAddressLine1, f2?.tradeCompanyAddressLine2].filter(Boolean).join(', ')}
        />
        <LabelledValue label="Post Code" value={f2?.tradeCompanyPostCode} />
        <LabelledValue label="Company Phone" value={f2?.tradeCompanyPhone} />
        <LabelledValue label="Date of Account Opening" value={f2?.tradeDateOfAccountOpening} />
        <LabelledValue label="Customer Phone" value={f2?.tradeCustomerPhone} />
      </Section>
      <Section title="Documents">
        {creditFileFields.map((field) => (
          <LabelledValue
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
