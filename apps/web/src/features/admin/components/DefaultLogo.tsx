/** Spec 002 §2 ListPartners: the logo shown for a partner without one (a neutral mark, not a partner's brand). */
export function DefaultLogo({ label }: { label: string }) {
  return (
    <svg className="admin-default-logo" viewBox="0 0 120 60" role="img" aria-label={label}>
      <rect x="1" y="1" width="118" height="58" rx="10" fill="#f3f4f6" stroke="#9ca3af" strokeWidth="2" />
      <path d="M38 40 52 22l9 11 6-7 15 14Z" fill="#9ca3af" />
      <circle cx="74" cy="20" r="5" fill="#9ca3af" />
    </svg>
  );
}
