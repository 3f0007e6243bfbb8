import { useQueryClient } from '@tanstack/react-query';
import {
  bir2303Accept,
  messages,
  type ProfileDetail,
  type ProfileUpdateData,
  profileFileMaxBytes,
  profileUpdateData,
} from '@tibay/contract';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../lib/api.ts';
import { clearSession, storeUser } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { completeProfileKeys } from '../complete-profile/index.ts';
import { saveProfile } from './api.ts';

export type CustomerType = ProfileDetail['type'];
export type BuyerType = NonNullable<ProfileDetail['buyer_type']>;

/** What the edit mode's inputs hold. */
export interface ProfileFields {
  firstName: string;
  lastName: string;
  phone: string;
  customerType: CustomerType;
  agentId: string | null;
  buyerType: BuyerType | null;
  company: string;
}

function fieldsOf(profile: ProfileDetail): ProfileFields {
  return {
    firstName: profile.first_name,
    lastName: profile.last_name,
    phone: profile.phone ?? '',
    customerType: profile.type,
    agentId: profile.agent ? String(profile.agent.id) : null,
    buyerType: profile.buyer_type,
    company: profile.hardware_name ?? '',
  };
}

const acceptedExtensions = bir2303Accept.split(',');

/** The BIR 2303's name and size as the browser sees them (the server judges the content again). */
function certificateProblem(file: File): string | null {
  const name = file.name.toLowerCase();
  if (!acceptedExtensions.some((extension) => name.endsWith(extension))) return messages.bir2303Invalid;
  if (file.size > profileFileMaxBytes) return messages.fileOverLimit;
  return null;
}

/**
 * The profile page's edit mode: EDIT PROFILE fills the inputs from the profile, CANCEL restores what was shown,
 * SAVE checks the contract's rules and the signature, then sends everything (spec 2 Profile, §4, §5, §8).
 */
export function useProfileForm(profile: ProfileDetail) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [fields, setFields] = useState<ProfileFields>(() => fieldsOf(profile));
  const [face, setFace] = useState<Blob | null>(null);
  const signatureCanvas = useRef<HTMLCanvasElement | null>(null);
  const [signed, setSigned] = useState(false);
  const [certificate, setCertificate] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  const set = <K extends keyof ProfileFields>(key: K, value: ProfileFields[K]) =>
    setFields((current) => ({ ...current, [key]: value }));

  const reset = () => {
    setFields(fieldsOf(profile));
    setFace(null);
    setSigned(false);
    setCertificate(null);
    setErrors({});
  };
  const edit = () => {
    reset();
    setEditing(true);
  };
  const cancel = () => {
    reset();
    setEditing(false);
  };

  /** The signature pad's ink: a stroke clears 'Please sign before saving.'. */
  const inkSignature = (ink: boolean) => {
    setSigned(ink);
    if (ink) setErrors(({ client_signature: _removed, ...rest }) => rest);
  };

  const chooseCertificate = (file: File | null) => {
    setCertificate(file);
    const problem = file ? certificateProblem(file) : null;
    setErrors(({ file_2303: _removed, ...rest }) => (problem ? { ...rest, file_2303: problem } : rest));
  };

  const isBuyer = fields.customerType === 'Buyer';
  const showCompany = !isBuyer || fields.buyerType !== 'End User';

  const save = async () => {
    const data: ProfileUpdateData = {
      firstName: fields.firstName.trim(),
      lastName: fields.lastName.trim(),
      customerType: fields.customerType,
      agentId: isBuyer && fields.agentId ? Number(fields.agentId) : null,
      buyerType: isBuyer ? fields.buyerType : null,
      hardwareName: showCompany ? fields.company.trim() || null : null,
      phone: fields.phone.trim(),
    };
    const found: Record<string, string> = {};
    const parsed = profileUpdateData.safeParse(data);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) found[String(issue.path[0] ?? '_')] ??= issue.message;
    }
    const certificateError = certificate ? certificateProblem(certificate) : null;
    if (certificateError) found.file_2303 = certificateError;
    if (!signed && !profile.client_signature) found.client_signature = messages.signBeforeSaving;
    setErrors(found);
    if (Object.keys(found).length > 0) {
      toast(found.client_signature ?? messages.profileSaveFailed, 'error');
      return;
    }
    const signature = signed
      ? await new Promise<Blob | null>((resolve) => signatureCanvas.current?.toBlob(resolve, 'image/png'))
      : null;
    setSaving(true);
    try {
      const result = await saveProfile(data, { face, signature, bir2303: certificate });
      toast(messages.profileSaved, 'success');
      if (result.relogin) {
        // A new user type needs a new login (spec 2 §4): storage is cleared and the user goes to /login.
        clearSession();
        navigate('/login');
        return;
      }
      storeUser(result.user);
      queryClient.setQueryData(completeProfileKeys.profiles, undefined);
      await queryClient.invalidateQueries({ queryKey: completeProfileKeys.profiles });
      setEditing(false);
    } catch (error) {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
        setErrors(error.fields ?? { _: error.message });
        toast(messages.profileSaveFailed, 'error');
      } else {
        toast(messages.profileLoadFailed, 'error');
      }
    } finally {
      setSaving(false);
    }
  };

  return {
    editing,
    fields,
    set,
    errors,
    saving,
    isBuyer,
    showCompany,
    face,
    setFace,
    signatureCanvas,
    inkSignature,
    certificate,
    chooseCertificate,
    edit,
    cancel,
    save,
  };
}

export type ProfileForm = ReturnType<typeof useProfileForm>;
