import { z } from 'zod'
import { lazySchema } from '../../schema/lazy-schema.ts'
import { endpointTypeSchema, groupSchema, modelSchema, redemptionSchema, tokenSchema, userSchema, worldSettingsSchema } from '../schemas.ts'

/**
 * A change to a list field that composes with any world: `add` appends what the list lacks,
 * `remove` takes out what it has. A plain list replaces the field instead.
 */
export const listChangeSchema = <Item extends z.ZodType>(item: Item) =>
  z
    .strictObject({
      add: z.array(item).optional().describe('Appended, each unless the list already has it.'),
      remove: z.array(item).optional().describe('Taken out. Runs before `add`.'),
    })
    .describe('Changes the list instead of replacing it: {"add": [...]} and/or {"remove": [...]}.')

const listField = <Item extends z.ZodType>(item: Item, description: string) =>
  z
    .union([z.array(item).describe('Replaces the list.'), listChangeSchema(item)])
    .optional()
    .describe(description)

type Def = { type: string; innerType?: z.ZodType }

/** A record's field as a patch takes it: optional, and without the default a new record gets. */
function patchField(field: z.ZodType): z.ZodType {
  const def = (field as unknown as { _zod: { def: Def } })._zod.def
  const bare = def.type === 'default' || def.type === 'optional' ? def.innerType! : field
  return bare.optional()
}

function patchShape<Shape extends z.core.$ZodShape>(
  shape: Shape,
): { [Key in keyof Shape]: z.ZodOptional<z.ZodType<z.output<Shape[Key]>, z.input<Shape[Key]>>> } {
  return Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, patchField(field as z.ZodType)])) as never
}

// Each record patch: the identity, then any field of the record. List fields also take {add, remove}.
export const groupPatchSchema = lazySchema(() =>
  z.strictObject({
    ...patchShape(groupSchema.unwrap().shape),
    name: groupSchema.unwrap().shape.name,
    models: listField(z.string(), 'Ids of the models enabled in this group: a list replaces them, {"add", "remove"} changes them.'),
  }),
)
export const userPatchSchema = lazySchema(() =>
  z.strictObject({
    ...patchShape(userSchema.unwrap().shape),
    id: userSchema.unwrap().shape.id,
    extraGroups: listField(z.string(), 'Further groups this user may use: a list replaces them, {"add", "remove"} changes them.'),
  }),
)
export const tokenPatchSchema = lazySchema(() =>
  z.strictObject({
    ...patchShape(tokenSchema.unwrap().shape),
    key: tokenSchema.unwrap().shape.key,
    modelLimits: z
      .union([z.array(z.string()).describe('Replaces the list.'), z.null(), listChangeSchema(z.string())])
      .optional()
      .describe('The only models this key may use (null: no restriction). {"add", "remove"} change an existing list.'),
  }),
)
export const modelPatchSchema = lazySchema(() =>
  z.strictObject({
    ...patchShape(modelSchema.unwrap().shape),
    id: modelSchema.unwrap().shape.id,
    endpointTypes: listField(endpointTypeSchema, '`supported_endpoint_types`: a list replaces them, {"add", "remove"} changes them.'),
  }),
)
export const redemptionPatchSchema = lazySchema(() =>
  z.strictObject({
    ...patchShape(redemptionSchema.unwrap().shape),
    key: redemptionSchema.unwrap().shape.key,
  }),
)
export const settingsPatchSchema = lazySchema(() =>
  z
    .strictObject({
      ...patchShape(worldSettingsSchema.unwrap().shape),
      autoGroups: listField(
        z.string(),
        'The groups an "auto" token tries, in order: a list replaces them, {"add", "remove"} changes them.',
      ),
    })
    .describe('Changes to the settings: only the fields given change.'),
)

/**
 * The changes a patch makes, to any world. Named records (group `name`, user `id`, token `key`,
 * model `id`, redemption code `key`) that exist are changed field by field and new ones are added; `every` changes every
 * record of a kind; `remove` deletes by identity.
 */
function changesShape() {
  const { name: _group, ...everyGroup } = groupPatchSchema.unwrap().shape
  // Identities and the fields each record must have its own of (access tokens, aff codes, ids) are not for `every`.
  const { id: _user, accessToken: _accessToken, affCode: _affCode, ...everyUser } = userPatchSchema.unwrap().shape
  const { key: _token, id: _tokenId, ...everyToken } = tokenPatchSchema.unwrap().shape
  const { id: _model, ...everyModel } = modelPatchSchema.unwrap().shape
  const { key: _code, id: _codeId, ...everyRedemption } = redemptionPatchSchema.unwrap().shape
  return {
    settings: settingsPatchSchema.optional(),
    groups: z
      .array(groupPatchSchema)
      .optional()
      .describe('Groups by `name`: an existing group changes field by field; a new name adds a group (give its `models`).'),
    users: z
      .array(userPatchSchema)
      .optional()
      .describe(
        'Users by `id`: an existing user changes field by field; a new id adds a user (give `username` and `quota`; a `password` to sign in).',
      ),
    tokens: z
      .array(tokenPatchSchema)
      .optional()
      .describe('API keys by `key`: an existing key changes field by field; a new key adds one (give `name` and `userId`).'),
    models: z
      .array(modelPatchSchema)
      .optional()
      .describe('Models by `id`: an existing model changes field by field; a new id adds a model (enable it in a group too).'),
    redemptions: z
      .array(redemptionPatchSchema)
      .optional()
      .describe('Redemption codes by `key`: an existing code changes field by field; a new key adds one (give its `quota`).'),
    every: z
      .strictObject({
        groups: z.strictObject(everyGroup).optional().describe('Applied to every group.'),
        users: z.strictObject(everyUser).optional().describe('Applied to every user.'),
        tokens: z.strictObject(everyToken).optional().describe('Applied to every API key.'),
        models: z.strictObject(everyModel).optional().describe('Applied to every model.'),
        redemptions: z.strictObject(everyRedemption).optional().describe('Applied to every redemption code.'),
      })
      .optional()
      .describe(
        'Changes every record of a kind, those this patch adds included; a field that a record\'s own entry sets wins. {"models": {"contextWindow": 1024}} shrinks every model; {"groups": {"models": {"remove": ["gpt-4o"]}}} takes gpt-4o out of every group that has it.',
      ),
    remove: z
      .strictObject({
        groups: z.array(z.string()).optional().describe('Names of groups to delete.'),
        users: z.array(z.int()).optional().describe('Ids of users to delete.'),
        tokens: z.array(z.string()).optional().describe('API keys to delete.'),
        models: z.array(z.string()).optional().describe('Ids of models to delete (take them out of groups and key limits too).'),
        redemptions: z.array(z.string()).optional().describe('Keys of redemption codes to delete.'),
      })
      .optional()
      .describe('Records to delete, by identity. Runs first: a record named again in the patch is added back as new.'),
  }
}

/** The same changes applied to whatever world is current (a scenario's `world`): no `extends`. */
export const worldChangesSchema = lazySchema(() => z.strictObject(changesShape()))

/** A world file that changes the default world instead of replacing it. */
export const worldPatchSchema = lazySchema(() =>
  z.strictObject({
    $schema: z
      .string()
      .optional()
      .describe('The JSON Schema editors check this file with, e.g. "./node_modules/llm-gateway-mock/schemas/world.schema.json".'),
    extends: z.literal('default').describe('Start from the default world (the one `llm-gateway-mock keys` prints) and change it.'),
    ...worldChangesSchema.unwrap().shape,
  }),
)

export type WorldPatch = z.input<typeof worldPatchSchema>
export type WorldChanges = z.input<typeof worldChangesSchema>
export type ListChange = z.input<ReturnType<typeof listChangeSchema>>

export function isWorldPatch(value: unknown): value is WorldPatch {
  return typeof value === 'object' && value !== null && 'extends' in value
}
