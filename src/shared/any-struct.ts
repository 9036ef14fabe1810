// A struct whatever the value it checks. superstruct's Struct is invariant in
// that type (its refiner takes the value), so no `unknown` fits every struct:
// `any` here, as superstruct's own (unexported) AnyStruct, and nowhere else.
import type { Struct } from 'superstruct';

/* eslint-disable @typescript-eslint/no-explicit-any -- see above: the one place a struct of any value is named */
export type AnyStruct = Struct<any, unknown>;
/** An object struct, whose schema names its fields. */
export type AnyObjectStruct = Struct<any, Record<string, unknown>>;
/* eslint-enable @typescript-eslint/no-explicit-any */
