import { Badge, Divider, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { CreditReviewDetail } from '@tibay/contract';
import { formatPeso2 } from '@tibay/contract';
import { LabelledValue } from '../../components/labelled-value.tsx';
import { ReviewDialog } from '../../components/review-queue.tsx';
import { manilaTime } from '../../lib/order-labels.ts';
import { useCreditApplication } from './api.ts';
import { CreditFiles } from './credit-files.tsx';
import { DecisionForm } from './decision-form.tsx';
import { StatusBadge } from './status-badge.tsx';

function Fields({ detail }: { detail: CreditReviewDetail }) {
  const f1 = detail.application.form_1;
  const f2 = detail.application.form_2;
  const grid = { cols: { base: 1, xs: 2, sm: 3 }, spacing: 'xs' } as const;
  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        Buyer
      </Title>
      <SimpleGrid {...grid}>
        <LabelledValue label="Customer ID" value={detail.customer.id} />
        <LabelledValue label="Name" value={detail.customer.name} />
        <LabelledValue label="Email" value={detail.customer.email} />
      </SimpleGrid>
      <Title order={3} size="h5">
        Company information
      </Title>
      <SimpleGrid {...grid}>
        <LabelledValue
          label="Credit Limit"
          value={f1.creditLimit ? `₱${f1.creditLimit.toLocaleString('en-PH')}.00` : null}
        />
        <LabelledValue label="Credit Terms" value={f1.creditTerms ? `${f1.creditTerms} days` : null} />
        <LabelledValue label="Company Name" value={f1.companyName} />
        <LabelledValue label="Company Email" value={f1.companyEmail} />
        <LabelledValue label="Contact Person" value={f1.contactPerson} />
        <LabelledValue label="Mobile Phone" value={f1.mobilePhone} />
        <LabelledValue label="Alternative Mobile Phone" value={f1.alternativeMobilePhone} />
        <LabelledValue label="Landline" value={f1.landline} />
        <LabelledValue label="Owner Name" value={f1.ownerName} />
        <LabelledValue label="Owner Mobile Phone" value={f1.ownerMobilePhone} />
        <LabelledValue
          label="Address"
          value={[
            f1.addressLine1,
            f1.addressLine2,
            f1.companyBrgy,
            f1.companyCity,
            f1.area,
            f1.islandGroup,
            f1.postCode,
          ]
            .filter(Boolean)
            .join(', ')}
        />
        <LabelledValue label="Additional Information" value={f1.additionalInformation} />
      </SimpleGrid>
      <Title order={3} size="h5">
        Bank information
      </Title>
      <SimpleGrid {...grid}>
        <LabelledValue label="Bank Name" value={f2.bankName} />
        <LabelledValue label="Bank Branch Name" value={f2.bankBranchName} />
        <LabelledValue label="Bank Account Name" value={f2.bankAccountName} />
        <LabelledValue label="Bank Account Number" value={f2.bankAccountNumber} />
        <LabelledValue label="Bank Manager" value={`${f2.bankMgrFirstName} ${f2.bankMgrLastName}`.trim()} />
        <LabelledValue label="Bank Manager Phone Number" value={f2.bankMgrPhoneNumber} />
        <LabelledValue label="Bank Email" value={f2.bankEmail} />
      </SimpleGrid>
      <Title order={3} size="h5">
        Trade reference
      </Title>
      <SimpleGrid {...grid}>
        <LabelledValue label="Company Name" value={f2.tradeRefCompanyName} />
        <LabelledValue
          label="Address"
          value={[
            f2.tradeCompanyAddressLine1,
            f2.tradeCompanyAddressLine2,
            f2.tradeCompanyBrgy,
            f2.tradeCompanyCity,
            f2.tradeCompanyArea,
            f2.tradeCompanyPostCode,
          ]
            .filter(Boolean)
            .join(', ')}
        />
        <LabelledValue label="Company Phone" value={f2.tradeCompanyPhone} />
        <LabelledValue label="Date of Account Opening" value={f2.tradeDateOfAccountOpening} />
        <LabelledValue label="Customer Phone" value={f2.tradeCustomerPhone} />
      </SimpleGrid>
    </Stack>
  );
}

/** One application: every field and file, the buyer's line, the last decision, and the decision form if Pending. */
export function ApplicationDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const detail = useCreditApplication(id);
  const loaded = detail.data;
  return (
    <ReviewDialog
      opened={id !== null}
      onClose={onClose}
      title={
        loaded
          ? `BuildCredit application: ${loaded.application.form_1.companyName || loaded.customer.name}`
          : 'BuildCredit application'
      }
      size="min(960px, 96vw)"
      query={detail}
    >
      {(data) => (
        <Stack gap="md">
          <Stack gap={4}>
            <StatusBadge status={data.application.status} />
            <Text size="sm">
              Submitted: {data.application.submitted_at ? manilaTime(data.application.submitted_at) : '—'}
            </Text>
            {data.application.decided_at ? (
              <Text size="sm">
                Last decision: {manilaTime(data.application.decided_at)}
                {data.decided_by ? ` by ${data.decided_by}` : ''}
                {data.application.decision_note ? ` — ${data.application.decision_note}` : ''}
              </Text>
            ) : null}
            {data.application.documents_note ? (
              <Text size="sm">Documents asked for: {data.application.documents_note}</Text>
            ) : null}
            {data.line ? (
              <Text size="sm">
                BuildCredit line: <Badge variant="light">{data.line.status}</Badge> limit{' '}
                {formatPeso2(data.line.approved_limit)}, used {formatPeso2(data.line.used)}, balance{' '}
                {formatPeso2(data.line.balance)}, {data.line.terms_days}-day terms
              </Text>
            ) : null}
          </Stack>
          <Fields detail={data} />
          <Divider />
          <Title order={3} size="h5">
            Files
          </Title>
          <CreditFiles application={data.application} />
          <Divider />
          {data.application.status === 'Pending' ? (
            <DecisionForm key={data.application.updated_at} detail={data} />
          ) : (
            <Text size="sm" c="dimmed">
              Only a Pending application can be decided.
            </Text>
          )}
        </Stack>
      )}
    </ReviewDialog>
  );
}
