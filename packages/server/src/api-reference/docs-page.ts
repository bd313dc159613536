/**
 * GET /api/docs: the API reference as one page, rendered on the server from the
 * OpenAPI document (openapi.ts), so it reads without JavaScript, ships nothing to any
 * app, and passes a CSP that allows no script at all. Why not a ready-made renderer
 * (Redoc, Swagger UI, Scalar): docs/decisions/011-one-route-table.md.
 */
import { escapeHtml } from '../html.ts';

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  $ref?: string;
};
type Parameter = { name: string; in: string; required: boolean; description?: string; schema: Schema };
type Operation = {
  operationId: string;
  tags: string[];
  summary: string;
  security?: unknown[];
  'x-cross-origin'?: boolean;
  'x-login'?: 'crew';
  parameters: Parameter[];
  requestBody?: { content: Record<string, { schema?: Schema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema?: Schema }> }>;
};
type Document = {
  info: { title: string; description: string };
  tags: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
};

/** `code` spans and line breaks of the document's few Markdown-ish texts. */
const prose = (s: string) => escapeHtml(s).replace(/`([^`]+)`/g, '<code>$1</code>');

function refName(s: Schema): string | null {
  return s.$ref ? s.$ref.replace('#/components/schemas/', '') : null;
}

/** One line about a schema: its type and its constraints. */
function describe(s: Schema, schemas: Record<string, Schema>): string {
  const ref = refName(s);
  if (ref) return describe(schemas[ref] ?? {}, schemas);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) return alternatives.map((a) => describe(a, schemas)).join(' or ');
  if (s.const !== undefined) return `<code>${escapeHtml(JSON.stringify(s.const))}</code>`;
  if (s.enum) return `one of ${s.enum.map((v) => `<code>${escapeHtml(JSON.stringify(v))}</code>`).join(', ')}`;
  const type = Array.isArray(s.type) ? s.type.join(' or ') : (s.type ?? 'any');
  const facts: string[] = [];
  if (s.format && s.format !== 'uuid') facts.push(s.format);
  if (s.format === 'uuid') facts.push('UUID');
  if (s.minLength !== undefined && s.minLength > 0) facts.push(`at least ${s.minLength} characters`);
  if (s.maxLength !== undefined) facts.push(`at most ${s.maxLength} characters`);
  if (s.minimum !== undefined) facts.push(`&ge; ${s.minimum}`);
  if (s.maximum !== undefined) facts.push(`&le; ${s.maximum}`);
  if (s.minItems !== undefined) facts.push(`at least ${s.minItems} items`);
  if (s.maxItems !== undefined) facts.push(`at most ${s.maxItems} items`);
  if (s.default !== undefined) facts.push(`default <code>${escapeHtml(JSON.stringify(s.default))}</code>`);
  if (type === 'array' && s.items)
    return `array of ${describe(s.items, schemas)}${facts.length ? ` (${facts.join(', ')})` : ''}`;
  return facts.length ? `${type} (${facts.join(', ')})` : type;
}

/** An object's fields as a nested list; other schemas as one line. */
function fields(s: Schema, schemas: Record<string, Schema>, depth = 0): string {
  const ref = refName(s);
  if (ref) return fields(schemas[ref] ?? {}, schemas, depth);
  const target = s.type === 'array' && s.items ? s.items : s;
  const resolved = refName(target) ? (schemas[refName(target)!] ?? {}) : target;
  if (!resolved.properties || depth > 4) return `<p>${describe(s, schemas)}</p>`;
  const required = new Set(resolved.required ?? []);
  const rows = Object.entries(resolved.properties).map(([name, field]) => {
    const inner =
      field.properties || (field.type === 'array' && field.items?.properties) ? fields(field, schemas, depth + 1) : '';
    return `<li><code>${escapeHtml(name)}</code>${required.has(name) ? '' : ' <em>optional</em>'}: ${describe(field, schemas)}${inner}</li>`;
  });
  return `${s.type === 'array' ? '<p>An array of:</p>' : ''}<ul>${rows.join('')}</ul>`;
}

function renderOperation(method: string, path: string, op: Operation, schemas: Record<string, Schema>): string {
  const id = op.operationId.replace(/[^A-Za-z0-9]+/g, '-');
  const who = [
    // Public calls carry an empty list (security: []).
    op.security?.length
      ? `${op['x-login'] === 'crew' ? 'Crew member' : 'Owner'}: <code>Authorization: Bearer &lt;token&gt;</code>`
      : 'No login',
    op['x-cross-origin'] ? 'callable from any website' : null,
  ]
    .filter(Boolean)
    .join('; ');
  const params = op.parameters.length
    ? `<h4>Parameters</h4><ul>${op.parameters
        .map(
          (p) =>
            `<li><code>${escapeHtml(p.name)}</code> (${p.in}${p.required ? '' : ', optional'}): ${describe(p.schema, schemas)}${p.description ? `. ${escapeHtml(p.description)}` : ''}</li>`,
        )
        .join('')}</ul>`
    : '';
  const bodySchema = op.requestBody?.content['application/json']?.schema;
  const body = bodySchema ? `<h4>Body (JSON)</h4>${fields(bodySchema, schemas)}` : '';
  const answers = Object.entries(op.responses)
    .map(([status, r]) => {
      const [mediaType, media] = Object.entries(r.content ?? {})[0] ?? [];
      const shown = media?.schema ? fields(media.schema, schemas) : mediaType ? `<p>${escapeHtml(mediaType)}</p>` : '';
      return `<li><strong>${escapeHtml(status)}</strong> ${escapeHtml(r.description)}${/^2/.test(status) ? shown : ''}</li>`;
    })
    .join('');
  return `<section id="${id}"><h3><span class="method">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>
<p>${prose(op.summary)}</p><p class="who">${who}. <code>${escapeHtml(op.operationId)}</code></p>${params}${body}<h4>Answers</h4><ul>${answers}</ul></section>`;
}

export function renderDocsPage(doc: Document): string {
  const byTag = new Map<string, string[]>();
  const toc = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(methods)) {
      const tag = op.tags[0] ?? 'other';
      (byTag.get(tag) ?? byTag.set(tag, []).get(tag)!).push(renderOperation(method, path, op, doc.components.schemas));
      (toc.get(tag) ?? toc.set(tag, []).get(tag)!).push(
        `<li><a href="#${op.operationId.replace(/[^A-Za-z0-9]+/g, '-')}">${method.toUpperCase()} ${escapeHtml(path)}</a></li>`,
      );
    }
  const [intro, codes] = doc.info.description.split('\n\n');
  // Each group's description (the OpenAPI tag's) under its heading.
  const about = (tag: string) => {
    const description = doc.tags.find((t) => t.name === tag)?.description;
    return description ? `<p>${prose(description)}</p>` : '';
  };
  const codeList = (codes ?? '')
    .split('\n')
    .map((line) => `<li>${prose(line.replace(/^- /, ''))}</li>`)
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(doc.info.title)} reference</title>
<style>
body{margin:0 auto;max-width:980px;padding:24px 20px 80px;font:16px/1.55 system-ui,sans-serif;color:#1f2937}
h1{margin-bottom:4px}h2{margin-top:48px;border-bottom:2px solid #e5e7eb;text-transform:capitalize}
h3{margin:32px 0 4px;font-size:17px}h4{margin:14px 0 4px;font-size:14px;text-transform:uppercase;color:#4b5563}
section{border-top:1px solid #e5e7eb}code{font:14px ui-monospace,monospace;background:#f3f4f6;padding:1px 4px;border-radius:3px;overflow-wrap:anywhere}
.method{display:inline-block;min-width:64px;font:700 13px ui-monospace,monospace;color:#fff;background:#0f766e;padding:2px 6px;border-radius:3px;text-align:center}
.who{color:#4b5563;font-size:14px}ul{padding-left:22px}nav ul{columns:2;font-size:14px}a{color:#0f766e}
@media (max-width:640px){nav ul{columns:1}}
</style></head>
<body><h1>${escapeHtml(doc.info.title)}</h1>
<p>${prose(intro ?? '')} The same description as OpenAPI 3.1: <a href="/api/openapi.json">/api/openapi.json</a>.</p>
<h2 id="error-codes">Error codes</h2><ul>${codeList}</ul>
<nav aria-label="Calls">${[...toc].map(([tag, items]) => `<h2>${escapeHtml(tag)}</h2><ul>${items.join('')}</ul>`).join('')}</nav>
<main>${[...byTag].map(([tag, ops]) => `<h2 id="${escapeHtml(tag)}">${escapeHtml(tag)}</h2>${about(tag)}${ops.join('\n')}`).join('\n')}</main>
</body></html>
`;
}
