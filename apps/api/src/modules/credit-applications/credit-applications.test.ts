import { messages, creditApplicationMessages as words } from '@tibay/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { adminHeaders, pdf, pendingApplication, png, upload, validForm1, validForm2 } from './test-support.ts';

const SETUP_TIMEOUT = 300_000;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
}, SETUP_TIMEOUT);

afterAll(async () => {
  await t?.close();
}, SETUP_TIMEOUT);

type Headers = Record<string, string>;
const post = (headers: Headers, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/v1/rpaf/${url}`, headers, payload });
const form1 = (headers: Headers, form: object, draft = false) => post(headers, 'submission-1', { draft, form_1: form });
const form2 = (headers: Headers, form: object, draft = false) => post(headers, 'submission-2', { draft, form_2: form });
const mine = async (headers: Headers) => (await t.app.inject({ url: '/api/v1/rpaf', headers })).json();

describe('the option lists and the PSGC places', () => {
  it('serves the credit limit and credit date lists', async () => {
    const limits = (await t.app.inject({ url: '/api/v1/rpaf/credit-limits' })).json();
    expect(limits.results).toContainEqual({ credit_limit: 100_000 });
    const terms = (await t.app.inject({ url: '/api/v1/rpaf/credit-date-limits' })).json();
    expect(terms.results).toContainEqual({ date_check: 30 });
  });

  it('cascades island group -> area -> city -> barangay', async () => {
    const get = async (query: string) =>
      (await t.app.inject({ url: `/api/v1/rpaf/places?${query}` })).json().items as string[];
    expect(await get('islandGroup=LUZON')).toContain('Metro Manila');
    expect(await get('islandGroup=VISAYAS')).toContain('Cebu');
    expect(await get('islandGroup=VISAYAS')).not.toContain('Metro Manila');
    expect(await get('islandGroup=LUZON&area=Metro%20Manila')).toContain('Quezon City');
    expect(await get('islandGroup=LUZON&area=Metro%20Manila&city=Quezon%20City')).toContain('Socorro');
  });
});

describe('step 1 (submission 1)', () => {
  it('NEXT with nothing filled answers every required field with "Please fill required fields."', async () => {
    const { headers } = await signedIn(t.app, { phone: null });
    const res = await form1(headers, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(words.fillRequired);
    expect(Object.keys(res.json().error.fields).sort()).toEqual(
      [
        'creditLimit',
        'creditTerms',
        'mobilePhone',
        'alternativeMobilePhone',
        'area',
        'companyCity',
        'companyBrgy',
        'addressLine1',
        'companyName',
        'contactPerson',
      ].sort(),
    );
    expect((await mine(headers)).rpafDetail).toBeNull();
  });

  it('asks for the owner name and mobile only at a limit of 100,000 or more (and drops them below)', async () => {
    const { headers } = await signedIn(t.app);
    const atLimit = await form1(headers, { ...validForm1, creditLimit: 100_000, ownerName: '', ownerMobilePhone: '' });
    expect(atLimit.statusCode).toBe(400);
    expect(Object.keys(atLimit.json().error.fields).sort()).toEqual(['ownerMobilePhone', 'ownerName']);
    const below = await form1(headers, { ...validForm1, creditLimit: 50_000 });
    expect(below.statusCode, below.body).toBe(200);
    expect(below.json().form_1).toMatchObject({ creditLimit: 50_000, ownerName: '', ownerMobilePhone: '' });
  });

  it.each([
    ['alternativeMobilePhone', '0917-123', words.digitsOnly],
    ['ownerMobilePhone', '+63917', words.digitsOnly],
    ['companyEmail', 'not-an-email', words.invalidEmail],
    ['additionalInformation', 'x'.repeat(101), 'Please enter at most 100 characters.'],
  ])('refuses %s = %j', async (field, value, message) => {
    const { headers } = await signedIn(t.app);
    const res = await form1(headers, { ...validForm1, [field]: value }, true);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
    expect((await mine(headers)).rpafDetail).toBeNull();
  });

  it('takes the additional information at exactly 100 characters', async () => {
    const { headers } = await signedIn(t.app);
    const res = await form1(headers, { ...validForm1, additionalInformation: 'x'.repeat(100) });
    expect(res.statusCode, res.body).toBe(200);
  });

  it.each([
    ['creditLimit', 123_456],
    ['creditTerms', 31],
  ])('refuses a %s that is not on the server list', async (field, value) => {
    const { headers } = await signedIn(t.app);
    const res = await form1(headers, { ...validForm1, [field]: value });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(words.notAnOption);
  });

  it.each([
    ['area', { area: 'Atlantis' }],
    ['companyCity', { companyCity: 'Cebu City' }],
    ['companyBrgy', { companyBrgy: 'Nowhere' }],
  ])('refuses a %s outside the PSGC cascade', async (field, change) => {
    const { headers } = await signedIn(t.app);
    const res = await form1(headers, { ...validForm1, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(words.unknownPlace);
  });

  it('takes the mobile phone from the profile, whatever the form sends', async () => {
    const { headers } = await signedIn(t.app, { phone: '09175550000' });
    const res = await form1(headers, { ...validForm1, mobilePhone: '09990000000' });
    expect(res.json().form_1.mobilePhone).toBe('09175550000');
  });

  it('saves a partial draft and reloads it; the status is Draft', async () => {
    const { headers } = await signedIn(t.app);
    const res = await form1(headers, { companyName: 'Half Done Hardware', creditLimit: 50_000 }, true);
    expect(res.statusCode, res.body).toBe(200);
    const again = await mine(headers);
    expect(again.rpafDetail.status).toBe('Draft');
    expect(again.rpafDetail.form_1).toMatchObject({ companyName: 'Half Done Hardware', creditLimit: 50_000 });
    expect(again.customerDetail.phone).toBe('09171234567');
  });
});

describe('step 2 (submission 2)', () => {
  it('NEXT needs the bank fields; trade reference fields are optional', async () => {
    const { headers } = await signedIn(t.app);
    const res = await form2(headers, {});
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields).sort()).toEqual(
      [
        'bankName',
        'bankBranchName',
        'bankAccountName',
        'bankAccountNumber',
        'bankMgrFirstName',
        'bankMgrLastName',
        'bankMgrPhoneNumber',
        'bankEmail',
      ].sort(),
    );
    expect((await form2(headers, validForm2)).statusCode).toBe(200);
  });

  it.each([
    ['bankAccountNumber', '0012-3456', words.digitsOnly],
    ['bankMgrPhoneNumber', '(02) 812', words.digitsOnly],
    ['bankEmail', 'manager at bank', words.invalidEmail],
  ])('refuses %s = %j', async (field, value, message) => {
    const { headers } = await signedIn(t.app);
    const res = await form2(headers, { ...validForm2, [field]: value });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
  });

  it('keeps both steps: saving step 2 does not lose step 1', async () => {
    const { headers } = await signedIn(t.app);
    await form1(headers, validForm1);
    await form2(headers, validForm2);
    const { rpafDetail } = await mine(headers);
    expect(rpafDetail.form_1.companyName).toBe(validForm1.companyName);
    expect(rpafDetail.form_2.bankName).toBe(validForm2.bankName);
  });
});

describe('files', () => {
  it('stores pictures and PDFs judged by content, readable by the applicant and an administrator only', async () => {
    const owner = await signedIn(t.app);
    const res = await upload(t.app, '/api/v1/rpaf/files', owner.headers, { storeHardware: await png(), birForm: pdf });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().files.storeHardware.content_type).toBe('image/jpeg');
    expect(res.json().files.birForm.content_type).toBe('application/pdf');

    const own = await t.app.inject({ url: '/api/v1/rpaf/files/birForm', headers: owner.headers });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toContain('application/pdf');
    // Another buyer asks for the same field: they reach only their own (none), never this one.
    const other = await signedIn(t.app);
    expect((await t.app.inject({ url: '/api/v1/rpaf/files/birForm', headers: other.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/v1/rpaf/files/birForm' })).statusCode).toBe(401);
    // Not served by the public uploads route either.
    const admin = await adminHeaders(t.app);
    const id = (await mine(owner.headers)).rpafDetail.id;
    const asAdmin = await t.app.inject({ url: `/api/v1/admin/credit-applications/${id}/files/birForm`, ...admin });
    expect(asAdmin.statusCode).toBe(200);
  });

  it('refuses text named .png (415) and a file over 3 MB (413), storing nothing', async () => {
    const { headers } = await signedIn(t.app);
    const fake = await upload(t.app, '/api/v1/rpaf/files', headers, {
      governmentId: Buffer.from('hello, not a picture'),
    });
    expect(fake.statusCode).toBe(415);
    expect(fake.json().error.fields.governmentId).toBe(words.fileInvalid);
    const big = Buffer.concat([await png(), Buffer.alloc(3 * 1024 * 1024)]);
    const tooBig = await upload(t.app, '/api/v1/rpaf/files', headers, { bankStatement: big });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error.message).toBe(messages.fileOverLimit);
    expect((await mine(headers)).rpafDetail).toBeNull();
  });

  it('refuses a PDF as the store photo or the signature, and a PDF with a forged header', async () => {
    const { headers } = await signedIn(t.app);
    expect((await upload(t.app, '/api/v1/rpaf/files', headers, { storeHardware: pdf })).statusCode).toBe(415);
    expect((await upload(t.app, '/api/v1/rpaf/signature', headers, { applicantSignature: pdf })).statusCode).toBe(415);
    const forged = Buffer.from('%PDF-1.4\n<script>alert(1)</script>', 'latin1');
    expect((await upload(t.app, '/api/v1/rpaf/files', headers, { tin: forged })).statusCode).toBe(415);
  });

  it('refuses a field that is not one of the ten on the files route', async () => {
    const { headers } = await signedIn(t.app);
    const res = await upload(t.app, '/api/v1/rpaf/files', headers, { applicantSignature: await png() });
    expect(res.statusCode).toBe(400);
  });
});

describe('the final submission', () => {
  it('SAVE AS DRAFT sets Draft with the spec message', async () => {
    const { headers } = await signedIn(t.app);
    const res = await post(headers, 'submission', { status: 'Draft' });
    expect(res.json()).toMatchObject({ status: 'Draft', message: words.drafted });
    const login = (await mine(headers)).rpafDetail;
    expect(login.status).toBe('Draft');
  });

  it('SUBMIT needs both steps, the signature and the terms, then moves Draft -> Pending', async () => {
    const { headers, user } = await signedIn(t.app);
    await form1(headers, validForm1);
    const noStep2 = await post(headers, 'submission', { status: 'Pending', termsAccepted: true });
    expect(noStep2.statusCode).toBe(400);
    expect(noStep2.json().error.message).toBe(words.fillRequired);
    await form2(headers, validForm2);
    const noSignature = await post(headers, 'submission', { status: 'Pending', termsAccepted: true });
    expect(noSignature.json().error.message).toBe(words.attachSignature);
    await upload(t.app, '/api/v1/rpaf/signature', headers, { applicantSignature: await png() });
    const noTerms = await post(headers, 'submission', { status: 'Pending', termsAccepted: false });
    expect(noTerms.json().error.fields.terms).toBe(words.termsRequired);
    expect((await mine(headers)).rpafDetail.status).toBe('Draft');

    const ok = await post(headers, 'submission', { status: 'Pending', termsAccepted: true });
    expect(ok.json()).toMatchObject({ status: 'Pending', customer_id: user.id, message: words.submitted });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: user.email, password: user.password },
    });
    expect(login.json().rpafDetail).toEqual({ status: 'Pending' });
  });

  it('a Pending application can no longer be changed or submitted again (409)', async () => {
    const { headers } = await pendingApplication(t.app);
    const change = await form1(headers, { ...validForm1, companyName: 'Changed' });
    expect(change.statusCode).toBe(409);
    expect(change.json().error.message).toBe(words.pending);
    expect((await post(headers, 'submission', { status: 'Draft' })).statusCode).toBe(409);
    expect((await post(headers, 'submission', { status: 'Pending', termsAccepted: true })).statusCode).toBe(409);
    expect((await upload(t.app, '/api/v1/rpaf/files', headers, { tin: pdf })).statusCode).toBe(409);
    expect((await mine(headers)).rpafDetail.form_1.companyName).toBe(validForm1.companyName);
  });

  it('is for buyers: an agent account and a guest are refused', async () => {
    const agent = await signedIn(t.app, { role: 'agent' });
    expect([401, 403]).toContain((await post(agent.headers, 'submission', { status: 'Draft' })).statusCode);
    expect((await t.app.inject({ url: '/api/v1/rpaf' })).statusCode).toBe(401);
  });
});
