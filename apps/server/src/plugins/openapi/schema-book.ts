import { z } from 'zod';
import { isObject, type JsonSchema, tidy, withoutDefaults } from './json-schema.ts';

/**
 * The named schemas of the document. Zod schemas carrying `.meta({ id })` become components of
 * that name (their `$defs` are hoisted here); every request and response body is named after
 * its operation, so generated clients get readable type names.
 */
export class SchemaBook {
  readonly schemas: Record<string, JsonSchema> = {};

  /** Adds `schema` under `name` (or `name` + suffix if a different schema holds it). */
  add(name: string, schema: JsonSchema, suffix = 'Input'): string {
    const existing = this.schemas[name];
    if (existing === undefined || JSON.stringify(existing) === JSON.stringify(schema)) {
      this.schemas[name] = schema;
      return name;
    }
    return this.add(`${name}${suffix}`, schema, suffix);
  }

  convert(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
    const {
      $schema: _ignored,
      $defs,
      ...converted
    }: JsonSchema = z.toJSONSchema(schema, {
      io,
      unrepresentable: 'any',
    });
    // Definitions land in components; refs between them are rewritten before comparing, so
    // the same schema met again is recognised.
    const toComponents = (value: unknown): JsonSchema =>
      JSON.parse(JSON.stringify(tidy(value)).replaceAll('"#/$defs/', '"#/components/schemas/'));
    let text = JSON.stringify(
      toComponents(io === 'input' ? withoutDefaults(converted) : converted),
    );
    if (isObject($defs)) {
      for (const [id, def] of Object.entries($defs)) {
        const name = this.add(id, toComponents(io === 'input' ? withoutDefaults(def) : def));
        if (name !== id) {
          text = text.replaceAll(`"#/components/schemas/${id}"`, `"#/components/schemas/${name}"`);
        }
      }
    }
    return JSON.parse(text);
  }
}
