import { Alert, Button, Checkbox, Group, Modal, Radio, Stack, Stepper, Table, Text, TextInput } from '@mantine/core';
import {
  formatPeso2,
  type SalesImportResult,
  type SalesImportVerifyResult,
  type ShippingType,
  salesImportMessages,
  shippingMethods,
  shippingTypes,
} from '@tibay/contract';
import { useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { useImportSalesOrder } from './api.ts';

const steps = ['Total', 'Customer ID', 'Seller ID', 'Shipping method', 'Voucher', 'Agent code', 'Summary'] as const;

interface Props {
  opened: boolean;
  onClose: () => void;
  file: File;
  sellerID: string;
  verification: SalesImportVerifyResult;
  /** One key per verified file: submitting the same import twice places one order. */
  idempotencyKey: string;
  onImported: (result: SalesImportResult) => void;
}

/**
 * The order upload wizard (spec 3 §2.4): total, customer ID, seller ID, shipping method, voucher, agent code,
 * summary; then Submit or Cancel. The server checks everything again (the file, the total, the customer, the voucher
 * and the agent by the checkout's rules).
 */
export function ImportWizard({ opened, onClose, file, sellerID, verification, idempotencyKey, onImported }: Props) {
  const [active, setActive] = useState(0);
  const [customerID, setCustomerID] = useState('');
  const [shipping, setShipping] = useState<ShippingType>('standard');
  const [hasVoucher, setHasVoucher] = useState(false);
  const [voucherCode, setVoucherCode] = useState('');
  const [agentCode, setAgentCode] = useState('');
  const [stepError, setStepError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const submit = useImportSalesOrder();

  const problemAt = (step: number): string | null => {
    if (step === 1 && !/^\d{1,10}$/.test(customerID.trim())) return salesImportMessages.customerRequired;
    if (step === 4 && hasVoucher && !voucherCode.trim()) return salesImportMessages.voucherRequired;
    return null;
  };
  const next = () => {
    const problem = problemAt(active);
    setStepError(problem);
    if (!problem) setActive((step) => Math.min(step + 1, steps.length - 1));
  };
  const back = () => {
    setStepError(null);
    setActive((step) => Math.max(step - 1, 0));
  };

  const send = async () => {
    setFailure(null);
    try {
      const result = await submit.mutateAsync({
        file,
        key: idempotencyKey,
        data: {
          totalAmount: verification.totalAmount,
          customerID: Number(customerID.trim()),
          sellerID: Number(sellerID),
          shippingMethod: shipping,
          hasVoucher,
          voucherCode: hasVoucher ? voucherCode.trim() : '',
          agentCode: agentCode.trim(),
          fileDigest: verification.fileDigest,
        },
      });
      setActive(0);
      onImported(result);
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : '');
    }
  };

  const summary: [string, string][] = [
    ['Total', formatPeso2(verification.totalAmount)],
    ['Products', String(verification.results.length)],
    ['Customer ID', customerID.trim()],
    ['Seller ID', sellerID],
    ['Shipping method', shippingMethods[shipping].label],
    ['Voucher', hasVoucher ? voucherCode.trim() : 'None'],
    ['Agent code', agentCode.trim() || "The customer's agent, if any"],
  ];

  return (
    <Modal opened={opened} onClose={onClose} title="Upload sales order" size={700} centered>
      <Stack gap="md">
        <Stepper active={active} size="xs" allowNextStepsSelect={false} aria-hidden visibleFrom="sm">
          {steps.map((label) => (
            <Stepper.Step key={label} aria-label={label} />
          ))}
        </Stepper>
        <Text fw={600} aria-live="polite">
          Step {active + 1} of {steps.length}: {steps[active]}
        </Text>
        {active === 0 ? (
          <TextInput
            label="Total amount"
            description="Quantity times discounted price per item, over every row of the verified file"
            value={formatPeso2(verification.totalAmount)}
            readOnly
          />
        ) : null}
        {active === 1 ? (
          <TextInput
            label="Customer ID"
            value={customerID}
            onChange={(event) => setCustomerID(event.currentTarget.value)}
            inputMode="numeric"
            error={stepError}
            data-autofocus
          />
        ) : null}
        {active === 2 ? (
          <TextInput label="Seller ID" description="The seller the file was verified for" value={sellerID} readOnly />
        ) : null}
        {active === 3 ? (
          <Radio.Group
            label="Shipping method"
            value={shipping}
            onChange={(value) => setShipping(value as ShippingType)}
          >
            <Stack gap="xs" mt="xs">
              {shippingTypes.map((type) => (
                <Radio key={type} value={type} label={shippingMethods[type].label} />
              ))}
            </Stack>
          </Radio.Group>
        ) : null}
        {active === 4 ? (
          <Stack gap="sm">
            <Checkbox
              label="The order has a voucher"
              checked={hasVoucher}
              onChange={(event) => setHasVoucher(event.currentTarget.checked)}
            />
            {hasVoucher ? (
              <TextInput
                label="Voucher code"
                value={voucherCode}
                onChange={(event) => setVoucherCode(event.currentTarget.value)}
                error={stepError}
              />
            ) : null}
          </Stack>
        ) : null}
        {active === 5 ? (
          <TextInput
            label="Agent code"
            description="Leave it empty for the customer's own agent"
            value={agentCode}
            onChange={(event) => setAgentCode(event.currentTarget.value)}
          />
        ) : null}
        {active === 6 ? (
          <Table withTableBorder>
            <Table.Tbody>
              {summary.map(([label, value]) => (
                <Table.Tr key={label}>
                  <Table.Th w={180}>{label}</Table.Th>
                  <Table.Td>{value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
        {failure !== null ? (
          <Alert color="red" role="alert" title={salesImportMessages.importFailed}>
            {failure ? salesImportMessages.importError.replace('{message}', failure) : null}
          </Alert>
        ) : null}
        <Group justify="space-between">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Group gap="xs">
            {active > 0 ? (
              <Button variant="light" onClick={back}>
                Back
              </Button>
            ) : null}
            {active < steps.length - 1 ? (
              <Button onClick={next}>Next</Button>
            ) : (
              <Button onClick={() => void send()} loading={submit.isPending}>
                Submit
              </Button>
            )}
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
