// Renders docs/capabilities.md from the capability list in packages/domain, so the doc cannot drift from code.
// `npm run docs:capabilities` rewrites the file; a server test fails when it is stale.
import { CAPABILITIES, CAPABILITY_NAMES } from '@portal/domain';

export function renderCapabilitiesDoc(): string {
  const rows = CAPABILITY_NAMES.map((name) => {
    const c = CAPABILITIES[name];
    return `| \`${name}\` | ${c.description} | ${c.source.replaceAll('|', '\\|')} | ${c.seededOn} |`;
  });
  return `# Partner capabilities

The specs switch many behaviours on a partner's identifier or company code. Each such behaviour is a named
capability in the partner configuration (\`capacidades\` in \`GET /api/parceiro/{identificador}/info\`, stored in
\`partners.capabilities\`), switched on per partner and never tested by name in code. The demo seed gives each one
to the partner the spec names (where it only says "one partner", to a demo partner of that kind). This file is generated from \`packages/domain/src/partner/capabilities.ts\`
(\`npm run docs:capabilities\`).

Behaviours the spec already ties to a configuration flag (\`flgValidarToken\`, \`flgPrefeituraMode\`,
\`flgModoServico\`, \`flgTotem\`, ...) stay those flags; a capability is added only where the spec names a partner.

| capability | what it does | where the spec says it | seeded on |
|---|---|---|---|
${rows.join('\n')}
`;
}

if (process.argv[1]?.endsWith('capabilities-doc.ts')) {
  const { writeFileSync } = await import('node:fs');
  writeFileSync(new URL('../docs/capabilities.md', import.meta.url), renderCapabilitiesDoc());
  console.log('docs/capabilities.md written');
}
