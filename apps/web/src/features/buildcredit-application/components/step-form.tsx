import { Alert, Stack, Title } from '@mantine/core';
import { creditApplicationMessages as words } from '@tibay/contract';
import type { ReactNode } from 'react';

/** A form step: its heading, 'Please fill required fields.' while any field is refused, and NEXT on submit. */
export function StepForm({
  title,
  errors,
  onNext,
  children,
}: {
  title: string;
  errors: Record<string, string>;
  onNext: () => void;
  children: ReactNode;
}) {
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onNext();
      }}
    >
      <Stack gap="md">
        <Title order={2} size="h3">
          {title}
        </Title>
        {Object.keys(errors).length ? (
          <Alert color="red" role="alert">
            {words.fillRequired}
          </Alert>
        ) : null}
        {children}
      </Stack>
    </form>
  );
}
