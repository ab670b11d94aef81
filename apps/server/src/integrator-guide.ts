import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';

// Kept at this depth (apps/server/src, like dist/*.mjs): the path from import.meta.url names
// the same file from the sources and from the bundle (build.mjs). The image copies docs/ too.
const guideFile = fileURLToPath(new URL('../../../docs/integrators.md', import.meta.url));

const style = `body{font:16px/1.6 system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem;color:#1a202c;background:#fff}
pre,code{font-family:ui-monospace,monospace;font-size:.9em}pre{overflow-x:auto;background:#f4f5f7;padding:.75rem;border-radius:6px}
table{border-collapse:collapse;display:block;overflow-x:auto}th,td{border:1px solid #d5d9e0;padding:.3rem .5rem;text-align:left;vertical-align:top}
a{color:#2b6cb0}@media (prefers-color-scheme:dark){body{color:#e2e8f0;background:#171923}pre{background:#2d3748}th,td{border-color:#4a5568}a{color:#90cdf4}}
`;

/**
 * The integrator guide (docs/integrators.md) as one HTML page, read and rendered on first ask.
 * micromark escapes any HTML in the Markdown; the styles come from our own origin (the CSP).
 */
export async function integratorGuidePage(): Promise<string> {
  const html = micromark(await readFile(guideFile, 'utf8'), {
    extensions: [gfm()],
    htmlExtensions: [gfmHtml()],
  });
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Horizon Bank API: integrator guide</title>
<link rel="stylesheet" href="/api/docs/integrators.css">
</head>
<body>
<p><a href="/api/docs">API reference</a> · <a href="/api/v1/openapi.json">OpenAPI document</a></p>
${html}
</body>
</html>`;
}

export const integratorGuideStyle = style;
