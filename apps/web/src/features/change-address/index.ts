/** What other parts of the web app use from change-address: the address form (checkout's order complete popup). */
export { ChangeAddressForm } from './change-address-form.tsx';
