"""JSON text from the library as Python values.

The library hands on every field it does not type exactly as the service sent it, so a value may
be nested deeper than `json.loads` can follow at Python's recursion limit (a value 1000 arrays
deep fails at the default limit of 1000). Such text is read here without recursion instead, so
an odd value never fails the call that carries it and the recursion limit is never touched.
"""

from __future__ import annotations

import json
import json.decoder
import re
from collections.abc import Callable
from typing import Any, Union

__all__ = ["loads"]

# `json`'s own string reader (C when available): the text of a string from after its opening
# quote, and the index after its closing one.
_scanstring: Callable[[str, int, bool], tuple[str, int]] = getattr(json.decoder, "scanstring")
_WHITESPACE = re.compile(r"[ \t\n\r]*")
_NUMBER = re.compile(r"(-?(?:0|[1-9][0-9]*))(\.[0-9]+)?([eE][-+]?[0-9]+)?")
_CONSTANTS = {
    "null": None,
    "true": True,
    "false": False,
    "NaN": float("nan"),
    "Infinity": float("inf"),
    "-Infinity": float("-inf"),
}


def loads(text: str) -> Any:
    """`json.loads(text)`, for values of any depth."""
    if text == "{}":
        return {}
    try:
        return json.loads(text)
    except RecursionError:
        return _loads_without_recursion(text)


def _loads_without_recursion(text: str) -> Any:
    """What `json.loads` returns, read with an explicit stack of the open containers."""
    Container = Union[list[Any], dict[str, Any]]
    open_containers: list[Container] = []
    keys: list[str] = []  # the pending key of each open object, in order

    def skip(at: int) -> int:
        match = _WHITESPACE.match(text, at)
        return match.end() if match else at

    def key_at(at: int) -> int:
        if text[at] != '"':
            raise json.JSONDecodeError("Expecting property name enclosed in double quotes", text, at)
        key, at = _scanstring(text, at + 1, True)
        at = skip(at)
        if text[at] != ":":
            raise json.JSONDecodeError("Expecting ':' delimiter", text, at)
        keys.append(key)
        return skip(at + 1)

    try:
        at = skip(0)
        while True:
            value: Any
            char = text[at]
            if char == "{":
                at = skip(at + 1)
                if text[at] != "}":
                    open_containers.append({})
                    at = key_at(at)
                    continue
                value, at = {}, at + 1
            elif char == "[":
                at = skip(at + 1)
                if text[at] != "]":
                    open_containers.append([])
                    continue
                value, at = [], at + 1
            elif char == '"':
                value, at = _scanstring(text, at + 1, True)
            else:
                number = _NUMBER.match(text, at)
                if number:
                    integer, fraction, exponent = number.groups()
                    if fraction or exponent:
                        value = float(integer + (fraction or "") + (exponent or ""))
                    else:
                        value = int(integer)
                    at = number.end()
                else:
                    for word, constant in _CONSTANTS.items():
                        if text.startswith(word, at):
                            value, at = constant, at + len(word)
                            break
                    else:
                        raise json.JSONDecodeError("Expecting value", text, at)
            # Hand the value to its container, closing every container that ends here.
            while True:
                if not open_containers:
                    at = skip(at)
                    if at != len(text):
                        raise json.JSONDecodeError("Extra data", text, at)
                    return value
                container = open_containers[-1]
                if isinstance(container, list):
                    container.append(value)
                else:
                    container[keys.pop()] = value
                at = skip(at)
                if text[at] == ",":
                    at = skip(at + 1)
                    if isinstance(container, dict):
                        at = key_at(at)
                    break
                if text[at] != ("]" if isinstance(container, list) else "}"):
                    raise json.JSONDecodeError("Expecting ',' delimiter", text, at)
                value, at = open_containers.pop(), at + 1
    except IndexError:
        raise json.JSONDecodeError("Unexpected end of JSON text", text, len(text)) from None
