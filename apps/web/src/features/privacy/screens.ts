// The privacy portal in its own lazy chunk (spec 000 §2 PrivacyPortal): the landing page's entry does not carry it.

export { default as PrivacyPortal } from './routes/PrivacyPortal';
