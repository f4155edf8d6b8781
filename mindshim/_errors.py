"""The one place user-visible "not supported" errors are made.

Errors speak MindSpore: they name the MindSpore API or argument the user wrote and point at the
coverage page, instead of surfacing an AttributeError from deep inside torch.
"""
from __future__ import annotations

COVERAGE_PAGE = "docs/coverage.md"


class UnsupportedError(RuntimeError):
    """A MindSpore API or argument that mindshim does not implement (yet)."""


def unsupported(api: str, detail: str = "") -> UnsupportedError:
    """Build the error for an unsupported MindSpore API; callers `raise unsupported(...)`."""
    msg = f"mindshim does not support {api} yet"
    if detail:
        msg += f": {detail}"
    msg += f". See {COVERAGE_PAGE} for what is covered."
    return UnsupportedError(msg)


def unsupported_arg(api: str, arg: str, value: object) -> UnsupportedError:
    return unsupported(f"{api}({arg}={value!r})")


def missing_attribute(namespace: str, name: str) -> AttributeError:
    """For module-level __getattr__: MindSpore has this name, or never had it."""
    return AttributeError(
        f"mindshim does not provide {namespace}.{name} yet (or MindSpore has no such name). "
        f"See {COVERAGE_PAGE} for what is covered."
    )
