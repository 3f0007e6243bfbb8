import {
  Alert,
  Button,
  FileButton,
  Group,
  Image,
  Radio,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconUpload } from '@tabler/icons-react';
import {
  sellerRegistrationMessages as m,
  sellerCompanyInformation,
  sellerLogoMaxBytes,
  sellerRegistrationConstants,
} from '@tibay/contract';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast.ts';
import { useSellerCompanies } from './api.ts';
import { DraftNotice } from './components/draft-notice.tsx';
import { RegistrationShell } from './components/registration-shell.tsx';
import { type RegistrationDraft, readDraft, saveDraft } from './draft.ts';
import { errorsOf } from './form-errors.ts';

type Info = NonNullable<RegistrationDraft['info']>;

const empty: Info = {
  logo: null,
  parentCompany: '',
  motherCompanyId: String(sellerRegistrationConstants.defaultMotherCompanyId),
  companyName: '',
  description: '',
  owner: '',
  emailAddress: '',
};

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/**
 * /seller and /sellerinformation (spec 3 §2.3 step 1): the logo (checked for size on selection, previewed), the
 * parent company choice, the mother company when not a parent (the seller companies list, default id 23), name,
 * description, owner and email. NEXT keeps it all in the session draft (the logo as a data URL) and goes to rates.
 */
export default function CompanyInformationPage() {
  const navigate = useNavigate();
  const [values, setValues] = useState<Info>(() => ({ ...empty, ...readDraft().info }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [search, setSearch] = useState('');
  // Names seen so far, by id: the chosen company stays a choice while the list shows other names.
  const [names, setNames] = useState<Record<string, string>>({});
  // The select shows the chosen name in its search box: that is not a search.
  const typed = search === names[values.motherCompanyId] ? '' : search;
  const [debounced] = useDebouncedValue(typed, 300);
  // The list answers the chosen company too (the default, id 23, may be past page 1).
  const [chosenId] = useState(() => Number(values.motherCompanyId) || undefined);
  const companies = useSellerCompanies(debounced, chosenId);
  const result = companies.data?.result;
  useEffect(() => {
    if (!result) return;
    setNames((current) => {
      const next = { ...current };
      for (const company of result) next[String(company.id)] = company.name;
      return next;
    });
  }, [result]);

  const set = <K extends keyof Info>(key: K, value: Info[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: '' }));
  };

  const choices = useMemo(() => {
    const list = (result ?? []).map((company) => ({ value: String(company.id), label: company.name }));
    const chosen = values.motherCompanyId;
    if (chosen && names[chosen] && !list.some((item) => item.value === chosen)) {
      list.unshift({ value: chosen, label: names[chosen] });
    }
    return list;
  }, [result, values.motherCompanyId, names]);

  const pickLogo = async (file: File | null) => {
    if (!file) return;
    if (file.size > sellerLogoMaxBytes) {
      setErrors((current) => ({ ...current, sellerLogo: m.logoTooLarge }));
      toast(m.logoTooLarge, 'error');
      return;
    }
    if (!['image/png', 'image/jpeg'].includes(file.type)) {
      setErrors((current) => ({ ...current, sellerLogo: m.logoInvalid }));
      return;
    }
    set('logo', { dataUrl: await readAsDataUrl(file), name: file.name, type: file.type });
    setErrors((current) => ({ ...current, sellerLogo: '' }));
  };

  const next = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = sellerCompanyInformation.safeParse({
      parentCompany: values.parentCompany === '' ? undefined : values.parentCompany === 'yes',
      motherCompanyId: values.parentCompany === 'no' && values.motherCompanyId ? Number(values.motherCompanyId) : null,
      companyName: values.companyName,
      description: values.description,
      owner: values.owner,
      emailAddress: values.emailAddress,
    });
    const found = parsed.success ? {} : errorsOf(parsed.error);
    if (!values.logo) found.sellerLogo = m.logoRequired;
    setErrors(found);
    if (!values.logo) {
      toast(m.logoRequired, 'error');
      return;
    }
    if (Object.keys(found).length > 0) return;
    if (!saveDraft({ info: values })) {
      toast('Your browser could not keep this logo between steps. Please choose a smaller image.', 'error');
      return;
    }
    navigate('/sellerrate');
  };

  return (
    <RegistrationShell step={0} title="Company information">
      <DraftNotice onStartOver={() => setValues(empty)} />
      <form onSubmit={next} noValidate>
        <Stack gap="md">
          <Stack gap={6}>
            <Text fw={600} size="sm" id="logo-label">
              Company logo{' '}
              <Text span c="red" aria-hidden>
                *
              </Text>
            </Text>
            <Group gap="md" align="center" wrap="nowrap">
              {values.logo ? (
                <Image
                  src={values.logo.dataUrl}
                  alt="Company logo preview"
                  w={96}
                  h={96}
                  fit="contain"
                  radius="md"
                  bd="1px solid var(--mantine-color-gray-3)"
                />
              ) : (
                <Text
                  w={96}
                  h={96}
                  size="xs"
                  c="dimmed"
                  ta="center"
                  bd="1px dashed var(--mantine-color-gray-5)"
                  style={{ borderRadius: 8, display: 'grid', placeItems: 'center', flexShrink: 0 }}
                >
                  No logo yet
                </Text>
              )}
              <Stack gap={4}>
                <FileButton onChange={(file) => void pickLogo(file)} accept="image/png,image/jpeg">
                  {(props) => (
                    <Button
                      {...props}
                      variant="light"
                      leftSection={<IconUpload size={16} aria-hidden />}
                      aria-describedby="logo-hint"
                    >
                      {values.logo ? 'Change logo' : 'Upload logo'}
                    </Button>
                  )}
                </FileButton>
                <Text size="xs" c="dimmed" id="logo-hint">
                  PNG or JPEG, 3 MB at most.
                </Text>
              </Stack>
            </Group>
            {errors.sellerLogo ? (
              <Text size="sm" c="red.8" role="alert">
                {errors.sellerLogo}
              </Text>
            ) : null}
          </Stack>
          <Radio.Group
            label="Is this a parent company?"
            withAsterisk
            value={values.parentCompany}
            onChange={(value) => set('parentCompany', value as Info['parentCompany'])}
            error={errors.parentCompany}
          >
            <Group mt={6}>
              <Radio value="yes" label="Yes" />
              <Radio value="no" label="No" />
            </Group>
          </Radio.Group>
          {values.parentCompany === 'no' ? (
            <Select
              label="Mother company"
              withAsterisk
              searchable
              data={choices}
              value={values.motherCompanyId || null}
              onChange={(value) => set('motherCompanyId', value ?? '')}
              searchValue={search}
              onSearchChange={setSearch}
              filter={({ options }) => options}
              nothingFoundMessage={companies.isFetching ? 'Loading...' : 'No company found'}
              error={errors.motherCompanyId}
              comboboxProps={{ withinPortal: true }}
            />
          ) : null}
          <TextInput
            label="Company name"
            withAsterisk
            value={values.companyName}
            onChange={(event) => set('companyName', event.currentTarget.value)}
            error={errors.companyName}
            maxLength={120}
          />
          <Textarea
            label="Description"
            withAsterisk
            autosize
            minRows={3}
            value={values.description}
            onChange={(event) => set('description', event.currentTarget.value)}
            error={errors.description}
            maxLength={2000}
          />
          <TextInput
            label="Owner"
            withAsterisk
            value={values.owner}
            onChange={(event) => set('owner', event.currentTarget.value)}
            error={errors.owner}
            maxLength={120}
            autoComplete="name"
          />
          <TextInput
            label="Company email"
            description="Your seller account signs in with this email."
            withAsterisk
            type="email"
            value={values.emailAddress}
            onChange={(event) => set('emailAddress', event.currentTarget.value)}
            error={errors.emailAddress}
            autoComplete="email"
          />
          {Object.values(errors).some(Boolean) ? (
            <Alert color="red" variant="light" role="alert">
              Please check the fields marked in red.
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button type="submit" size="md">
              NEXT
            </Button>
          </Group>
        </Stack>
      </form>
    </RegistrationShell>
  );
}
