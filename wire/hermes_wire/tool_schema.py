"""The subset of JSON Schema the tools' argument schemas use (``hermes_wire.tools``), and its checker: what an
agent sends is checked here before anything is routed to a browser, with a message that names the argument."""

from __future__ import annotations

import re
from typing import Any

from hermes_wire.errors import ToolError

#: Keywords ``check_value`` understands; anything else in a schema would be silently ignored.
SUPPORTED_SCHEMA_KEYWORDS = frozenset(
    {
        "type",
        "properties",
        "required",
        "additionalProperties",
        "enum",
        "pattern",
        "minLength",
        "maxLength",
        "minimum",
        "maximum",
        "items",
        "minItems",
        "maxItems",
        "description",
    }
)

_PYTHON_TYPES: dict[str, tuple[type, ...]] = {
    "object": (dict,),
    "string": (str,),
    "integer": (int,),
    "number": (int, float),
    "boolean": (bool,),
    "array": (list,),
}


def check_value(schema: dict[str, Any], value: Any, where: str) -> None:
    """Raise ``ToolError('invalid_arguments')`` naming ``where`` when ``value`` does not match ``schema``."""
    expected = schema["type"]
    has_type = isinstance(value, _PYTHON_TYPES[expected]) and (expected == "boolean" or not isinstance(value, bool))
    if not has_type:
        raise ToolError("invalid_arguments", f"{where} must be {'an' if expected[0] in 'aeio' else 'a'} {expected}")
    if "enum" in schema and value not in schema["enum"]:
        raise ToolError("invalid_arguments", f"{where} must be one of {', '.join(map(str, schema['enum']))}")
    if expected == "string":
        if len(value) < schema.get("minLength", 0):
            raise ToolError("invalid_arguments", f"{where} is too short")
        if len(value) > schema.get("maxLength", len(value)):
            raise ToolError("invalid_arguments", f"{where} is longer than {schema['maxLength']} characters")
        if "pattern" in schema and not re.search(schema["pattern"], value):
            hint = schema.get("description", f"match {schema['pattern']}")
            raise ToolError("invalid_arguments", f"{where} is not valid: {hint}")
    if expected in ("integer", "number"):
        if value < schema.get("minimum", value):
            raise ToolError("invalid_arguments", f"{where} must be at least {schema['minimum']}")
        if value > schema.get("maximum", value):
            raise ToolError("invalid_arguments", f"{where} must be at most {schema['maximum']}")
    if expected == "array":
        if len(value) < schema.get("minItems", 0):
            raise ToolError("invalid_arguments", f"{where} must hold at least {schema['minItems']} items")
        if len(value) > schema.get("maxItems", len(value)):
            raise ToolError("invalid_arguments", f"{where} must hold at most {schema['maxItems']} items")
        for index, item in enumerate(value):
            check_value(schema["items"], item, f"{where}[{index}]")
    if expected == "object":
        properties = schema.get("properties", {})
        for name in schema.get("required", ()):
            if name not in value:
                raise ToolError("invalid_arguments", f"{where}.{name} is required")
        for name, item in value.items():
            if name in properties:
                check_value(properties[name], item, f"{where}.{name}")
            elif schema.get("additionalProperties") is False:
                allowed = ", ".join(properties) or "none"
                raise ToolError("invalid_arguments", f"{where}.{name} is not accepted (allowed: {allowed})")
