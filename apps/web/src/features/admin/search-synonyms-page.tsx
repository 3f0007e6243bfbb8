import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Modal,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconPencil, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { type SearchSynonym, searchSynonymForm, searchWords, synonymMessages } from '@tibay/contract';
import { useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { manilaTime } from '../../lib/order-labels.ts';
import { toast } from '../../lib/toast.ts';
import { useDeleteSearchSynonym, useSaveSearchSynonym, useSearchSynonyms } from './api.ts';

/** The rule being edited: null when adding one. */
type Editing = { rule: SearchSynonym | null } | null;

/**
 * /admin-v2/search-synonyms: the trade's words search also reads as the catalogue's ("yero" also searches
 * corrugated gi sheet). List, filter, add, change and delete (after confirming); each change is audited.
 */
export default function SearchSynonymsPage() {
  const rules = useSearchSynonyms();
  const [filter, setFilter] = useState('');
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<SearchSynonym | null>(null);

  const wanted = searchWords(filter).join(' ');
  const shown = (rules.data?.items ?? []).filter(
    (rule) => !wanted || rule.term.includes(wanted) || rule.synonyms.some((phrase) => phrase.includes(wanted)),
  );

  return (
    <Stack gap="md" maw={960}>
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          Search synonyms
        </Title>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({ rule: null })}>
          Add synonym
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        Buyers search in Filipino, Taglish and trade slang. Searching a buyer's word also searches each of its synonyms,
        in search results and in the header's suggestions. Changes take effect in search within seconds.
      </Text>
      <TextInput
        label="Filter"
        placeholder="A word or a synonym"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={filter}
        onChange={(event) => setFilter(event.currentTarget.value)}
        maw={360}
      />
      {rules.isPending ? (
        <Skeleton h={240} aria-label="Loading..." />
      ) : rules.isError ? (
        <Alert color="red" role="alert">
          {rules.error.message}
        </Alert>
      ) : shown.length === 0 ? (
        <Text>{wanted ? 'No synonym rule matches this filter.' : 'No synonym rules yet.'}</Text>
      ) : (
        <Table.ScrollContainer minWidth={340}>
          <Table striped highlightOnHover aria-label="Search synonyms">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Buyer's word</Table.Th>
                <Table.Th>Also searches for</Table.Th>
                <Table.Th visibleFrom="sm">Last changed</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((rule) => (
                <Table.Tr key={rule.id}>
                  <Table.Td fw={700}>{rule.term}</Table.Td>
                  <Table.Td>{rule.synonyms.join(', ')}</Table.Td>
                  <Table.Td visibleFrom="sm">
                    <Text size="sm" c="dimmed">
                      {manilaTime(rule.updated_at)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap" justify="flex-end">
                      <ActionIcon
                        variant="subtle"
                        size="lg"
                        aria-label={`Edit ${rule.term}`}
                        onClick={() => setEditing({ rule })}
                      >
                        <IconPencil size={18} aria-hidden />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        size="lg"
                        aria-label={`Delete ${rule.term}`}
                        onClick={() => setDeleting(rule)}
                      >
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {editing ? <SynonymDialog rule={editing.rule} onClose={() => setEditing(null)} /> : null}
      <DeleteDialog rule={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}

/** Add or change a rule: the buyer's word and what it also searches for (comma-separated). */
function SynonymDialog({ rule, onClose }: { rule: SearchSynonym | null; onClose: () => void }) {
  const save = useSaveSearchSynonym();
  const form = useForm({
    mode: 'controlled',
    initialValues: { term: rule?.term ?? '', synonyms: rule?.synonyms.join(', ') ?? '' },
    validate: schemaResolver(searchSynonymForm, { sync: true }),
  });

  const submit = form.onSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: rule?.id ?? null, rule: searchSynonymForm.parse(values) });
      toast(rule ? synonymMessages.updated : synonymMessages.created, 'success');
      onClose();
    } catch (caught) {
      if (!(caught instanceof ApiError)) throw caught;
      if (caught.fields && Object.keys(caught.fields).length > 0) form.setErrors(caught.fields);
      else toast(caught.message, 'error');
    }
  });

  return (
    <Modal opened onClose={onClose} title={rule ? `Edit synonym: ${rule.term}` : 'Add synonym'} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Buyer's word"
            description="What buyers type, e.g. yero (up to 3 words)"
            withAsterisk
            {...form.getInputProps('term')}
          />
          <TextInput
            label="Also search for"
            description="The catalogue's words, separated by commas, e.g. corrugated gi sheet, long span"
            withAsterisk
            {...form.getInputProps('synonyms')}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function DeleteDialog({ rule, onClose }: { rule: SearchSynonym | null; onClose: () => void }) {
  const remove = useDeleteSearchSynonym();
  const confirm = async () => {
    if (!rule) return;
    try {
      await remove.mutateAsync(rule.id);
      toast(synonymMessages.deleted, 'success');
    } catch (caught) {
      if (!(caught instanceof ApiError)) throw caught;
      toast(caught.message, 'error');
    }
    onClose();
  };
  return (
    <Modal opened={rule !== null} onClose={onClose} title="Delete synonym" centered>
      <Stack gap="sm">
        <Text>
          Delete the rule for <b>{rule?.term}</b>? Searching “{rule?.term}” will no longer also search{' '}
          {rule?.synonyms.join(', ')}.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" onClick={confirm} loading={remove.isPending}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
