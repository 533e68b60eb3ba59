import { posix } from 'node:path';

/** Every generated identifier and path comes from here; emitters never build names themselves. */

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
const upperFirst = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** `non_conformity` → `NonConformity`. */
const pascal = (snake: string) => snake.split('_').map(upperFirst).join('');

/** The plain tools of a register, by the naming every register follows (`listRisks`, `getRisk`, …). */
export function registerToolNames(a: { plural: string; singular: string }) {
  const one = pascal(a.singular);
  return { list: `list${pascal(a.plural)}`, get: `get${one}`, add: `add${one}`, update: `update${one}` };
}

export const names = {
  /** `nonconformity` → `Nonconformity`: the record type a register's get tool returns. */
  recordType: (singular: string) => pascal(singular),
  /** The register catalog (packages/schemas/src/registers.gen.ts). */
  registers: 'registers',
  registerNames: 'registerNames',
  registerNameType: 'RegisterName',
  registerTableType: 'RegisterTable',
  registerDefinitionType: 'RegisterDefinition',
  /** The shared paging's page sizes and each register's list order, for storage. */
  pageSizeLimits: 'pageSizeLimits',
  registerOrders: 'registerOrders',
  /** Tools a register serves without a handler file of its own (the generic register handler). */
  genericTools: 'genericTools',
  genericToolNameType: 'GenericToolName',
  /** Tools that need a handler file (apps/server/src/tools/handlers/<name>.ts). */
  handlerToolNameType: 'HandlerToolName',
  /** `RiskStatus` → `riskStatusSchema` (zod schema of a shared enum or type). */
  sharedSchema: (type: string) => `${lowerFirst(type)}Schema`,
  /** `RiskStatus` → `RiskStatus` (TS type of a shared enum or type). */
  sharedType: (type: string) => type,
  toolInputSchema: (tool: string) => `${tool}Input`,
  toolOutputSchema: (tool: string) => `${tool}Output`,
  toolInputType: (tool: string) => `${upperFirst(tool)}Input`,
  toolArgsType: (tool: string) => `${upperFirst(tool)}Args`,
  toolOutputType: (tool: string) => `${upperFirst(tool)}Output`,
  toolDefinition: (tool: string) => `${tool}Tool`,
  /** Handler export of a tool's module in apps/server. */
  handler: (tool: string) => tool,
  /** The shared paging, written once in shared.gen.ts and used by every list tool. */
  pageInputShape: 'pageInputShape',
  pageOutputShape: 'pageOutputShape',
  orderBySchema: 'orderBySchema',
  /** `page_size` → `PageSize`: a shared paging field's schema in the OpenAPI components. */
  pagingComponent: (field: string) => pascal(field),
  errorCodes: 'errorCodes',
  errorCode: 'ErrorCode',
  errorStatus: 'errorStatus',
  toolName: 'ToolName',
  toolNames: 'toolNames',
  toolInputs: 'ToolInputs',
  toolArgs: 'ToolArgs',
  toolOutputs: 'ToolOutputs',
  tools: 'tools',
  toolDefinitionType: 'ToolDefinition',
  jsonSchemaType: 'JsonSchema',
  /** A zod schema's JSON Schema, derived once (packages/schemas/src/json-schema.ts). */
  jsonSchemaOf: 'jsonSchemaOf',
  /** The tools/list entries (packages/schemas/src/mcp-tools.gen.ts). */
  mcpTools: 'mcpTools',
  mcpToolEntryType: 'McpToolEntry',
  leanInputSchema: 'leanInputSchema',
  leanOutputSchema: 'leanOutputSchema',
  clientInterface: 'ComplyClient',
  /** `client.pages.listRisks(input)`: every page of a list tool. */
  clientPagesInterface: 'ComplyPages',
  /** `client.iterate.listRisks(input)`: every item of a list tool, across pages. */
  clientIterateInterface: 'ComplyIterators',
  createClient: 'createClient',
  handlersType: 'Handlers',
  /** `nonconformities` → `nonconformitiesRepository`: a register's repository factory in storage. */
  storageRepository: (plural: string) => `${lowerFirst(pascal(plural))}Repository`,
  registerRepositories: 'registerRepositories',
  registerRepositoriesType: 'RegisterRepositories',
  /** The generic register handler's map of the plain register tools (apps/server). */
  registerHandlers: 'registerHandlers',
  handlers: 'handlers',
  toolHandlerType: 'ToolHandler',
  notImplemented: 'notImplemented',
  /** The console's add and update forms per register (packages/schemas/src/forms.gen.ts). */
  registerForms: 'registerForms',
  /** `EvidenceInput` → `evidenceInputFormFields` (a shared type's fields in forms.gen.ts, written once). */
  sharedFormFields: (type: string) => `${lowerFirst(type)}FormFields`,
  registerFormType: 'RegisterForm',
  formFieldType: 'FormField',
  fieldIssueType: 'FieldIssue',
} as const;

/** Repository-relative output paths. */
export const paths = {
  schemas: {
    shared: 'packages/schemas/src/shared.gen.ts',
    errors: 'packages/schemas/src/errors.gen.ts',
    /** Every tool's zod input and output and their types, one section a tool. */
    tools: 'packages/schemas/src/tools.gen.ts',
    registry: 'packages/schemas/src/registry.gen.ts',
    index: 'packages/schemas/src/index.gen.ts',
    /** The OpenAPI 3.1 document of the REST paths, exported as `@comply/schemas/openapi.json`. */
    openapi: 'packages/schemas/src/openapi.gen.json',
    mcpTools: 'packages/schemas/src/mcp-tools.gen.ts',
    /** The console's form descriptions, also exported as `@comply/schemas/forms`. */
    forms: 'packages/schemas/src/forms.gen.ts',
    /** The register catalog, also exported as `@comply/schemas/registers` (no zod, for the console). */
    registers: 'packages/schemas/src/registers.gen.ts',
    /** Hand-written: RegisterDefinition type. */
    registerDefinition: 'packages/schemas/src/register-definition.ts',
    /** Hand-written: RegisterForm and FormField types. */
    formDefinition: 'packages/schemas/src/form-definition.ts',
    /** Hand-written: the lean tools/list schemas, derived from the tools' JSON Schemas. */
    leanSchema: 'packages/schemas/src/lean-schema.ts',
    /** Hand-written: ToolDefinition and JsonSchema types. */
    definition: 'packages/schemas/src/definition.ts',
    /** Hand-written: the JSON Schemas (MCP, OpenAPI) derived from the zod schemas. */
    jsonSchema: 'packages/schemas/src/json-schema.ts',
  },
  client: {
    /** The shared types, then every tool's input and output types, one section a tool. */
    types: 'packages/client/src/types.gen.ts',
    client: 'packages/client/src/client.gen.ts',
    index: 'packages/client/src/index.gen.ts',
    /** Hand-written transport core. */
    core: 'packages/client/src/core.ts',
    /** Hand-written error classes. */
    errors: 'packages/client/src/errors.ts',
    /** Hand-written page iteration over the core. */
    pages: 'packages/client/src/pages.ts',
  },
  server: {
    handlers: 'apps/server/src/tools/handlers.gen.ts',
    stub: (tool: string) => `apps/server/src/tools/handlers/${tool}.ts`,
    /** Hand-written: ToolHandler, ToolContext, notImplemented. */
    handlerTypes: 'apps/server/src/tools/handler.ts',
    /** Hand-written: the generic register handler, serving every plain register tool from the catalog. */
    registerHandler: 'apps/server/src/tools/register-handler.ts',
  },
  storage: {
    /** The repositories of the catalog's registers, by register name. */
    registers: 'packages/storage/src/registers/registers.gen.ts',
    /** Hand-written: a register's declaration (`registers/<plural>.ts`, see defineRegister). */
    repository: (plural: string) => `packages/storage/src/registers/${plural}.ts`,
  },
  /** Directories whose `*.gen.ts` files are all owned by the generator (stale ones are deleted). */
  generatedDirs: [
    'packages/schemas/src',
    'packages/client/src',
    'apps/server/src/tools',
    'packages/storage/src/registers',
  ],
  schemasPackage: '@comply/schemas',
} as const;

/** Import specifier from one repository path to another, NodeNext style (`./x.js`). */
export function moduleSpecifier(a: { from: string; to: string }): string {
  const rel = posix.relative(posix.dirname(a.from), a.to).replace(/\.ts$/, '.js');
  return rel.startsWith('.') ? rel : `./${rel}`;
}
