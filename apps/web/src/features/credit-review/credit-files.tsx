import { Anchor, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import { type CreditApplication, type CreditFileKind, creditFileKinds, creditFileLabels } from '@tibay/contract';
import { useObjectUrl } from '../../lib/use-object-url.ts';
import { useCreditFile } from './api.ts';

function StoredFile({ id, field, version }: { id: number; field: CreditFileKind; version: string }) {
  const file = useCreditFile(id, field, version);
  const src = useObjectUrl(file.data);
  const label = creditFileLabels[field];
  if (file.isError) return <Text c="red.8">This file could not be loaded.</Text>;
  if (!src || !file.data) return <Text c="dimmed">Loading...</Text>;
  if (file.data.type === 'application/pdf') {
    return (
      <Anchor href={src} target="_blank" rel="noopener" download={`${field}-${id}.pdf`}>
        Open the {label} (PDF)
      </Anchor>
    );
  }
  return (
    <Anchor href={src} target="_blank" rel="noopener" aria-label={`Open the ${label} full size`}>
      <Image
        src={src}
        alt={label}
        maw={260}
        mah={160}
        fit="contain"
        radius="sm"
        bd="1px solid var(--mantine-color-gray-3)"
        bg="white"
      />
    </Anchor>
  );
}

/** Every file of an application (the ten and the signature), read with the admin cookie. */
export function CreditFiles({ application }: { application: CreditApplication }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="sm">
      {creditFileKinds.map((field) => {
        const stored = application.files[field];
        return (
          <Stack key={field} gap={4} component="section" aria-label={creditFileLabels[field]}>
            <Text size="xs" c="dimmed">
              {creditFileLabels[field]}
            </Text>
            {stored ? (
              <StoredFile id={application.id} field={field} version={stored.uploaded_at} />
            ) : (
              <Text size="sm" c="dimmed">
                None uploaded.
              </Text>
            )}
          </Stack>
        );
      })}
    </SimpleGrid>
  );
}
