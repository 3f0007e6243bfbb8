import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  sellerRegistrationMessages as m,
  mapDefaults,
  type Place,
  type SellerRegistrationData,
  sellerLocation,
} from '@tibay/contract';
import { useRef, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { AddressPicker } from '../../components/address-picker.tsx';
import { type LatLng, MapView } from '../../components/map-view.tsx';
import { ApiError } from '../../lib/api.ts';
import { reverseGeocode } from '../../lib/geocoding.ts';
import { toast } from '../../lib/toast.ts';
import { submitRegistration } from './api.ts';
import { RegistrationShell } from './components/registration-shell.tsx';
import { clearDraft, fileOfDataUrl, readDraft, saveDraft } from './draft.ts';

const round = (value: number) => Math.round(value * 1e6) / 1e6;

/**
 * /sellerlocation (spec 3 §2.3 step 3): the company's address (the site's address search) and its point on a map
 * with a draggable marker. SUBMIT sends the draft with the logo; success clears the draft, says 'Registration
 * Completed' and shows the approval notice; a failure says 'Something went wrong' (with the server's reason).
 */
export default function LocationPage() {
  const navigate = useNavigate();
  const phone = useMediaQuery('(max-width: 48em)');
  const draft = readDraft();
  const [address, setAddress] = useState(draft.location?.address ?? '');
  const [pin, setPin] = useState<LatLng | null>(
    draft.location ? [draft.location.latitude, draft.location.longitude] : null,
  );
  const [locating, setLocating] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<{ message: string; backTo?: string } | null>(null);
  // After success the draft is gone while this page is still shown: it must not send the visitor back to step 1.
  const finished = useRef(false);
  if (finished.current) return null;
  if (!draft.info) return <Navigate to="/seller" replace />;
  if (!draft.rates) return <Navigate to="/sellerrate" replace />;

  const centre: LatLng = pin ?? [mapDefaults.centre.lat, mapDefaults.centre.lng];
  const keep = (point: LatLng | null, text: string) => {
    if (point) saveDraft({ location: { latitude: point[0], longitude: point[1], address: text } });
  };

  const pick = (place: Place) => {
    const point: LatLng = [round(place.latitude), round(place.longitude)];
    setAddress(place.label);
    setPin(point);
    setError(null);
    keep(point, place.label);
  };

  const lookUp = async (point: LatLng) => {
    const rounded: LatLng = [round(point[0]), round(point[1])];
    setPin(rounded);
    setError(null);
    keep(rounded, address);
    try {
      const found = await reverseGeocode(point[0], point[1]);
      setAddress(found.address);
      keep(rounded, found.address);
    } catch (failure) {
      toast((failure as Error).message, 'error');
    }
  };

  const locate = () => {
    if (!('geolocation' in navigator)) {
      toast('Please allow location sharing', 'error');
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      async (position) => {
        await lookUp([position.coords.latitude, position.coords.longitude]);
        setLocating(false);
      },
      () => {
        setLocating(false);
        toast('Please allow location sharing', 'error');
      },
      { enableHighAccuracy: true, timeout: 15_000 },
    );
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
    keep(pin, address);
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
        <AddressPicker
          label="Company address"
          emptyMessage={m.addressRequired}
          value={address}
          onChange={setAddress}
          onPick={pick}
          onLocate={locate}
          locating={locating}
        />
        <Text size="xs" c="dimmed" mt={-8}>
          Search for your barangay or city, then drag the marker to your store or warehouse. Buyers near it see your
          shop under Nearby.
        </Text>
        <MapView
          label="Map of your company location"
          center={centre}
          zoom={pin ? mapDefaults.addressZoom : 11}
          height={phone ? 300 : 420}
          markers={[
            {
              id: 'company-pin',
              position: centre,
              title: 'Your company location (drag to move)',
              variant: 'pin',
              draggable: true,
              onDragEnd: (point) => void lookUp(point),
            },
          ]}
          onMapClick={(point) => void lookUp(point)}
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
