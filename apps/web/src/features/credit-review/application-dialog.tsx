import { Alert, Badge, Divider, Modal, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { CreditReviewDetail } from '@tibay/contract';
import { formatPeso2 } from '@tibay/contract';
import { manilaTime } from '../../lib/order-labels.ts';
import { useCreditApplication } from './api.ts';
import { CreditFiles } from './credit-files.tsx';
import { DecisionForm } from './decision-form.tsx';
import { StatusBadge } from './status-badge.tsx';

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
        <Item label="Customer ID" value={detail.customer.id} />
        <Item label="Name" value={detail.customer.name} />
        <Item label="Email" value={detail.customer.email} />
      </SimpleGrid>
      <Title order={3} size="h5">
        Company information
      </Title>
      <SimpleGrid {...grid}>
        <Item label="Credit Limit" value={f1.creditLimit ? `₱${f1.creditLimit.toLocaleString('en-PH')}.00` : null} />
        <Item label="Credit Terms" value={f1.creditTerms ? `${f1.creditTerms} days` : null} />
        <Item label="Company Name" value={f1.companyName} />
        <Item label="Company Email" value={f1.companyEmail} />
        <Item label="Contact Person" value={f1.contactPerson} />
        <Item label="Mobile Phone" value={f1.mobilePhone} />
        <Item label="Alternative Mobile Phone" value={f1.alternativeMobilePhone} />
        <Item label="Landline" value={f1.landline} />
        <Item label="Owner Name" value={f1.ownerName} />
        <Item label="Owner Mobile Phone" value={f1.ownerMobilePhone} />
        <Item
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
        <Item label="Additional Information" value={f1.additionalInformation} />
      </SimpleGrid>
      <Title order={3} size="h5">
        Bank information
      </Title>
      <SimpleGrid {...grid}>
        <Item label="Bank Name" value={f2.bankName} />
        <Item label="Bank Branch Name" value={f2.bankBranchName} />
        <Item label="Bank Account Name" value={f2.bankAccountName} />
        <Item label="Bank Account Number" value={f2.bankAccountNumber} />
        <Item label="Bank Manager" value={`${f2.bankMgrFirstName} ${f2.bankMgrLastName}`.trim()} />
        <Item label="Bank Manager Phone Number" value={f2.bankMgrPhoneNumber} />
        <Item label="Bank Email" value={f2.bankEmail} />
      </SimpleGrid>
      <Title order={3} size="h5">
        Trade reference
      </Title>
      <SimpleGrid {...grid}>
        <Item label="Company Name" value={f2.tradeRefCompanyName} />
        <Item
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
        <Item label="Company Phone" value={f2.tradeCompanyPhone} />
        <Item label="Date of Account Opening" value={f2.tradeDateOfAccountOpening} />
        <Item label="Customer Phone" value={f2.tradeCustomerPhone} />
      </SimpleGrid>
    </Stack>
  );
}

/** One application: every field and file, the buyer's line, the last decision, and the decision form if Pending. */
export function ApplicationDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const detail = useCreditApplication(id);
  const data = detail.data;
  return (
    <Modal
      opened={id !== null}
      onClose={onClose}
      title={
        data
          ? `BuildCredit application: ${data.application.form_1.companyName || data.customer.name}`
          : 'BuildCredit application'
      }
      size="min(960px, 96vw)"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {detail.isPending ? (
        <Skeleton h={320} aria-label="Loading..." />
      ) : detail.isError || !data ? (
        <Alert color="red" role="alert">
          This application could not be loaded.
        </Alert>
      ) : (
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
    </Modal>
  );
}
