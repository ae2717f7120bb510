import { badRequest, emptyFieldErrors } from '../platform/errors';
import { compileSchema } from '../platform/json-schema';
import { readProjectJson } from '../platform/project-paths';

type SchemaNode = { properties?: Record<string, SchemaNode>; items?: SchemaNode; $ref?: string; definitions?: Record<string, SchemaNode> };

/**
 * A validator for one of schemas/notification/*.json that throws a 400 naming every failing member.
 * With membersInAnyCase, member names are first matched to the schema's spelling regardless of letter
 * case (the seed writes PascalCase, the public guide's clients send camelCase; ASP.NET accepts both).
 */
export function notificationSchema<T>(file: string, options: { membersInAnyCase?: boolean } = {}): (value: unknown) => T {
  const schema = readProjectJson<SchemaNode>(`schemas/notification/${file}`);
  const validate = compileSchema(schema);
  return (value) => {
    const candidate = options.membersInAnyCase ? canonicalMembers(value, schema, schema) : value;
    if (validate(candidate)) return candidate as T;
    const errors = emptyFieldErrors();
    for (const error of validate.errors ?? []) {
      const params = error.params as { missingProperty?: string; additionalProperty?: string; allowedValues?: unknown[] };
      const base = error.instancePath.replace(/^\//, '').replace(/\//g, '.');
      const member = params.missingProperty ?? params.additionalProperty;
      const field = member ? (base ? `${base}.${member}` : member) : base || '/';
      const message = params.additionalProperty ? 'is not a member of this structure' : params.allowedValues ? `must be one of ${params.allowedValues.join(', ')}` : (error.message ?? 'is invalid');
      (errors[field] ??= []).push(message);
    }
    throw badRequest(`validation failed: ${Object.entries(errors).map(([field, messages]) => `${field} ${messages.join(', ')}`).join('; ')}`, errors);
  };
}

/** The value with its members named as the schema spells them; two members of one name in different case are a 400. */
function canonicalMembers(value: unknown, node: SchemaNode, root: SchemaNode, path = ''): unknown {
  const resolved = node.$ref ? (root.definitions?.[node.$ref.replace('#/definitions/', '')] ?? node) : node;
  if (Array.isArray(value)) return resolved.items ? value.map((item, index) => canonicalMembers(item, resolved.items!, root, path ? `${path}.${index}` : String(index))) : value;
  if (value === null || typeof value !== 'object' || !resolved.properties) return value;
  const byLowerCase = new Map(Object.keys(resolved.properties).map((name) => [name.toLowerCase(), name]));
  const members = Object.entries(value).map(([name, inner]) => {
    const canonical = byLowerCase.get(name.toLowerCase()) ?? name;
    const field = path ? `${path}.${canonical}` : canonical;
    const child = resolved.properties![canonical];
    return [canonical, child ? canonicalMembers(inner, child, root, field) : inner] as const;
  });
  const twice = members.map(([name]) => name).find((name, index, names) => names.indexOf(name) !== index);
  if (twice !== undefined) {
    const field = path ? `${path}.${twice}` : twice;
    throw badRequest(`${field} is given more than once (member names match in any letter case)`, { [field]: ['is given more than once'] });
  }
  return Object.fromEntries(members);
}
