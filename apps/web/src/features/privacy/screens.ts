// The privacy portal's tabs in their own lazy chunk (spec 000 §2 PrivacyPortal): the request form, its schema and
// the policy text; neither the landing page's entry nor the router carries them.

export { PrivacyTabs } from './components/PrivacyTabs';
