import {
  Button,
  FileInput,
  Group,
  Modal,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPaperclip } from '@tabler/icons-react';
import { bankTransferPayee, type CardBilling, onlineChannels } from '@tibay/contract';
import { useState } from 'react';

const countries = [
  { value: 'PH', label: 'Philippines' },
  { value: 'SG', label: 'Singapore' },
  { value: 'MY', label: 'Malaysia' },
  { value: 'HK', label: 'Hong Kong' },
  { value: 'JP', label: 'Japan' },
  { value: 'AE', label: 'United Arab Emirates' },
  { value: 'SA', label: 'Saudi Arabia' },
  { value: 'AU', label: 'Australia' },
  { value: 'CA', label: 'Canada' },
  { value: 'GB', label: 'United Kingdom' },
  { value: 'US', label: 'United States' },
];

/** Card payments: the billing details (spec 2 §3); the card number is entered on the gateway's page. */
export function CardBillingForm({ form }: { form: UseFormReturnType<CardBilling> }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="billing">
      <Title order={2} id="billing" fz="lg" mb="sm">
        Card billing details
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <TextInput label="First name" withAsterisk {...form.getInputProps('firstName')} />
        <TextInput label="Middle name" {...form.getInputProps('middleName')} />
        <TextInput label="Last name" withAsterisk {...form.getInputProps('lastName')} />
      </SimpleGrid>
      <TextInput label="Billing address" withAsterisk mt="sm" {...form.getInputProps('billingAddress')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mt="sm">
        <TextInput label="City" withAsterisk {...form.getInputProps('billingCity')} />
        <TextInput label="State / Province" {...form.getInputProps('billingState')} />
        <Select
          label="Country"
          withAsterisk
          data={countries}
          searchable
          allowDeselect={false}
          {...form.getInputProps('billingCountry')}
        />
        <TextInput label="ZIP code" withAsterisk {...form.getInputProps('billingZip')} />
      </SimpleGrid>
      <Text fz="xs" c="dimmed" mt="sm">
        You enter your card number on the secure payment page that opens after you press PAY.
      </Text>
    </Paper>
  );
}

/** Online Payment: the gateway channel (e-wallet or online bank). */
export function OnlineChannelChoice({
  value,
  error,
  onChange,
}: {
  value: string | null;
  error?: string;
  onChange: (channel: string) => void;
}) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section">
      <Radio.Group
        label="Payment channel"
        labelProps={{ fz: 'lg', fw: 700 }}
        value={value}
        onChange={onChange}
        error={error}
      >
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs" mt="xs">
          {onlineChannels.map((c) => (
            <Paper key={c.code} withBorder radius="sm" px="sm" py={8}>
              <Radio value={c.code} label={c.label} />
            </Paper>
          ))}
        </SimpleGrid>
      </Radio.Group>
    </Paper>
  );
}

/** Bank Transfer (payee and the proof image) or an over-the-counter channel, each with SHOW INSTRUCTION. */
export function OfflinePayment({
  bankTransfer,
  instructions,
  proof,
  proofError,
  onProofChange,
}: {
  bankTransfer: boolean;
  /** The SHOW INSTRUCTION lines (paymentInstructions). */
  instructions: string[];
  proof: File | null;
  proofError?: string;
  onProofChange: (file: File | null) => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section">
      <Group justify="space-between" gap="sm">
        <Text fw={700}>{bankTransfer ? 'Pay by bank transfer' : 'Pay over the counter'}</Text>
        <Button variant="outline" size="xs" onClick={() => setOpen(true)}>
          SHOW INSTRUCTION
        </Button>
      </Group>
      {bankTransfer ? (
        <>
          <Stack gap={2} mt="sm" aria-label="Payee details">
            <Payee label="Bank">{bankTransferPayee.bank}</Payee>
            <Payee label="Account name">{bankTransferPayee.accountName}</Payee>
            <Payee label="Account number">{bankTransferPayee.accountNumber}</Payee>
          </Stack>
          <FileInput
            mt="sm"
            label="Proof of payment"
            description="A photo or screenshot of your transfer receipt (image only)"
            placeholder="Choose an image"
            accept="image/*"
            withAsterisk
            clearable
            leftSection={<IconPaperclip size={16} aria-hidden />}
            value={proof}
            onChange={onProofChange}
            error={proofError}
          />
        </>
      ) : null}
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        centered
        title={bankTransfer ? 'Bank transfer instructions' : 'Over-the-counter instructions'}
      >
        <Stack gap="xs">
          {instructions.map((line) => (
            <Text key={line} fz="sm">
              {line}
            </Text>
          ))}
          <Button mt="sm" onClick={() => setOpen(false)}>
            OK
          </Button>
        </Stack>
      </Modal>
    </Paper>
  );
}

function Payee({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Text fz="sm">
      <Text span c="dimmed" fz="sm">
        {label}:{' '}
      </Text>
      {children}
    </Text>
  );
}

/** The optional purchase order (an image). */
export function PurchaseOrderInput({
  value,
  error,
  onChange,
}: {
  value: File | null;
  error?: string;
  onChange: (file: File | null) => void;
}) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section">
      <FileInput
        label="Purchase order (optional)"
        description="Attach your company's purchase order as an image"
        placeholder="Choose an image"
        accept="image/*"
        clearable
        leftSection={<IconPaperclip size={16} aria-hidden />}
        value={value}
        onChange={onChange}
        error={error}
      />
    </Paper>
  );
}
