// Reading the loose values of a partner's settings (a form's or a saved section's campos), without zod: the landing
// page reads saved sections through these, and its first script must stay free of the settings' schemas.

export type Campos = Record<string, unknown>;

export const isPlainObject = (value: unknown): value is Campos =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
export const filled = (value: unknown): boolean => text(value) !== '';
