/** QR approval: the signed-in device's answer to a login QR code (spec 1 §3-§4 QR login). */
export { ApproveQrDialog } from './approve-qr-dialog.tsx';
