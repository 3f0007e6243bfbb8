import { Alert, Anchor, Button, Group, Stack } from '@mantine/core';
import { sellerRegistrationMessages as m, type SellerRegistrationData, sellerLocation } from '@tibay/contract';
import { useRef, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { LocationPicker, type PickedLocation } from '../../components/location-picker.tsx';
import { ApiError } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { submitRegistration } from './api.ts';
import { RegistrationShell } from './components/registration-shell.tsx';
import { clearDraft, fileOfDataUrl, readDraft, saveDraft } from './draft.ts';

/**
 * /sellerlocation (spec 3 §2.3 step 3): the company's address (the site's address search) and its point on a map
 * with a draggable marker. SUBMIT sends the draft with the logo; success clears the draft, says 'Registration
 * Completed' and shows the approval notice; a failure says 'Something went wrong' (with the server's reason).
 */
export default function LocationPage() {
  const navigate = useNavigate();
  const draft = readDraft();
  const [location, setLocation] = useState<PickedLocation>({
    address: draft.location?.address ?? '',
    pin: draft.location ? [draft.location.latitude, draft.location.longitude] : null,
  });
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<{ message: string; backTo?: string } | null>(null);
  // After success the draft is gone while this page is still shown: it must not send the visitor back to step 1.
  const finished = useRef(false);
  if (finished.current) return null;
  if (!draft.info) return <Navigate to="/seller" replace />;
  if (!draft.rates) return <Navigate to="/sellerrate" replace />;

  const { address, pin } = location;
  // The draft keeps the location from the moment it has a pin, so a reload finds it again.
  const keep = (next: PickedLocation) => {
    if (next.pin) saveDraft({ location: { latitude: next.pin[0], longitude: next.pin[1], address: next.address } });
  };

  const submit = async () => {
    const checked = sellerLocation.safeParse({ latitude: pin?.[0], longitude: pin?.[1], address });
    if (!checked.success) {
      setError({ message: checked.error.issues[0]?.message ?? m.locationRequired });
      return;
    }
    const { info, rates } = readDraft();
    if (!info?.logo || !rates) {
      navigate('/seller');
      return;
    }
    keep(location);
    const data: SellerRegistrationData = {
      parentCompany: info.parentCompany === 'yes',
      motherCompanyId: info.parentCompany === 'no' ? Number(info.motherCompanyId) : null,
      companyName: info.companyName,
      description: info.description,
      owner: info.owner,
      emailAddress: info.emailAddress,
      computationMethod: rates.computationMethod,
      smallItemFeeFixed: Number(rates.smallItemFeeFixed),
      bigItemFeeFixed: Number(rates.bigItemFeeFixed),
      smallItemFeePerKM: Number(rates.smallItemFeePerKM),
      bigItemFeePerKM: Number(rates.bigItemFeePerKM),
      ...checked.data,
    };
    setSending(true);
    setError(null);
    try {
      await submitRegistration(data, fileOfDataUrl(info.logo));
      finished.current = true;
      clearDraft();
      toast(m.registered, 'success');
      navigate('/sellerapproval', { replace: true });
    } catch (failure) {
      toast(m.failed, 'error');
      const fields = failure instanceof ApiError ? (failure.fields ?? {}) : {};
      const onFirstStep = ['sellerLogo', 'emailAddress', 'companyName', 'motherCompanyId'].some((key) => fields[key]);
      const onRates = Object.keys(fields).some((key) => key.includes('Fee'));
      setError({
        message:
          failure instanceof ApiError && failure.status !== 0 && failure.status < 500 ? failure.message : m.failed,
        backTo: onFirstStep ? '/seller' : onRates ? '/sellerrate' : undefined,
      });
    } finally {
      setSending(false);
    }
  };

  return (
    <RegistrationShell step={2} title="Location">
      <Stack gap="md">
        <LocationPicker
          label="Company address"
          emptyMessage={m.addressRequired}
          value={location}
          onChange={(next) => {
            setLocation(next);
            setError(null);
            keep(next);
          }}
          hint="Search for your barangay or city, then drag the marker to your store or warehouse. Buyers near it see your shop under Nearby."
          mapLabel="Map of your company location"
          pinTitle="Your company location (drag to move)"
        />
        {error ? (
          <Alert color="red" variant="light" role="alert" title={m.failed}>
            {error.message}
            {error.backTo ? (
              <>
                {' '}
                <Anchor component={Link} to={error.backTo}>
                  Go back and fix it
                </Anchor>
              </>
            ) : null}
          </Alert>
        ) : null}
        <Group justify="space-between">
          <Button variant="default" onClick={() => navigate('/sellerrate')}>
            BACK
          </Button>
          <Button size="md" onClick={() => void submit()} loading={sending}>
            SUBMIT
          </Button>
        </Group>
      </Stack>
    </RegistrationShell>
  );
}
