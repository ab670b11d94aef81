// Plain JSON Schema objects, as zod's converter writes them, and the edits the document makes.

export type JsonSchema = Record<string, unknown>;

export const isObject = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const ref = (kind: 'schemas' | 'responses' | 'parameters' | 'headers', name: string) => ({
  $ref: `#/components/${kind}/${name}`,
});

/** A `format` says it better than zod's long regular expression, for a human and a generator. */
export function tidy(schema: unknown): JsonSchema {
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (!isObject(value)) return value;
    const out: JsonSchema = {};
    for (const [key, child] of Object.entries(value)) {
      if (key === 'pattern' && typeof value.format === 'string') continue;
      out[key] = walk(child);
    }
    return out;
  };
  const result = walk(schema);
  return isObject(result) ? result : {};
}

/**
 * A request field with a default is optional to send, but generators (openapi-typescript's
 * defaultNonNullable) read `default` as "always present" and would require it: the default is
 * said in the description instead.
 */
export function withoutDefaults(schema: unknown): JsonSchema {
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (!isObject(value)) return value;
    const { default: fallback, ...rest } = value;
    const out: JsonSchema = {};
    for (const [key, child] of Object.entries(rest)) out[key] = walk(child);
    if (fallback !== undefined) {
      const said = `Default: \`${JSON.stringify(fallback)}\`.`;
      out.description = typeof out.description === 'string' ? `${out.description} ${said}` : said;
    }
    return out;
  };
  const result = walk(schema);
  return isObject(result) ? result : {};
}

/** Removes the named properties from an object schema (or from each branch of a union). */
export function withoutProperties(schema: JsonSchema, names: readonly string[]): JsonSchema | null {
  for (const key of ['oneOf', 'anyOf'] as const) {
    const branches = schema[key];
    if (Array.isArray(branches)) {
      const kept = branches
        .filter(isObject)
        .map((branch) => withoutProperties(branch, names) ?? { type: 'object' });
      return { ...schema, [key]: kept };
    }
  }
  const properties = isObject(schema.properties) ? schema.properties : {};
  const remaining = Object.fromEntries(
    Object.entries(properties).filter(([name]) => !names.includes(name)),
  );
  if (Object.keys(remaining).length === 0) return null;
  const required = Array.isArray(schema.required)
    ? schema.required.filter((name) => typeof name === 'string' && !names.includes(name))
    : [];
  const { required: _required, ...rest } = schema;
  return { ...rest, properties: remaining, ...(required.length > 0 ? { required } : {}) };
}

/** A property's schema, looked up in an object schema or the first union branch naming it. */
export function propertySchema(schema: JsonSchema, name: string): JsonSchema | null {
  const properties = isObject(schema.properties) ? schema.properties : {};
  const found = properties[name];
  if (isObject(found)) return found;
  for (const key of ['oneOf', 'anyOf'] as const) {
    const branches = schema[key];
    if (!Array.isArray(branches)) continue;
    for (const branch of branches) {
      const inBranch = isObject(branch) ? propertySchema(branch, name) : null;
      if (inBranch) return inBranch;
    }
  }
  return null;
}

export function omitKeys(value: unknown, names: readonly string[]): unknown {
  if (!isObject(value)) return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => !names.includes(key)));
}
