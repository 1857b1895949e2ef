// The argument check before a command touches a page: each capability's JSON schema from the contract
// (CONTRACT.ARGUMENT_SCHEMAS), checked with exactly the subset that hermes_wire/tool_schema.py's validator
// implements (type, properties, required, additionalProperties: false, enum, pattern, minLength/maxLength,
// minimum/maximum, items, minItems/maxItems), with the same messages. The server checked the same schema first: this is a defence
// in depth, so that no argument rule is written twice by hand.
import { CommandError } from "./errors.js";

const IS_TYPE = {
  object: (value) => typeof value === "object" && value !== null && !Array.isArray(value),
  string: (value) => typeof value === "string",
  integer: (value) => Number.isInteger(value),
  number: (value) => typeof value === "number",
  boolean: (value) => typeof value === "boolean",
  array: (value) => Array.isArray(value),
};

function invalid(message) {
  return new CommandError("invalid_arguments", message);
}

// Throws CommandError("invalid_arguments") if `value` does not match `schema`; `where` names it in messages.
export function checkArguments(schema, value, where = "arguments") {
  const expected = schema.type;
  if (!Object.hasOwn(IS_TYPE, expected) || !IS_TYPE[expected](value)) {
    throw invalid(`${where} must be ${"aeio".includes(expected[0]) ? "an" : "a"} ${expected}`);
  }
  if (schema.enum && !schema.enum.includes(value)) throw invalid(`${where} must be one of ${schema.enum.join(", ")}`);
  if (expected === "string") checkString(schema, value, where);
  if (expected === "integer" || expected === "number") checkNumber(schema, value, where);
  if (expected === "object") checkObject(schema, value, where);
  if (expected === "array") checkArray(schema, value, where);
}

function checkArray(schema, value, where) {
  if (value.length < (schema.minItems ?? 0)) throw invalid(`${where} must hold at least ${schema.minItems} items`);
  if (schema.maxItems !== undefined && value.length > schema.maxItems) {
    throw invalid(`${where} must hold at most ${schema.maxItems} items`);
  }
  value.forEach((item, index) => checkArguments(schema.items, item, `${where}[${index}]`));
}

function checkString(schema, value, where) {
  const length = [...value].length; // code points, as Python counts them
  if (length < (schema.minLength ?? 0)) throw invalid(`${where} is too short`);
  if (schema.maxLength !== undefined && length > schema.maxLength) {
    throw invalid(`${where} is longer than ${schema.maxLength} characters`);
  }
  if (schema.pattern !== undefined && !new RegExp(schema.pattern, "u").test(value)) {
    throw invalid(`${where} is not valid: ${schema.description ?? `match ${schema.pattern}`}`);
  }
}

function checkNumber(schema, value, where) {
  if (schema.minimum !== undefined && value < schema.minimum) throw invalid(`${where} must be at least ${schema.minimum}`);
  if (schema.maximum !== undefined && value > schema.maximum) throw invalid(`${where} must be at most ${schema.maximum}`);
}

function checkObject(schema, value, where) {
  const properties = schema.properties ?? {};
  for (const name of schema.required ?? []) {
    if (!Object.hasOwn(value, name)) throw invalid(`${where}.${name} is required`);
  }
  for (const [name, item] of Object.entries(value)) {
    if (Object.hasOwn(properties, name)) {
      checkArguments(properties[name], item, `${where}.${name}`);
    } else if (schema.additionalProperties === false) {
      const allowed = Object.keys(properties).join(", ") || "none";
      throw invalid(`${where}.${name} is not accepted (allowed: ${allowed})`);
    }
  }
}
