/** One entity definition the code generator wrote (POST code/gen-code answers a list of them). */
export interface GeneratedEntity {
  codeName: string;
  fileName: string;
  content: string;
  /** The import to add to contracts/src/entities/registry.ts … */
  registryLine: string;
  /** … and the key to add to its `entities` object. */
  registryEntry: string;
  warnings: string[];
}
