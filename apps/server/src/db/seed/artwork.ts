// Demo artwork drawn as SVG and rasterised by sharp at seed time, so the repository carries no binary images.

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function logoSvg(name: string, primary: string, secondary: string): Buffer {
  const initial = escapeXml(name.trim().charAt(0).toUpperCase());
  const label = escapeXml(name);
  // Bold DejaVu Sans is about 0.68 em per character: shrink long names to fit the 320 px beside the mark.
  const fontSize = Math.min(46, Math.floor(320 / (name.length * 0.68)));
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="480" height="140" viewBox="0 0 480 140">
  <rect x="6" y="10" width="120" height="120" rx="28" fill="${primary}"/>
  <circle cx="96" cy="40" r="22" fill="${secondary}" opacity="0.85"/>
  <text x="66" y="98" font-family="DejaVu Sans, Arial, sans-serif" font-size="72" font-weight="700" fill="#ffffff" text-anchor="middle">${initial}</text>
  <text x="146" y="${70 + fontSize / 2.6}" font-family="DejaVu Sans, Arial, sans-serif" font-size="${fontSize}" font-weight="700" fill="${secondary}">${label}</text>
</svg>`);
}

export function faviconSvg(name: string, primary: string): Buffer {
  const initial = escapeXml(name.trim().charAt(0).toUpperCase());
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">
  <rect width="64" height="64" rx="14" fill="${primary}"/>
  <text x="32" y="46" font-family="DejaVu Sans, Arial, sans-serif" font-size="40" font-weight="700" fill="#ffffff" text-anchor="middle">${initial}</text>
</svg>`);
}

export function headerSvg(width: number, height: number, primary: string, secondary: string): Buffer {
  const r = Math.round(Math.min(width, height) / 3);
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${secondary}"/><stop offset="1" stop-color="${primary}"/></linearGradient></defs>
  <rect width="${width}" height="${height}" fill="url(#g)"/>
  <circle cx="${width * 0.82}" cy="${height * 0.3}" r="${r}" fill="#ffffff" opacity="0.10"/>
  <circle cx="${width * 0.7}" cy="${height * 0.85}" r="${r * 0.6}" fill="#ffffff" opacity="0.08"/>
  <rect x="${width * 0.62}" y="${height * 0.38}" width="${r * 1.1}" height="${r * 0.7}" rx="18" fill="#ffffff" opacity="0.16"/>
  <rect x="${width * 0.66}" y="${height * 0.46}" width="${r * 0.6}" height="${r * 0.08}" rx="6" fill="#ffffff" opacity="0.5"/>
  <rect x="${width * 0.66}" y="${height * 0.52}" width="${r * 0.4}" height="${r * 0.08}" rx="6" fill="#ffffff" opacity="0.35"/>
</svg>`);
}

export function illustrationSvg(primary: string, secondary: string): Buffer {
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="960" height="640" viewBox="0 0 960 640">
  <rect width="960" height="640" rx="40" fill="#f4f6fb"/>
  <circle cx="300" cy="320" r="190" fill="${primary}" opacity="0.85"/>
  <circle cx="600" cy="300" r="150" fill="${secondary}" opacity="0.8"/>
  <rect x="380" y="380" width="360" height="150" rx="24" fill="#ffffff"/>
  <rect x="410" y="420" width="220" height="22" rx="11" fill="${secondary}"/>
  <rect x="410" y="462" width="150" height="22" rx="11" fill="${primary}"/>
</svg>`);
}
