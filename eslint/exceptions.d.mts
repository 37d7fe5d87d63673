// Types for eslint/exceptions.mjs: each list maps a file (from the root) to why it may still break the rule.
export declare const overLongFiles: Readonly<Record<string, string>>
export declare const overLongFunctions: Readonly<Record<string, string>>
export declare const rowCasts: Readonly<Record<string, string>>
export declare const rawCatalogueDb: Readonly<Record<string, string>>
export declare const errorRefs: Readonly<Record<string, string>>
