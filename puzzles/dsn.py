"""Database addresses and the secrets they carry: what to mask before any text
that mentions one is shown or logged.

Terminology: a *target* is what names the progress store: a URL
(``postgresql://user:password@host/db?sslpassword=…``) or a libpq *conninfo* string
(``host=… user=… password='…'``). Its *credentials* are the password in the URL's
userinfo and the values of :data:`CREDENTIAL_KEYS`, wherever they appear.

:func:`redact` masks them in any text twice over: by the values the target holds
(raw and percent-decoded, since a driver may echo either) and by pattern (a
userinfo password, ``key=value`` in a query or a conninfo), so a text that quotes
another address is masked too.
"""

from __future__ import annotations

import re
from urllib.parse import unquote, urlsplit

MASK = "***"
# libpq parameters whose values are secrets, or name the files that hold them.
CREDENTIAL_KEYS = ("password", "sslpassword", "passfile", "sslkey")
# Characters a URL password must percent-encode: libpq would end the userinfo (or
# the authority) at them and take the rest for a host, port or database.
UNSAFE_IN_PASSWORD = "/@?#"

_KEYS = "|".join(CREDENTIAL_KEYS)
_MASKED = re.escape(MASK)   # matched first, so masking twice changes nothing more
# The userinfo runs to the last "@" before the query: a password may hold an
# unescaped "@", "/" or ":" (which libpq misreads; see userinfo_problem).
_USERINFO = re.compile(
    r"(?P<head>\b[a-z][a-z0-9+.-]*://[^:/?#@\s'\"]*):"
    r"(?P<password>(?:(?![?&][\w.-]+=)[^ \t\r\n'\"])*)@", re.IGNORECASE)
_QUERY_PARAM = re.compile(rf"(?P<head>[?&](?:{_KEYS})=)(?P<value>{_MASKED}|[^&#\s'\"]*)",
                          re.IGNORECASE)
_CONNINFO_PARAM = re.compile(
    rf"(?P<head>(?:^|(?<=\s))(?:{_KEYS})\s*=\s*)(?P<value>{_MASKED}|'(?:\\.|[^'\\])*'|[^\s'\"]+)",
    re.IGNORECASE)
_CONNINFO = re.compile(r"\s*(?:\w+\s*=\s*(?:'(?:\\.|[^'\\])*'|[^\s']*)\s*)+")


def is_conninfo(target: object) -> bool:
    """A libpq ``key=value …`` string (``host=db user=ann password=…``), not a path."""
    return isinstance(target, str) and "://" not in target \
        and _CONNINFO.fullmatch(target) is not None


def credentials(target: str) -> list[str]:
    """The secret values ``target`` holds, as written and decoded, longest first."""
    found: set[str] = set()
    userinfo = _USERINFO.search(target)
    if userinfo and "://" in target:
        found.add(userinfo["password"])
    if "://" in target:   # the URL parser's reading too: it stops at no character class
        try:
            found.add(urlsplit(target).password or "")
        except ValueError:   # not a URL it can split: the patterns above still apply
            pass
    for match in _QUERY_PARAM.finditer(target):
        found.add(match["value"])
    for match in _CONNINFO_PARAM.finditer(target):
        value = match["value"]
        found.add(value)
        if value.startswith("'"):
            found.add(re.sub(r"\\(.)", r"\1", value[1:-1]))
    found |= {unquote(value) for value in found}
    return sorted((v for v in found if v), key=len, reverse=True)


def redact(text: str, target: str = "") -> str:
    """``text`` with every credential of ``target``, and any that a pattern finds,
    replaced by ``***``."""
    for secret in credentials(target):
        text = text.replace(secret, MASK)
    text = _USERINFO.sub(rf"\g<head>:{MASK}@", text)
    text = _QUERY_PARAM.sub(rf"\g<head>{MASK}", text)
    return _CONNINFO_PARAM.sub(rf"\g<head>{MASK}", text)


def masked(target: str) -> str:
    """The target fit to show: its place, without its credentials."""
    return redact(target, target)


def userinfo_problem(url: str) -> str:
    """Why libpq would misread the URL's password ("" when it would not): an
    unescaped "/", "@", "?" or "#" ends the userinfo early, and the rest of the
    password becomes a host name looked up in DNS or a port shown in errors."""
    userinfo = _USERINFO.search(url)
    if userinfo is None:
        return ""
    unsafe = sorted({c for c in userinfo["password"] if c in UNSAFE_IN_PASSWORD})
    if not unsafe:
        return ""
    codes = ", ".join(f"{c} as %{ord(c):02X}" for c in unsafe)
    return (f"its password holds {', '.join(repr(c) for c in unsafe)}, which a URL must "
            f"percent-encode: write {codes}")
