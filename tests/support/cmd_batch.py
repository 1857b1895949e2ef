"""How cmd.exe reads the lines of a batch file, as far as the Hermes launcher uses them: enough to run the
launcher's text on Linux and see what it sets and starts.

The rules kept (from cmd.exe's documented parsing phases):

1. Percent expansion comes first, before quotes mean anything: in a batch file ``%%`` is one ``%``, ``%*``
   is all the arguments, ``%1``..``%9`` one argument, ``%NAME%`` the variable's value or nothing when it is
   unset, and a lone ``%`` with no closing one is dropped.
2. Then the line is split: outside double quotes ``^`` escapes the next character, and ``&``, ``|``, ``<``
   and ``>`` end the command (another command or a redirection follows); inside double quotes every
   character is literal and the quotes stay part of the word.  ``!`` is literal because the launcher turns
   delayed expansion off.
3. ``set "NAME=value"`` sets NAME to everything between the first and the last double quote after the ``=``.

Anything else the launcher might contain makes ``run_launcher`` fail, so a launcher with a line it does not
understand cannot pass a test by accident.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass


class BatchError(ValueError):
    """The line would not do, under cmd.exe's rules, what a plain reading suggests."""


def expand_command_line_percents(line: str, environ: Mapping[str, str]) -> str:
    """Percent expansion of a command line given to ``cmd /c`` (not a batch file): ``%NAME%`` becomes the
    variable's value when it is set and stays as written when it is not; ``%%`` is two percent signs."""

    def value(match: re.Match[str]) -> str:
        name = match.group(1)
        return next((found for key, found in environ.items() if key.lower() == name.lower()), match.group(0))

    return re.sub(r"%([^%]+)%", value, line)


def chrome_command(program: str, arguments: list[str]) -> str:
    """The command line Chromium gives cmd.exe for a host that is not an ``.exe`` (``LaunchNativeHostViaCmd``):
    ``/d /s /c "<command line>"``, each word quoted by ``QuoteForCommandLineToArgvW`` when it holds a space,
    a backslash, a double quote or a ``%``."""

    def quoted(word: str) -> str:
        return f'"{word}"' if any(character in word for character in ' \\"%') else word

    return '/d /s /c "' + " ".join(quoted(word) for word in [program, *arguments]) + '"'


def cmd_runs(command: str, environ: Mapping[str, str]) -> list[str]:
    """What ``cmd.exe <command>`` starts: ``/s /c`` drops the first and the last double quote of what follows,
    then the rest is expanded and split as a command line.  Returns the words, the program unquoted."""
    prefix = "/d /s /c "
    if not command.startswith(prefix):
        raise BatchError(f"not a /d /s /c command: {command!r}")
    rest = command[len(prefix) :]
    first, last = rest.find('"'), rest.rfind('"')
    if first == -1 or first == last:
        raise BatchError(f"/s needs the command in double quotes: {rest!r}")
    rest = rest[:first] + rest[first + 1 : last] + rest[last + 1 :]
    words = split_words(expand_command_line_percents(rest, environ))
    return [words[0].strip('"'), *words[1:]]


def expand_percents(line: str, environ: Mapping[str, str], arguments: list[str]) -> str:
    out: list[str] = []
    index = 0
    while index < len(line):
        character = line[index]
        if character != "%":
            out.append(character)
            index += 1
            continue
        following = line[index + 1 : index + 2]
        if following == "%":
            out.append("%")
            index += 2
        elif following == "*":
            out.append(" ".join(arguments))
            index += 2
        elif following.isdigit():
            position = int(following)
            out.append(arguments[position - 1] if 0 < position <= len(arguments) else "")
            index += 2
        else:
            closing = line.find("%", index + 1)
            if closing == -1:
                index += 1  # a lone % is dropped
                continue
            name = line[index + 1 : closing]
            out.append(next((value for key, value in environ.items() if key.lower() == name.lower()), ""))
            index = closing + 1
    return "".join(out)


def split_words(line: str) -> list[str]:
    """The words of one command (quotes kept); an operator or redirection outside quotes is a BatchError."""
    words: list[str] = []
    word: list[str] = []
    quoted = False
    index = 0
    while index < len(line):
        character = line[index]
        if character == '"':
            quoted = not quoted
            word.append(character)
        elif quoted:
            word.append(character)
        elif character == "^":
            if index + 1 < len(line):
                word.append(line[index + 1])
            index += 1
        elif character in "&|<>":
            raise BatchError(f"{character!r} outside quotes ends the command in {line!r}")
        elif character in " \t":
            if word:
                words.append("".join(word))
                word = []
        else:
            word.append(character)
        index += 1
    if quoted:
        raise BatchError(f"an unclosed double quote in {line!r}")
    if word:
        words.append("".join(word))
    return words


@dataclass
class Run:
    """What the launcher did: the variables it set, and the program and arguments it started."""

    variables: dict[str, str]
    program: str
    arguments: list[str]
    code_page: int | None


def run_launcher(text: str, environ: Mapping[str, str], arguments: list[str]) -> Run:
    """Read the launcher as cmd.exe would (CRLF lines) and return what it sets and starts."""
    if not text.endswith("\r\n") or "\n" in text.replace("\r\n", ""):
        raise BatchError("a batch file's lines end with CRLF")
    variables = dict(environ)
    code_page: int | None = None
    started: Run | None = None
    for line in text.split("\r\n")[:-1]:
        if started is not None:
            raise BatchError(f"a line after the one that starts the host: {line!r}")
        if line in ("@echo off", "setlocal DisableDelayedExpansion") or line.startswith("rem "):
            continue
        if line == "chcp 65001 >nul":
            code_page = 65001
            continue
        words = split_words(expand_percents(line, variables, arguments))
        if words[:1] == ["set"] and len(words) == 2:
            assignment = words[1]
            if not (assignment.startswith('"') and assignment.endswith('"') and "=" in assignment):
                raise BatchError(f"not a quoted set: {line!r}")
            name, value = assignment[1:-1].split("=", 1)
            variables[name] = value
            continue
        if not words or not re.fullmatch(r'"[^"]+"', words[0]):
            raise BatchError(f"not a line the launcher writes: {line!r}")
        started = Run(variables, words[0][1:-1], words[1:], code_page)
    if started is None:
        raise BatchError("the launcher starts nothing")
    return started
